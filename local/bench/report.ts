// The figures as tables: aligned text for the terminal, markdown for the README's Performance section.
import { ENDPOINT_IDS, ENDPOINTS } from '../../src/core/endpoints.ts';
import type { BenchFigures } from './figures.ts';
import { type CostModel, DEFAULT_COST_MODEL, type ExecutionCost, googleMs } from './measure.ts';
import { CODE_BUDGET_BYTES, type ExecutionReach, type RoomTaker } from './sections/bundle.ts';
import type { RefreshFigures } from './sections/refresh.ts';
import type { TargetCheck } from './targets.ts';

export interface Table {
  readonly title: string;
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
  readonly note?: string;
}

const count = (n: number): string => n.toLocaleString('en-US');
const decimal = (n: number): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const ms = (n: number): string => (n >= 100 ? count(Math.round(n)) : n.toFixed(1));
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (r: number): string => `${r.toFixed(1)}×`;
const total = (rows: Readonly<Record<string, number>>): number =>
  Object.values(rows).reduce((a, b) => a + b, 0);

function costRows(costs: readonly ExecutionCost[], model: CostModel): string[][] {
  const row = (what: string, value: (c: ExecutionCost) => string) => [what, ...costs.map(value)];
  return [
    row('HTTP requests', (c) => count(c.httpRequests)),
    row('fetch / fetchAll rounds', (c) => count(c.fetchRounds)),
    row('Spreadsheet service calls', (c) => count(c.spreadsheetCalls)),
    row('all service calls but UrlFetchApp', (c) => count(c.serviceCalls)),
    row(`modelled Google time, ms (${modelText(model)})`, (c) => ms(googleMs(c, model))),
    row('measured HTTP time on loopback, ms', (c) => ms(c.httpMs)),
    row(`modelled on loopback, ms (${model.msPerCall} ms a call + measured HTTP)`, (c) => ms(c.modelledMs)),
  ];
}

const modelText = (model: CostModel): string =>
  `${model.msPerCall} ms a call, ${model.msPerRequest} ms a request`;

/** naive / ours in modelled Google time. */
export function googleRatio(naive: ExecutionCost, ours: ExecutionCost, model: CostModel): number {
  return googleMs(naive, model) / googleMs(ours, model);
}

function refreshTable(demo: RefreshFigures, big: RefreshFigures, tabs: number, model: CostModel): Table {
  const costs = [demo.ours.all, demo.naive.all, big.ours.all, big.naive.all];
  const google = (r: RefreshFigures) => ratio(googleRatio(r.naive.all, r.ours.all, model));
  return {
    title: `Refresh all tabs (${tabs - 1} report tabs and the Status tab)`,
    headers: ['', 'demo: ours', 'demo: naive', 'big: ours', 'big: naive'],
    rows: [
      ['rows written', ...[demo, demo, big, big].map((r) => count(total(r.rowsPerTab)))],
      ...costRows(costs, model),
      ['Spreadsheet calls per tab', ...costs.map((c) => decimal(c.spreadsheetCalls / tabs))],
      ['naive / ours, modelled Google time', google(demo), '', google(big), ''],
      ['naive / ours, modelled on loopback', ratio(demo.modelledRatio), '', ratio(big.modelledRatio), ''],
      ['emulator wall time, ms (indicative)', ...costs.map((c) => ms(c.wallMs))],
    ],
    note: `demo: ${demo.series} series, ${demo.range}; big: 2,000 books, 13 marketplaces, ${big.series} series, ${big.range}.`,
  };
}

function perTabTable(demo: RefreshFigures, big: RefreshFigures): Table {
  const cells = (r: RefreshFigures, tab: (typeof ENDPOINT_IDS)[number]) => [
    count(r.rowsPerTab[tab] ?? 0),
    count(r.ours.perTab[tab].spreadsheetCalls),
    count(r.naive.perTab[tab].spreadsheetCalls),
  ];
  return {
    title: 'Spreadsheet calls each tab adds, refreshed alone',
    headers: ['tab', 'demo rows', 'ours', 'naive', 'big rows', 'ours', 'naive'],
    rows: [
      ...ENDPOINT_IDS.map((tab) => [ENDPOINTS[tab].title, ...cells(demo, tab), ...cells(big, tab)]),
      [
        'fixed part (no tab chosen)',
        '',
        count(demo.ours.fixed.spreadsheetCalls),
        count(demo.naive.fixed.spreadsheetCalls),
        '',
        count(big.ours.fixed.spreadsheetCalls),
        count(big.naive.fixed.spreadsheetCalls),
      ],
    ],
    note: `The fixed part: lock, settings, the Status tab and the tab directory, which finds our tabs by their marks (a cost per tab of ours, not per sheet: the author's own sheets add nothing; here ${demo.sheets} sheets). It never grows with rows.`,
  };
}

