// npm start --email-preview: the morning e-mail this run's night would send, as HTML and plain text files,
// with the Summary tab's figures to the cent and no key.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, describe, expect, it } from 'vitest';
import { emailPreviewFiles, parseArgs, UsageError } from '../../local/cli/options.ts';
import { FIRST_REFRESH, moneyText } from '../../src/core/morning/index.ts';
import { runCli } from './run-cli.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'email-preview-'));
  dirs.push(dir);
  return dir;
}

describe('the options', () => {
  it('put the plain text beside the HTML unless it is named', () => {
    expect(emailPreviewFiles('out/mail.html', undefined)).toEqual({
      html: 'out/mail.html',
      text: 'out/mail.txt',
    });
    expect(emailPreviewFiles('mail', undefined)).toEqual({ html: 'mail', text: 'mail.txt' });
    expect(emailPreviewFiles('a.html', 'b.text')).toEqual({ html: 'a.html', text: 'b.text' });
    expect(emailPreviewFiles(undefined, undefined)).toBeNull();
    const parsed = parseArgs(['--email-preview=m.html']);
    expect(!parsed.help && parsed.options.emailPreview).toEqual({ html: 'm.html', text: 'm.txt' });
  });

  it('refuse the text file alone, an empty name, or the same file twice', () => {
    expect(() => emailPreviewFiles(undefined, 'b.txt')).toThrow(UsageError);
    expect(() => emailPreviewFiles(' ', undefined)).toThrow(/--email-preview is empty/);
    expect(() => emailPreviewFiles('a.html', 'a.html')).toThrow(/another file/);
    expect(emailPreviewFiles('a.txt', undefined)).toEqual({ html: 'a.txt', text: 'a.txt.txt' });
  });
});

describe('npm start --email-preview', () => {
  it('writes the HTML and the plain text with the Summary tab figures', async () => {
    const dir = tempDir();
    const html = path.join(dir, 'morning.html');
    const out = path.join(dir, 'royalties.xlsx');
    const run = await runCli(['--out', out, '--email-preview', html]);
    expect(run.code, run.stderr).toBe(0);
    const page = readFileSync(html, 'utf8');
    const text = readFileSync(path.join(dir, 'morning.txt'), 'utf8');
    expect(text).toMatch(/^Subject: Royalties: /);

    const sheets = await readXlsxFile(readFileSync(out));
    const summary = sheets.find((s) => s.sheet === 'Summary')!.data as unknown[][];
    const header = summary[1]!;
    const value = (field: string) =>
      summary.find((r) => r[header.indexOf('Field')] === `totals.${field}`)![
        header.indexOf('Value')
      ] as number;
    for (const [label, field] of [
      ['Royalties', 'royalties'],
      ['Ad spend', 'ad_spend'],
      ['Net profit', 'net_profit'],
    ] as const) {
      const figure = moneyText(value(field), 'USD');
      expect(text).toContain(`- ${label}: ${figure}`);
      expect(page).toContain(`>${figure}<`);
    }
    expect(page).toContain('<!doctype html>');
    expect(page).toContain('Top books this period');
    // As the first night says it: a fresh spreadsheet has no Books tab to compare with.
    expect(text).toContain(
      `Books that moved most: nothing to compare with (${FIRST_REFRESH}).\nTop books this period\n1. `,
    );
    expect(`${page}${text}${run.stdout}${run.stderr}`).not.toMatch(/live_[A-Za-z0-9]{8,}/);
  }, 120_000);
});
