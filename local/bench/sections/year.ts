// What the year's tabs add to a refresh: the same refresh with the history alone and with the history and
// the year (this year's tab and last year's), on a fresh spreadsheet and again a month later, when this
// year's tab holds a month by marketplace, read back to be kept beside the next. The year's own requests (the timeline by
// month, the year so far and last month by marketplace) go out in round 1, so the year adds requests,
// never a round.
import type { BuildSettings } from '../../build/settings.ts';
import { startDemoApiInWorker } from '../../demo-api/index.ts';
import { createEmulator } from '../../gas/index.ts';
import { type ExecutionCost, measured } from '../measure.ts';
import { count, type Table } from '../table.ts';
import type { TargetCheck } from '../targets.ts';
import { BENCH_TODAY } from '../world.ts';

/** A month after BENCH_TODAY: November is then asked by marketplace, October read back and kept. */
const MONTH_LATER = '2026-12-03';

export interface YearFigures {
  /** The history alone, then the history and the year: a first refresh and one a month later. */
  readonly historyOnly: { readonly first: ExecutionCost; readonly later: ExecutionCost };
  readonly withYear: { readonly first: ExecutionCost; readonly later: ExecutionCost };
  /** The year's tabs a refresh wrote (this year's and last year's). */
  readonly yearTabs: number;
}

async function refreshes(build: BuildSettings, distDir: string, tabs: readonly string[]) {
  const api = await startDemoApiInWorker({ today: BENCH_TODAY, scale: 'demo', demoKey: build.demoKey });
  const emulator = createEmulator({ distDir, routes: { [new URL(build.apiBaseUrl).origin]: api.origin } });
  try {
    emulator.run('useDemoKey');
    emulator.run('saveSettings', [{ tabs }]);
    const first = measured(emulator, () => emulator.run('refreshAllTabs'));
    await api.setToday(MONTH_LATER);
    emulator.clock.advance(Date.parse(`${MONTH_LATER}T09:00:00Z`) - emulator.clock.now());
    let written: Array<{ tab: string; error: string | null }> = [];
    const later = measured(emulator, () => {
      written = emulator.run<{ tabs: typeof written }>('refreshAllTabs').tabs;
    });
    const failed = written.filter((t) => t.error);
    if (failed.length) throw new Error(`year bench: ${failed.map((t) => `${t.tab}: ${t.error}`).join('; ')}`);
    return { first, later, yearTabs: written.filter((t) => t.tab.startsWith('year')).length };
  } finally {
    emulator.close();
    await api.stop();
  }
}

export async function benchYear(build: BuildSettings, distDir: string): Promise<YearFigures> {
  const historyOnly = await refreshes(build, distDir, ['history']);
  const { yearTabs, ...withYear } = await refreshes(build, distDir, ['history', 'year']);
  return { historyOnly, withYear, yearTabs };
}

export function yearTable(f: YearFigures): Table {
  const row = (label: string, c: ExecutionCost) => [
    label,
    count(c.fetchRounds),
    count(c.httpRequests),
    count(c.spreadsheetCalls),
    count(c.serviceCalls),
  ];
  return {
    title: "The year's tabs: what they add to a refresh (demo account)",
    headers: ['refresh', 'fetch rounds', 'requests', 'Spreadsheet calls', 'service calls'],
    rows: [
      row('history alone, first', f.historyOnly.first),
      row(`history and the year (${f.yearTabs} tabs), first`, f.withYear.first),
      row('history alone, a month later', f.historyOnly.later),
      row(`history and the year (${f.yearTabs} tabs), a month later`, f.withYear.later),
    ],
    note: `A fresh spreadsheet on ${BENCH_TODAY}, then ${MONTH_LATER}: this year's tab, which holds October by marketplace from the first refresh, is read back to keep it beside November. The year's requests (the timeline by month, the year so far and last month by marketplace) go out in round 1 beside the history's. No naive column: what the year adds is measured against the same refresh without it.`,
  };
}

/** The year's tabs add no fetch round, and at most what a report tab may cost in Spreadsheet calls. */
export function yearChecks(f: YearFigures, maxCallsPerTab: number): TargetCheck[] {
  const added = (c: keyof YearFigures['withYear']) =>
    f.withYear[c].spreadsheetCalls - f.historyOnly[c].spreadsheetCalls;
  const mostAdded = Math.max(added('first'), added('later'));
  const rounds = (c: keyof YearFigures['withYear']) => [
    f.historyOnly[c].fetchRounds,
    f.withYear[c].fetchRounds,
  ];
  return [
    {
      target: "the year's tabs add no fetch round to a refresh",
      ok: (['first', 'later'] as const).every((c) => rounds(c)[0] === rounds(c)[1]),
      measured: `${rounds('first').join(' and ')} rounds first, ${rounds('later').join(' and ')} a month later (history alone, with the year)`,
    },
    {
      target: `the year's tabs: at most ${maxCallsPerTab} Spreadsheet calls each`,
      ok: mostAdded <= maxCallsPerTab * f.yearTabs,
      measured: `${mostAdded} added for ${f.yearTabs} tabs at most (first ${added('first')}, a month later ${added('later')})`,
    },
  ];
}