/** Service calls per cell, service by service, so the 7 ms model can be re-weighed per service. */
function perCellByService(costs: readonly ExecutionCost[], cells: number): string[][] {
  const services = [...new Set(costs.flatMap((c) => Object.keys(c.callsByService)))]
    .filter((s) => s !== 'UrlFetchApp')
    .sort();
  return services.map((service) => [
    `  ${service} calls per cell`,
    ...costs.map((c) => decimal((c.callsByService[service] ?? 0) / cells)),
  ]);
}

/** What a request must cost for ours to be ahead: its extra service time over the requests it saves. */
function breakEvenMs(ours: ExecutionCost, naive: ExecutionCost): number {
  const saved = naive.fetchRounds - ours.fetchRounds;
  return saved > 0 ? Math.max(0, (ours.modelledMs - naive.modelledMs) / saved) : Number.POSITIVE_INFINITY;
}

/** Loopback makes a request nearly free; say what a real one must cost for the cache to pay off. */
function breakEven(f: BenchFigures['formulas']): string {
  const perRequest = f.naive.first.httpMs / f.naive.first.fetchRounds;
  const first = breakEvenMs(f.ours.first, f.naive.first);
  const recalc = breakEvenMs(f.ours.recalc, f.naive.recalc);
  const when = (threshold: number): string =>
    threshold === 0 ? 'at any cost of a request' : `once a request costs over ${ms(threshold)} ms`;
  return `On loopback a request took ~${ms(perRequest)} ms; ours is ahead ${when(first)} on a first calculation and ${when(recalc)} on a recalculation.`;
}

function formulasTable(f: BenchFigures['formulas'], model: CostModel): Table {
  const costs = [f.ours.first, f.naive.first, f.ours.recalc, f.naive.recalc];
  return {
    title: `Custom functions: ${f.cells} cells over ${f.argumentSets} argument sets (${f.distinctRequests} distinct requests)`,
    headers: ['', 'first: ours', 'first: naive', 'recalc: ours', 'recalc: naive'],
    rows: [
      ...costRows(costs, model),
      ['service calls per cell', ...costs.map((c) => decimal(c.serviceCalls / f.cells))],
      [
        'naive / ours, modelled Google time',
        ratio(googleRatio(f.naive.first, f.ours.first, model)),
        '',
        ratio(googleRatio(f.naive.recalc, f.ours.recalc, model)),
        '',
      ],
      [
        'naive / ours, modelled on loopback',
        ratio(f.modelledRatio.first),
        '',
        ratio(f.modelledRatio.recalc),
        '',
      ],
      ...perCellByService(costs, f.cells),
      ['emulator wall time per cell, ms', ...costs.map((c) => ms(c.wallMs / f.cells))],
    ],
    note: `Naive: no cache, one request per cell. Each cell is one execution, as in Sheets. ${breakEven(f)}`,
  };
}

function bundleTable(b: BenchFigures['bundle']): Table {
  return {
    title: 'Bundle',
    headers: ['', 'raw', 'gzip'],
    rows: [
      ['dist/Code.js', `${kb(b.codeBytes)} (budget ${kb(CODE_BUDGET_BYTES)})`, kb(b.codeGzipBytes)],
      ['dist/Sidebar.html', kb(b.sidebarBytes), kb(b.sidebarGzipBytes)],
      [`load Code.js into a fresh V8 context (median of ${b.loadRuns})`, `${b.loadMs.toFixed(2)} ms`, ''],
    ],
  };
}

function tableAndCacheTable(figures: BenchFigures): Table {
  const t = figures.reportTable;
  const c = figures.cache;
  const cacheCalls = (cost: ExecutionCost) =>
    `${count(cost.httpRequests)} HTTP, ${count(cost.calls['Cache.putAll'] ?? 0)} putAll, ${count(cost.calls['Cache.getAll'] ?? 0)} getAll`;
  return {
    title: 'Report table and chunked cache',
    headers: ['', 'figure'],
    rows: [
      [
        `toReportTable, ${count(t.rows)} rows × ${t.columns} columns (median of ${t.runs})`,
        `${ms(t.medianMs)} ms`,
      ],
      [
        '  peak memory it adds (process peak)',
        `${(t.peakAddedBytes / 1024 ** 2).toFixed(0)} MB (${(t.peakRssBytes / 1024 ** 2).toFixed(0)} MB)`,
      ],
      [
        `cache a ${(c.bodyBytes / 1024 ** 2).toFixed(1)} MB response: chunks of ${count(c.chunkBytes)} B (and one head entry)`,
        count(c.chunks),
      ],
      [`  write, read (median of ${c.runs})`, `${ms(c.writeMs)} ms, ${ms(c.readMs)} ms`],
      ['  through the client: miss, then hit', `${cacheCalls(c.miss)}; ${cacheCalls(c.hit)}`],
    ],
  };
}

