// The figures as tables: aligned text for the terminal, markdown for docs/performance.md.
// Every modelled time is the sourced model's (cost-model.ts); the uniform model is printed beside it only
// as a comparison, labelled so.
import { ENDPOINT_IDS, ENDPOINTS } from '../../src/core/endpoints.ts';
import {
  type CostProfile,
  CUSTOM_FUNCTION_LIMIT_MS,
  EXECUTION_LIMIT_MS,
  FIGURE_NAMES,
  type Modelled,
  modelled,
  PROFILE_NAMES,
  type Profiles,
  SOURCES,
  type UniformModel,
  uniformMs,
} from './cost-model.ts';
import type { BenchFigures } from './figures.ts';
import type { ExecutionCost } from './measure.ts';
import { CODE_TRIPWIRE_BYTES, type ExecutionReach, type RoomTaker } from './sections/bundle.ts';
import { firstAnswerBounds, type SheetCost } from './sections/formulas.ts';
import type { RefreshFigures } from './sections/refresh.ts';
import { asMarkdown, count, decimal, duration, fits, kb, ms, ratio, type Table } from './table.ts';
import { type TargetCheck, tripwireVerdict } from './targets.ts';

const total = (rows: Readonly<Record<string, number>>): number =>
  Object.values(rows).reduce((a, b) => a + b, 0);

const uniformText = (u: UniformModel): string => `${u.msPerCall} ms a call, ${u.msPerRequest} ms a request`;

/** naive / ours under a profile. */
function centralRatio(naive: ExecutionCost, ours: ExecutionCost, profile: CostProfile): number {
  return modelled(naive, profile).ms / modelled(ours, profile).ms;
}

/** The rows every comparison shares: counts, the three profiles, the uniform comparison, loopback times. */
function costRows(costs: readonly ExecutionCost[], figures: BenchFigures): string[][] {
  const row = (what: string, value: (c: ExecutionCost) => string) => [what, ...costs.map(value)];
  return [
    row('HTTP requests', (c) => count(c.httpRequests)),
    row('fetch / fetchAll rounds', (c) => count(c.fetchRounds)),
    row('Spreadsheet service calls', (c) => count(c.spreadsheetCalls)),
    row('all service calls but UrlFetchApp', (c) => count(c.serviceCalls)),
    ...PROFILE_NAMES.map((p) =>
      row(`Google time, ${p} profile`, (c) => duration(modelled(c, figures.profiles[p]).ms)),
    ),
    row(`uniform model, for comparison only (${uniformText(figures.uniform)})`, (c) =>
      duration(uniformMs(c, figures.uniform)),
    ),
    row('measured HTTP time on loopback', (c) => duration(c.httpMs)),
  ];
}

