// `npm start -- --tabs books`: a partial run writes a workbook of those tabs alone, and the dashboard page an
// earlier run left beside it goes, so the workbook and the page beside it always come from one run. A file
// of that name npm start did not write is the author's and stays.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DASHBOARD_PAGE_MARK } from '../../local/dashboard/render.ts';
import { runCliHere } from './run-cli.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'npm-start-'));
  dirs.push(dir);
  return dir;
}

describe('npm start -- --tabs books', () => {
  it("removes the earlier run's dashboard page beside the workbook, and says so", async () => {
    const dir = tempDir();
    const page = path.join(dir, 'mine-dashboard.html');
    writeFileSync(page, `<!doctype html><html><head>${DASHBOARD_PAGE_MARK}</head><body>Old</body></html>`);
    const run = await runCliHere(['--tabs', 'books', '--out', path.join(dir, 'mine.xlsx')]);
    expect(run.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['mine.xlsx', 'mine.xlsx.alerts.json']);
    expect(run.stderr).toContain(
      `Removed ${page}: it showed an earlier run's dashboard, and this run did not refresh it.`,
    );
  });

  it('keeps a file of that name npm start did not write', async () => {
    const dir = tempDir();
    const page = path.join(dir, 'mine-dashboard.html');
    writeFileSync(page, '<p>My own notes</p>');
    const run = await runCliHere(['--tabs', 'books', '--out', path.join(dir, 'mine.xlsx')]);
    expect(run.code).toBe(0);
    expect(existsSync(page)).toBe(true);
    expect(run.stderr).not.toContain('Removed');
  });
});