export function tablesOf(figures: BenchFigures, tabs: number): Table[] {
  const { demo, big } = figures.refresh;
  const model = figures.costModel ?? DEFAULT_COST_MODEL;
  return [
    refreshTable(demo, big, tabs, model),
    perTabTable(demo, big),
    formulasTable(figures.formulas, model),
    bundleTable(figures.bundle),
    tableAndCacheTable(figures),
  ];
}

export function targetsTable(checks: readonly TargetCheck[]): Table {
  return {
    title: 'Targets',
    headers: ['', 'target', 'measured'],
    rows: checks.map((c) => [c.ok ? 'ok' : 'MISSED', c.target, c.measured]),
  };
}

export function roomTables(takers: readonly RoomTaker[], codeBytes: number, top = 15): Table[] {
  const folders = new Map<string, number>();
  const fromSources = takers.reduce((sum, t) => sum + t.bytes, 0);
  // The rest of Code.js is what local/build appends: the header, and a stub per entry point with its JSDoc.
  folders.set('(generated: header, entry-point stubs and their JSDoc)', codeBytes - fromSources);
  for (const t of takers) {
    const folder = t.file.slice(0, t.file.lastIndexOf('/'));
    folders.set(folder, (folders.get(folder) ?? 0) + t.bytes);
  }
  const largestFirst = [...folders].sort((a, b) => b[1] - a[1]);
  return [
    {
      title: 'What takes the room in Code.js: minified bytes per folder',
      headers: ['folder', 'bytes'],
      rows: largestFirst.map(([folder, bytes]) => [folder, count(bytes)]),
    },
    {
      title: `... and the ${top} largest source files`,
      headers: ['file', 'bytes'],
      rows: takers.slice(0, top).map((t) => [t.file, count(t.bytes)]),
    },
  ];
}

/** What each kind of execution's own code needs, against the budget: how far a split or a leaner design
 * could go (Apps Script itself loads all of Code.js in every execution). */
export function reachTable(reach: readonly ExecutionReach[], codeBytes: number): Table {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return {
    title: "What each execution's own code needs: its entry points bundled alone, minified, before stubs",
    headers: ['execution', 'bytes', 'of Code.js', `against ${kb(CODE_BUDGET_BYTES)}`],
    rows: reach.map((r) => [
      r.what,
      count(r.bytes),
      `${Math.round((100 * r.bytes) / codeBytes)}%`,
      r.bytes <= CODE_BUDGET_BYTES ? 'fits' : `${kb(r.bytes - CODE_BUDGET_BYTES)} over`,
    ]),
  };
}

/** Figures align right, words left. */
const NUMERIC = /^$|^[\d,.]+( ?(ms|KB|MB|×|%))?( \(.*\))?$/;
function alignRight(table: Table, column: number): boolean {
  return column > 0 && table.rows.every((r) => NUMERIC.test(r[column] ?? ''));
}

export function asText(table: Table): string {
  const all = [table.headers, ...table.rows];
  const widths = table.headers.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((cell, i) => (alignRight(table, i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const body = [line(table.headers), ...table.rows.map(line)].join('\n');
  return `${table.title}\n${body}${table.note ? `\n${table.note}` : ''}\n`;
}

export function asMarkdown(table: Table): string {
  // Markdown drops leading spaces: an indented row (a detail of the one above) gets a visible mark.
  const line = (r: readonly string[]) => `| ${r.map((cell) => cell.replace(/^ {2}/, '· ')).join(' | ')} |`;
  const rule = `|${table.headers.map((_, i) => (alignRight(table, i) ? ' ---: ' : ' --- ')).join('|')}|`;
  const body = [line(table.headers), rule, ...table.rows.map(line)].join('\n');
  return `**${table.title}**\n\n${body}\n${table.note ? `\n${table.note}\n` : ''}`;
}

export function machineLine(figures: BenchFigures): string {
  const m = figures.machine;
  return `${m.date.slice(0, 10)}, ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}${figures.quick ? ' (--quick)' : ''}`;
}

/** The README's Performance block: every table, the targets and the machine. */
/** `sections`: the tables of bench sections measured outside `figures` (hanging endpoints, the ledger). */
export function markdownBlock(
  figures: BenchFigures,
  checks: readonly TargetCheck[],
  tabs: number,
  sections: readonly Table[] = [],
): string {
  const room = [
    ...roomTables(figures.bundle.roomTakers, figures.bundle.codeBytes).slice(0, 1),
    reachTable(figures.bundle.reach, figures.bundle.codeBytes),
  ];
  const tables = [...tablesOf(figures, tabs), ...sections, targetsTable(checks), ...room];
  return [
    `Figures from \`npm run bench\` on ${machineLine(figures)}.`,
    `Modelled Apps Script time: ${figures.model}`,
    ...tables.map(asMarkdown),
  ].join('\n\n');
}