function refreshTable(figures: BenchFigures, tabs: number): Table {
  const { demo, big } = figures.refresh;
  const central = figures.profiles.central;
  const costs = [demo.ours.all, demo.naive.all, big.ours.all, big.naive.all];
  const both = (value: (r: RefreshFigures) => string) => [value(demo), '', value(big), ''];
  return {
    title: `Refresh all tabs (${tabs - 1} report tabs and the Status tab)`,
    headers: ['', 'demo: ours', 'demo: naive', 'big: ours', 'big: naive'],
    rows: [
      ['rows written', ...[demo, demo, big, big].map((r) => count(total(r.rowsPerTab)))],
      ...costRows(costs, figures),
      ['fits in 6 min, central', ...costs.map((c) => fits(modelled(c, central).ms, EXECUTION_LIMIT_MS))],
      ['Spreadsheet calls per tab', ...costs.map((c) => decimal(c.spreadsheetCalls / tabs))],
      ['naive / ours, central', ...both((r) => ratio(centralRatio(r.naive.all, r.ours.all, central)))],
      [
        'naive / ours, uniform (comparison)',
        ...both((r) =>
          ratio(uniformMs(r.naive.all, figures.uniform) / uniformMs(r.ours.all, figures.uniform)),
        ),
      ],
      ['emulator wall time (indicative)', ...costs.map((c) => duration(c.wallMs))],
    ],
    note: `demo: ${demo.series} series, ${demo.period}; big: 2,000 books, 13 marketplaces, ${big.series} series, ${big.period}.`,
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

/** Service calls per cell, service by service. */
function perCellByService(costs: readonly ExecutionCost[], cells: number): string[][] {
  const services = [...new Set(costs.flatMap((c) => Object.keys(c.callsByService)))]
    .filter((s) => s !== 'UrlFetchApp')
    .sort();
  return services.map((service) => [
    `  ${service} calls per cell`,
    ...costs.map((c) => decimal((c.callsByService[service] ?? 0) / cells)),
  ]);
}

function formulasTable(figures: BenchFigures): Table {
  const f = figures.formulas;
  const central = figures.profiles.central;
  const costs: SheetCost[] = [f.ours.first, f.naive.first, f.ours.recalc, f.naive.recalc];
  const pair = (first: number, recalc: number) => [ratio(first), '', ratio(recalc), ''];
  const uniform = (c: ExecutionCost) => uniformMs(c, figures.uniform);
  return {
    title: `Custom functions: ${f.cells} cells over ${f.argumentSets} argument sets (${f.distinctRequests} distinct requests)`,
    headers: ['', 'first: ours', 'first: naive', 'recalc: ours', 'recalc: naive'],
    rows: [
      ...costRows(costs, figures),
      ['service calls per cell', ...costs.map((c) => decimal(c.serviceCalls / f.cells))],
      ['  most in one cell', ...costs.map((c) => count(c.mostCallsInACell))],
      ['slowest cell, central', ...costs.map((c) => duration(modelled(c.slowestCell, central).ms))],
      [
        'fits in 30 s a cell, central',
        ...costs.map((c) => fits(modelled(c.slowestCell, central).ms, CUSTOM_FUNCTION_LIMIT_MS)),
      ],
      [
        'naive / ours, central',
        ...pair(
          centralRatio(f.naive.first, f.ours.first, central),
          centralRatio(f.naive.recalc, f.ours.recalc, central),
        ),
      ],
      [
        'naive / ours, uniform (comparison)',
        ...pair(
          uniform(f.naive.first) / uniform(f.ours.first),
          uniform(f.naive.recalc) / uniform(f.ours.recalc),
        ),
      ],
      ...perCellByService(costs, f.cells),
      ['emulator wall time per cell, ms', ...costs.map((c) => ms(c.wallMs / f.cells))],
    ],
    note: 'Naive: no cache, one request per cell. Each cell is its own execution, as in Sheets, and pays its own first spreadsheet access. Not modelled, the same for both sides: Sheets launching each cell (at most about 0.5 s, tanaikech 2020-11-11).',
  };
}

/** A formula's first answer: the slowest cell of a first calculation, ours and naive, against the floor
 * (one request and the execution's first spreadsheet access) and the least a cell can cost that keeps what
 * it fetched for later cells, without and with single flight, priced from the same profile. */
function firstAnswerTable(figures: BenchFigures): Table {
  const f = figures.formulas;
  const central = figures.profiles.central;
  const { floor, keeping, sharing } = firstAnswerBounds(central);
  const cells = [f.ours.first.slowestCell, f.naive.first.slowestCell];
  const services = [...new Set(cells.flatMap((c) => Object.keys(c.callsByService)))]
    .filter((s) => s !== 'UrlFetchApp')
    .sort();
  return {
    title: "A formula's first answer: the slowest cell of a first calculation, central profile",
    headers: ['', 'ours', 'naive', 'floor', 'least, keeping', 'least, single flight'],
    rows: [
      [
        // In ms throughout: the differences here are tens of milliseconds.
        'modelled Google time, ms',
        ...[...cells.map((c) => modelled(c, central).ms), floor, keeping, sharing].map(ms),
      ],
      ['service calls', ...cells.map((c) => count(c.serviceCalls)), '', '', ''],
      ...services.map((service) => [
        `  ${service}`,
        ...cells.map((c) => count(c.callsByService[service] ?? 0)),
        '',
        '',
        '',
      ]),
    ],
    note: "Floor: one request and the execution's first spreadsheet access. Least, keeping: the floor, the owner's properties read once (allowance and key), one look in the cache and one write of what later cells read (the response, the kept answer, the facts): what no cell that spares its neighbours a request can go under, and already above naive, which keeps nothing. Least, single flight: that, and the claim that makes the cells asking the same wait for one request (the lock taken and given back, the marker read under it, the claim written). Ours is that, with the spreadsheet's id and zone learnt, the services' handles, and one more look in the cache (the kept answer before the owner's properties, so a recalculation never reads them); the look under the claim reads the response with the marker, and the request needs no other.",
  };
}

/** Where the modelled time goes, part by part, under the central profile. */
function partsTable(figures: BenchFigures): Table {
  const central = figures.profiles.central;
  const ledger = figures.history.at(-1);
  const columns: Array<[string, ExecutionCost]> = [
    ['refresh big: ours', figures.refresh.big.ours.all],
    ['naive', figures.refresh.big.naive.all],
    ['formulas recalc: ours', figures.formulas.ours.recalc],
    ['naive', figures.formulas.naive.recalc],
    ...(ledger
      ? ([
          [`ledger ${ledger.years} y: ours`, ledger.ours],
          ['naive', ledger.naive],
        ] as Array<[string, ExecutionCost]>)
      : []),
  ];
  const models: Modelled[] = columns.map(([, c]) => modelled(c, central));
  const parts = [...new Set(models.flatMap((m) => Object.keys(m.byPart)))].sort(
    (a, b) =>
      Math.max(...models.map((m) => m.byPart[b] ?? 0)) - Math.max(...models.map((m) => m.byPart[a] ?? 0)),
  );
  return {
    title: 'Where the Google time goes, central profile',
    headers: ['part', ...columns.map(([name]) => name)],
    rows: [
      ...parts.map((part) => [
        SOURCES[part as keyof typeof SOURCES]?.placeholder ? `${part} (placeholder)` : part,
        ...models.map((m) => (m.byPart[part] ? duration(m.byPart[part]) : '')),
      ]),
      ['all', ...models.map((m) => duration(m.ms))],
    ],
    note: `http: per round its slowest request plus each extra request; first-access: once per execution that touches the spreadsheet; cells: array calls beyond ${count(central['free-cells'])} cells. ${unclassifiedText(figures)}`,
  };
}

/** Every method the run called that the model has no class for: charged nothing, named here. */
function unclassifiedMethods(figures: BenchFigures): string[] {
  const costs: ExecutionCost[] = [
    figures.refresh.demo.ours.all,
    figures.refresh.demo.naive.all,
    figures.refresh.big.ours.all,
    figures.refresh.big.naive.all,
    figures.formulas.ours.first,
    figures.formulas.naive.first,
    figures.formulas.ours.recalc,
    figures.formulas.naive.recalc,
    figures.cache.miss,
    figures.cache.hit,
    ...figures.history.flatMap((h) => [h.ours, h.naive]),
  ];
  const names = costs.flatMap((c) => Object.keys(modelled(c, figures.profiles.central).unclassified));
  return [...new Set(names)].sort();
}

function unclassifiedText(figures: BenchFigures): string {
  const names = unclassifiedMethods(figures);
  return names.length === 0
    ? 'Unclassified methods: none.'
    : `UNCLASSIFIED methods, charged nothing until local/bench/cost-model.ts gives them a class: ${names.join(', ')}.`;
}

/** The sourced figures of each profile, placeholders named. */
export function modelTable(profiles: Profiles): Table {
  const figure = (n: number) => (n >= 1000 ? count(n) : String(n));
  return {
    title: 'The cost model: milliseconds per call of each class, and the other terms',
    headers: ['figure', 'low', 'central', 'high', 'source'],
    rows: FIGURE_NAMES.map((name) => [
      name,
      ...PROFILE_NAMES.map((p) => figure(profiles[p][name])),
      SOURCES[name].placeholder
        ? 'UNSOURCED placeholder'
        : SOURCES[name].assumedRange
          ? 'central published; low and high assumed'
          : 'published',
    ]),
    note: 'free-cells is a number of cells, write-cell and read-cell are per cell; sources in local/bench/README.md, "Cost model". Change any figure with --cost [low.|central.|high.]NAME=MS.',
  };
}

/** The headline: does each side finish inside Google's limits, under the central profile? */
function limitsTable(figures: BenchFigures): Table {
  const central = figures.profiles.central;
  const time = (c: ExecutionCost) => modelled(c, central).ms;
  const row = (what: string, limit: number, ours: ExecutionCost, naive: ExecutionCost) => [
    what,
    duration(limit),
    duration(time(ours)),
    fits(time(ours), limit),
    duration(time(naive)),
    fits(time(naive), limit),
  ];
  const f = figures.formulas;
  return {
    title: "Does it finish inside Google's limits? Modelled Google time, central profile",
    headers: ['execution', 'limit', 'ours', 'fits', 'naive', 'fits'],
    rows: [
      row(
        'refresh all tabs, demo account',
        EXECUTION_LIMIT_MS,
        figures.refresh.demo.ours.all,
        figures.refresh.demo.naive.all,
      ),
      row(
        'refresh all tabs, big account',
        EXECUTION_LIMIT_MS,
        figures.refresh.big.ours.all,
        figures.refresh.big.naive.all,
      ),
      ...figures.history.map((h) =>
        row(
          `history: one night into ${h.years} year${h.years === 1 ? '' : 's'} (${count(h.days)} days)`,
          EXECUTION_LIMIT_MS,
          h.ours,
          h.naive,
        ),
      ),
      row(
        'a formula cell, first calculation (slowest)',
        CUSTOM_FUNCTION_LIMIT_MS,
        f.ours.first.slowestCell,
        f.naive.first.slowestCell,
      ),
      row(
        'a formula cell, recalculation (slowest)',
        CUSTOM_FUNCTION_LIMIT_MS,
        f.ours.recalc.slowestCell,
        f.naive.recalc.slowestCell,
      ),
    ],
    note: 'Limits: 6 minutes an execution, 30 seconds a custom function (guides/services/quotas).',
  };
}

function bundleTable(b: BenchFigures['bundle']): Table {
  return {
    title: 'Bundle',
    headers: ['', 'raw', 'gzip'],
    rows: [
      ['dist/Code.js', tripwireVerdict(b.codeBytes), kb(b.codeGzipBytes)],
      ['dist/Sidebar.html', kb(b.sidebarBytes), kb(b.sidebarGzipBytes)],
      [`load Code.js into a fresh V8 context (median of ${b.loadRuns})`, `${b.loadMs.toFixed(2)} ms`, ''],
    ],
    note: 'Every execution (each formula cell too) loads all of Code.js. Its load time is printed, not a target (an absolute time on a shared machine is noise); its size is said against the tripwire the owner set, not a target either (a run fails only on a module from outside src/). By folder: the tables below.',
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
  return [
    limitsTable(figures),
    refreshTable(figures, tabs),
    perTabTable(demo, big),
    formulasTable(figures),
    firstAnswerTable(figures),
    partsTable(figures),
    bundleTable(figures.bundle),
    tableAndCacheTable(figures),
  ];
}

export function targetsTable(checks: readonly TargetCheck[]): Table {
  return {
    title: 'Targets (a MISSED one fails the run)',
    headers: ['', 'target', 'measured'],
    rows: checks.map((c) => [c.ok ? 'ok' : 'MISSED', c.target, c.measured]),
  };
}

/** esbuild says which file each byte of its bundle came from; terser's second pass then takes some off
 * the whole, from no file in particular: it has a row of its own, so the rows add up to Code.js. */
export function roomTables(
  takers: readonly RoomTaker[],
  codeBytes: number,
  secondPassBytes: number,
  top = 15,
): Table[] {
  const folders = new Map<string, number>();
  const fromSources = takers.reduce((sum, t) => sum + t.bytes, 0);
  for (const t of takers) {
    const folder = t.file.slice(0, t.file.lastIndexOf('/'));
    folders.set(folder, (folders.get(folder) ?? 0) + t.bytes);
  }
  // The rest of Code.js is what local/build appends: the header, and a stub per entry point with its JSDoc.
  const generated = codeBytes - (fromSources - secondPassBytes);
  const largestFirst = [
    ...[...folders, ['(generated: header, entry-point stubs and their JSDoc)', generated] as const].sort(
      (a, b) => b[1] - a[1],
    ),
    ["(terser's second pass, over the whole bundle)", -secondPassBytes] as const,
  ];
  return [
    {
      title: "What takes the room in Code.js: esbuild's minified bytes per folder",
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

/** What each kind of execution's own code needs, against the ceiling: how far a split or a leaner design
 * could go (Apps Script itself loads all of Code.js in every execution). */
export function reachTable(reach: readonly ExecutionReach[], codeBytes: number): Table {
  return {
    title: "What each execution's own code needs: its entry points bundled alone, minified, before stubs",
    headers: ['execution', 'bytes', 'of Code.js', `against ${kb(CODE_TRIPWIRE_BYTES)}`],
    rows: reach.map((r) => [
      r.what,
      count(r.bytes),
      `${Math.round((100 * r.bytes) / codeBytes)}%`,
      r.bytes <= CODE_TRIPWIRE_BYTES ? 'fits' : `${kb(r.bytes - CODE_TRIPWIRE_BYTES)} over`,
    ]),
  };
}

export function machineLine(figures: BenchFigures): string {
  const m = figures.machine;
  return `${m.date.slice(0, 10)}, ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}${figures.quick ? ' (--quick)' : ''}`;
}

/** What a modelled time counts, in one sentence. */
export function modelLine(figures: BenchFigures): string {
  const c = figures.profiles.central;
  return `Google time is modelled from the exact counts: each fetch round costs its slowest request (central ${c['http-round']} ms) plus ${c['extra-request']} ms per extra request in it; every other Apps Script call costs what its class costs (a cache read ${c['cache-read']} ms, a property read ${c['property-read']} ms, an appendRow ${c['append-row']} ms…); each execution that touches the spreadsheet adds ${c['first-access']} ms. Low, central and high profiles from published measurements; sources and placeholders in local/bench/README.md. The uniform model (${uniformText(figures.uniform)}) is printed only as a comparison.`;
}

/** docs/performance.md's bench block: the limits first, every table, the targets, the model and the machine. */
/** `sections`: the tables of bench sections measured outside `figures` (hanging endpoints, the ledger). */
export function markdownBlock(
  figures: BenchFigures,
  checks: readonly TargetCheck[],
  tabs: number,
  sections: readonly Table[] = [],
): string {
  const room = [
    ...roomTables(figures.bundle.roomTakers, figures.bundle.codeBytes, figures.bundle.secondPassBytes).slice(
      0,
      1,
    ),
    reachTable(figures.bundle.reach, figures.bundle.codeBytes),
  ];
  const [limits, ...rest] = tablesOf(figures, tabs);
  const tables = [limits!, ...rest, ...sections, targetsTable(checks), modelTable(figures.profiles), ...room];
  return [
    `Figures from \`npm run bench\` on ${machineLine(figures)}.`,
    modelLine(figures),
    ...tables.map(asMarkdown),
  ].join('\n\n');
}
