// The history ledger's figures and targets: one night merged into ledgers of two lengths, for
// real in the emulator (1 and 2 years here; npm run bench measures 1 and 10), and the two gates read from
// them: the add-on's calls stay flat as the ledger grows, and the naive rewrite costs many times more.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildNaiveBundle } from '../../local/bench/naive-bundle.ts';
import { benchHistory, type LedgerFigures } from '../../local/bench/sections/history.ts';
import { ledgerChecks, MIN_LEDGER_RATIO } from '../../local/bench/targets.ts';
import { addOnDist, TEST_SETTINGS } from '../support/bundles.ts';

let figures: LedgerFigures[];

beforeAll(async () => {
  const [distDir, naiveDir] = await Promise.all([addOnDist(), buildNaiveBundle(TEST_SETTINGS)]);
  figures = await benchHistory(TEST_SETTINGS, distDir, naiveDir, [1, 2]);
}, 120_000);

/** The same ledger with other Spreadsheet call counts. */
function costing(f: LedgerFigures, ours: number, naive: number): LedgerFigures {
  return {
    ...f,
    ours: { ...f.ours, spreadsheetCalls: ours },
    naive: { ...f.naive, spreadsheetCalls: naive },
  };
}

describe('one night merged into a 1-year and a 2-year ledger', () => {
  it('costs the add-on the same Spreadsheet calls, and the naive rewrite one appendRow more per day', () => {
    const [short, long] = figures;
    expect(short!.days).toBe(365);
    expect(long!.days).toBeGreaterThan(short!.days);
    expect(long!.ours.spreadsheetCalls).toBe(short!.ours.spreadsheetCalls);
    expect(long!.naive.spreadsheetCalls - short!.naive.spreadsheetCalls).toBe(long!.days - short!.days);
    expect(long!.naive.calls['Sheet.appendRow']).toBeGreaterThanOrEqual(long!.days);
  });

  it('meets both ledger targets', () => {
    const checks = ledgerChecks(figures);
    expect(checks).toHaveLength(2);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks[0]!.target).toMatch(/no more Spreadsheet calls than into 365/);
    expect(checks[1]!.target).toContain(`at least ${MIN_LEDGER_RATIO}×`);
  });
});

describe('the ledger targets', () => {
  it('are missed when the longer ledger costs one call more, or the naive rewrite is not 10× dearer', () => {
    const [short, long] = figures as [LedgerFigures, LedgerFigures];
    const calls = short.ours.spreadsheetCalls;
    const grown = ledgerChecks([short, costing(long, calls + 1, long.naive.spreadsheetCalls)]);
    expect(grown.map((c) => c.ok)).toEqual([false, true]);
    expect(grown[0]!.measured).toBe(
      `${calls} calls for 365 days, ${calls + 1} calls for ${long.days.toLocaleString('en-US')} days`,
    );
    const cheapNaive = ledgerChecks([short, costing(long, calls, MIN_LEDGER_RATIO * calls - 1)]);
    expect(cheapNaive.map((c) => c.ok)).toEqual([true, false]);
    expect(ledgerChecks([short, costing(long, calls, MIN_LEDGER_RATIO * calls)])[1]!.ok).toBe(true);
    expect(() => ledgerChecks([short])).toThrow('two ledgers or more');
  });
});
