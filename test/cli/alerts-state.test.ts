// Acceptance: `npm start` shows the alerts and keeps what it raised in a state file beside the workbook, as
// a spreadsheet keeps its record: a second run does not tell the same alerts again (it counts them as told
// and still standing), and tells one again once it is worse than the record says.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { alertsStatePath } from '../../local/cli/alerts-state.ts';
import { ALERTS_RAISED_PROPERTY } from '../../src/core/alerts/raised.ts';
import { runCliHere } from './run-cli.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'npm-start-alerts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LIGHTHOUSE =
  /^ {2}Warning: "The Lighthouse Keeper's Daughter": ad spend \$[\d,.]+ is \d+% of its royalties/m;

it('tells its alerts once across runs, and again when worse', { timeout: 180_000 }, async () => {
  const out = path.join(dir, 'royalties.xlsx');
  const args = ['--tabs', 'summary,books-report,series', '--out', out];
  const first = await runCliHere(args);
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout).toContain('\nAlerts\n');
  expect(first.stdout).toMatch(LIGHTHOUSE);
  const state = alertsStatePath(out);
  expect(existsSync(state)).toBe(true);

  const second = await runCliHere(args);
  expect(second.code, second.stderr).toBe(0);
  expect(second.stderr).toContain('Kept the alerts');
  expect(second.stdout).not.toMatch(LIGHTHOUSE);
  expect(second.stdout).toContain(
    '\nAlerts\n  3 more, told on earlier runs, still stand: see the Status tab.\n',
  );

  // The record says it was only a note: now a warning, it is worse, and told again.
  const saved = JSON.parse(readFileSync(state, 'utf8')) as { v: 1; records: Record<string, string> };
  const raised = JSON.parse(saved.records[ALERTS_RAISED_PROPERTY]!) as Record<string, { level: string }>;
  const lighthouse = Object.keys(raised).find((id) => raised[id]!.level === 'warning')!;
  raised[lighthouse]!.level = 'note';
  saved.records[ALERTS_RAISED_PROPERTY] = JSON.stringify(raised);
  writeFileSync(state, JSON.stringify(saved));
  const third = await runCliHere(args);
  expect(third.code, third.stderr).toBe(0);
  expect(third.stdout).toMatch(LIGHTHOUSE);
  expect(third.stdout).toContain('  2 more, told on earlier runs, still stand: see the Status tab.');
});
