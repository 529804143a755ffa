// Reports sent in pages, and the reconciliation after every refresh: what each costs. Pages of every paged
// report go out together, one fetchAll round per page depth, against the naive way (one fetch per page, one
// after another: a round per request). Reconciliation is computed from the tables already read: its
// Spreadsheet calls are compared between a refresh whose reports agree and one whose books report leaves a
// book out (the checks then differ, the calls must not), and with paging off.
import { RECONCILED } from '../../../src/core/tabs/index.ts';
import type { BuildSettings } from '../../build/settings.ts';
import { type PagingSpec, startDemoApiInWorker } from '../../demo-api/index.ts';
import { createEmulator } from '../../gas/index.ts';
import { measured } from '../measure.ts';
import type { Table } from '../table.ts';
import { BENCH_TODAY } from '../world.ts';

interface PagesCase {
  readonly label: string;
  readonly fetchRounds: number;
  readonly httpRequests: number;
  readonly spreadsheetCalls: number;
  readonly propertiesCalls: number;
  readonly checksDiffering: number;
  readonly tabsFailed: number;
}

const TABS = [...RECONCILED, 'read-through'];

export async function benchPagesAndChecks(build: BuildSettings, distDir: string): Promise<PagesCase[]> {
  const api = await startDemoApiInWorker({ today: BENCH_TODAY, demoKey: build.demoKey });
  const emulator = createEmulator({ distDir, routes: { [new URL(build.apiBaseUrl).origin]: api.origin } });
  const headers = { Authorization: `Bearer ${build.demoKey}` };
  const books = (await (
    await fetch(`${api.baseUrl}/reports/books?range=last_30_days`, { headers })
  ).json()) as {
    rows: unknown[];
  };
  const cases: Array<{ label: string; paging: PagingSpec | null; bookLeftOut: boolean }> = [
    { label: 'one page each (today)', paging: null, bookLeftOut: false },
    { label: 'one page each, a book left out', paging: null, bookLeftOut: true },
    { label: 'pages of 4 rows (cursor)', paging: { size: 4, style: 'cursor' }, bookLeftOut: false },
    { label: 'pages of 2 rows (next link)', paging: { size: 2, style: 'link' }, bookLeftOut: false },
    {
      label: 'pages of 4 rows (offset and a count)',
      paging: { size: 4, style: 'offset-count' },
      bookLeftOut: false,
    },
  ];
  try {
    emulator.run('useDemoKey');
    emulator.properties.setDocument('royalties.settings', JSON.stringify({ tabs: TABS }));
    emulator.run('refreshAllTabs'); // the tabs exist, as on every refresh after the first
    const out: PagesCase[] = [];
    for (const c of cases) {
      await api.setPaging(c.paging);
      if (c.bookLeftOut) {
        const body = JSON.stringify({ ...books, rows: books.rows.slice(1) });
        await api.setFaults('/reports/books', { statuses: [{ status: 200, body }] });
      }
      let result: { tabs: Array<{ error: string | null }>; checks: Array<{ result: string }> } = {
        tabs: [],
        checks: [],
      };
      const cost = measured(emulator, () => {
        result = emulator.run('refreshAllTabs');
      });
      await api.clearFaults();
      out.push({
        label: c.label,
        fetchRounds: cost.fetchRounds,
        httpRequests: cost.httpRequests,
        spreadsheetCalls: cost.callsByService.SpreadsheetApp ?? 0,
        propertiesCalls: cost.callsByService.PropertiesService ?? 0,
        checksDiffering: result.checks.filter((check) => check.result === 'differs').length,
        tabsFailed: result.tabs.filter((t) => t.error).length,
      });
    }
    return out;
  } finally {
    emulator.close();
    await api.stop();
  }
}

export function pagesTable(cases: readonly PagesCase[]): Table {
  return {
    title: 'Reports in pages, and reconciliation (demo account, 8 report tabs)',
    headers: [
      'case',
      'fetchAll rounds',
      'requests',
      'naive rounds (a fetch per page)',
      'Spreadsheet calls',
      'Properties calls',
      'checks that differ',
      'tabs failed',
    ],
    rows: cases.map((c) => [
      c.label,
      String(c.fetchRounds),
      String(c.httpRequests),
      String(c.httpRequests),
      String(c.spreadsheetCalls),
      String(c.propertiesCalls),
      String(c.checksDiffering),
      String(c.tabsFailed),
    ]),
    note: 'Pages of every paged report go out together, one round per page depth; the naive way asks one page after another. Paging by offset with a count of rows adds rounds (one per page depth), not requests per row. Reconciliation reads no cell: its Spreadsheet calls are those of writing the same tabs, whether the reports agree or not (the mismatch only changes banner text).',
  };
}
