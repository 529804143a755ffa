// The history ledger: merging one night's timeline (the API's 30 days) into a 1-year and a 10-year ledger. The
// add-on reads its ledger once and writes only the changed rows; the naive way reads the tab, clears it and
// appends every day again. Each strategy builds its ledger first (the add-on by its backfill), then the
// next night is measured.
import type { BuildSettings } from '../../build/settings.ts';
import { startDemoApiInWorker } from '../../demo-api/index.ts';
import { createEmulator } from '../../gas/index.ts';
import { type CostProfile, DEFAULT_PROFILES, EXECUTION_LIMIT_MS, modelled } from '../cost-model.ts';
import { type ExecutionCost, measured } from '../measure.ts';
import { duration, fits, type Table } from '../table.ts';
import { BENCH_TODAY } from '../world.ts';

export interface LedgerFigures {
  readonly years: number;
  /** Days in the ledger before the measured night. */
  readonly days: number;
  readonly ours: ExecutionCost;
  readonly naive: ExecutionCost;
}

const NEXT_DAY = '2026-11-21';

async function oneLedger(
  years: number,
  build: BuildSettings,
  distDir: string,
  naiveDir: string,
): Promise<LedgerFigures> {
  const api = await startDemoApiInWorker({
    today: BENCH_TODAY,
    scale: { books: 4, marketplaces: 2, years },
    demoKey: build.demoKey,
  });
  const routes = { [new URL(build.apiBaseUrl).origin]: api.origin };
  const ours = createEmulator({ distDir, routes });
  const naive = createEmulator({ distDir: naiveDir, routes });
  try {
    // A one-year ledger: the account gives a year at most; a ten-year one: everything since the first sale.
    const longest = years === 1 ? 'last_365_days' : 'all_time';
    await api.setSettling({ ranges: [longest, 'last_30_days'] });
    ours.run('useDemoKey');
    ours.run('saveSettings', [{ tabs: ['history'] }]);
    naive.run('saveKey', [api.demoKey]);
    const built = ours.run<{ tabs: Array<{ rows: number | null; error: string | null }> }>('refreshAllTabs');
    if (built.tabs[0]?.error) throw new Error(`history: ${built.tabs[0].error}`);
    const days = built.tabs[0]?.rows ?? 0;
    const naiveDays = naive.run<number>('naiveLedger', [longest]);
    if (naiveDays !== days) throw new Error(`the naive ledger holds ${naiveDays} days, ours ${days}`);
    await api.setToday(NEXT_DAY);
    ours.clock.advance(86_400_000);
    naive.clock.advance(86_400_000);
    return {
      years,
      days,
      ours: measured(ours, () => ours.run('refreshAllTabs')),
      naive: measured(naive, () => naive.run('naiveLedger', ['last_30_days'])),
    };
  } finally {
    ours.close();
    naive.close();
    await api.stop();
  }
}

/** The ledgers npm run bench measures (with or without --quick: the counts do not depend on repetitions). */
const LEDGER_YEARS: readonly number[] = [1, 10];

/** One night merged into a ledger of each length, shortest first (the tests measure shorter ones). */
export async function benchHistory(
  build: BuildSettings,
  distDir: string,
  naiveDir: string,
  years: readonly number[] = LEDGER_YEARS,
): Promise<LedgerFigures[]> {
  const figures: LedgerFigures[] = [];
  for (const y of years) figures.push(await oneLedger(y, build, distDir, naiveDir));
  return figures;
}

export function historyTable(
  figures: readonly LedgerFigures[],
  central: CostProfile = DEFAULT_PROFILES.central,
): Table {
  const time = (c: ExecutionCost) => modelled(c, central).ms;
  return {
    title: 'History ledger: one night merged (30 days from the API) into a long ledger',
    headers: [
      'ledger',
      'days',
      'Spreadsheet calls: add-on',
      'naive',
      'Google time (central): add-on',
      'naive',
      'fits in 6 min: add-on',
      'naive',
    ],
    rows: figures.map((f) => [
      `${f.years} year${f.years === 1 ? '' : 's'}`,
      f.days.toLocaleString('en-US'),
      f.ours.spreadsheetCalls.toLocaleString('en-US'),
      f.naive.spreadsheetCalls.toLocaleString('en-US'),
      duration(time(f.ours)),
      duration(time(f.naive)),
      fits(time(f.ours), EXECUTION_LIMIT_MS),
      fits(time(f.naive), EXECUTION_LIMIT_MS),
    ]),
    note: 'The add-on: the whole refresh with only the history chosen (Status tab and month view included); its calls do not grow with the ledger. Naive: one appendRow per day.',
  };
}
