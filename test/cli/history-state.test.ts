// Acceptance: `npm start` keeps the history between runs in a state file beside the workbook, so a local
// user who runs it daily gets the same ledger as in Sheets: the second run merges into the first's ledger.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, describe, expect, it } from 'vitest';
import { type HistoryState, historyStatePath } from '../../local/cli/history-state.ts';
import { runCli } from './run-cli.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'npm-start-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function historyRows(file: string): Promise<unknown[][]> {
  const sheets = await readXlsxFile(readFileSync(file));
  const sheet = sheets.find((s) => s.sheet === 'Royalties history');
  if (!sheet) throw new Error('no Royalties history sheet');
  return (sheet.data as unknown[][]).slice(2);
}

async function sheetNames(file: string): Promise<string[]> {
  return (await readXlsxFile(readFileSync(file))).map((s) => s.sheet);
}

describe('npm start keeps the history', () => {
  it('saves the ledger beside the workbook and merges the next run into it', async () => {
    const out = path.join(dir, 'royalties.xlsx');
    const args = ['--tabs', 'summary,books-report,history', '--out', out];
    const first = await runCli(args);
    expect(first.code, first.stderr).toBe(0);
    const state = historyStatePath(out);
    expect(existsSync(state)).toBe(true);
    const firstRows = await historyRows(out);
    const firstSheets = await sheetNames(out);
    expect(firstSheets.slice(0, 3)).toEqual(['Summary', 'Books', 'Royalties history']);
    expect(firstRows.length).toBeGreaterThan(365);

    // Change an old settled day in the kept ledger: the API no longer sends it, so the next run keeps it.
    const saved = JSON.parse(readFileSync(state, 'utf8')) as HistoryState;
    const keys = saved.values[1]!.map(String);
    const royalties = keys.indexOf('Royalties (USD)');
    expect(royalties).toBeGreaterThan(0);
    saved.values[3]![royalties] = 123456.78;
    writeFileSync(state, JSON.stringify(saved));

    const second = await runCli(args);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('Kept the history');
    const secondRows = await historyRows(out);
    expect(secondRows).toHaveLength(firstRows.length);
    expect(secondRows[1]![royalties]).toBe(123456.78);
    expect(secondRows.map((r) => String(r[0]))).toEqual(firstRows.map((r) => String(r[0])));
    // The history kept from the first run is put back before the add-on writes the others; the workbook
    // still has the add-on's tab order, not the ledger first.
    expect(await sheetNames(out)).toEqual(firstSheets);
  });
});
