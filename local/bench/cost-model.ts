// The sourced model of Google's time: HTTP charged per fetch round, every other Apps Script method by its
// class, with low / central / high figures from published measurements (docs/apps-script-costs.md, with
// their conditions and sources; summarised in README.md, "Cost model"). A method this file does not classify is
// listed as unclassified and charged nothing, so a gap shows instead of hiding behind a made-up cost.

const COST_CLASSES = [
  'handle',
  'local',
  'property-read',
  'property-write',
  'cache-read',
  'cache-write',
  'lock',
  'script',
  'metadata',
  'buffered-write',
  'read',
  'flush',
  'append-row',
  'structural',
] as const;
type CostClass = (typeof COST_CLASSES)[number];

/** The figures that are not a class's cost per call. */
const OTHER_FIGURES = [
  'http-round',
  'extra-request',
  'first-access',
  'write-cell',
  'read-cell',
  'free-cells',
] as const;
type OtherFigure = (typeof OTHER_FIGURES)[number];
type FigureName = CostClass | OtherFigure;
export const FIGURE_NAMES: readonly FigureName[] = [...COST_CLASSES, ...OTHER_FIGURES];

/** Milliseconds per call of each class; per round, per extra request, per execution, per cell; a cell count. */
export type CostProfile = Readonly<Record<FigureName, number>>;

export const PROFILE_NAMES = ['low', 'central', 'high'] as const;
type ProfileName = (typeof PROFILE_NAMES)[number];
export type Profiles = Readonly<Record<ProfileName, CostProfile>>;

interface FigureSource {
  readonly what: string;
  /** [low, central, high] */
  readonly figures: readonly [number, number, number];
  readonly source: string;
  /** No published measurement: a named placeholder with a range. */
  readonly placeholder?: boolean;
  /** Published for central only; low and high are assumptions. */
  readonly assumedRange?: boolean;
}

/** Where a range is published and nothing picks a point in it, central is its middle. */
export const SOURCES: Readonly<Record<FigureName, FigureSource>> = {
  'http-round': {
    what: 'a fetch or fetchAll round: its slowest request',
    figures: [300, 590, 1000],
    source:
      'pre-practice.net 2020-03 "UrlFetchApp.fetchAll": 3 sequential fetches 1.77 s (590 ms each). Low and high are assumptions: the latency is the API\'s own',
    assumedRange: true,
  },
  'extra-request': {
    what: 'each request of a round beyond the first',
    figures: [25, 97.5, 170],
    source:
      'tanaikech 2018-04-19 (5 × 5 s: fetchAll 5.50 s, about 25 ms a request more); pre-practice.net 2020 (3 requests: fetchAll 0.93 s, at most 170 ms more)',
  },
  'first-access': {
    what: 'the first SpreadsheetApp call of an execution, on top of its own class',
    figures: [150, 150, 150],
    source: 'tanaikech 2022-08-31, V8: first spreadsheet access about 150 ms',
  },
  'write-cell': {
    what: 'each cell of a setValues or format array beyond free-cells',
    figures: [0.06, 0.06, 0.06],
    source:
      'tanaikech 2018-10-12, Rhino: one setValues 0.1–0.2 s up to about 10,000 cells, then about 60 µs a cell',
  },
  'read-cell': {
    what: 'each cell of a getValues or format read beyond free-cells',
    figures: [0.01, 0.01, 0.01],
    source: 'tanaikech 2018-10-12, Rhino: one getValues about 0.2 s, then about 10 µs a cell',
  },
  'free-cells': {
    what: 'cells an array call moves before the per-cell terms start (high: none)',
    figures: [10_000, 10_000, 0],
    source: 'tanaikech 2018-10-12 (the knee at about 10,000 cells); high charges every cell',
  },
  handle: {
    what: 'opening a service or a range: CacheService.getDocumentCache, PropertiesService.get*, Sheet.getRange',
    figures: [2, 2.5, 3],
    source: 'qiita.com/mitonattou919: CacheService handle 2–3 ms (10 runs)',
  },
  local: {
    what: "answered in the script: Utilities.*, HTTPResponse.*, a range's geometry, builders",
    figures: [0, 0.5, 2],
    source: 'UNSOURCED (Utilities.* unmeasured): placeholder, below a handle',
    placeholder: true,
  },
  'property-read': {
    what: 'Properties.getProperty / getProperties / getKeys',
    figures: [20, 32, 34],
    source:
      'ziritione.org "apps_script_performance", 100 runs: getProperty 30 (script) / 34 (user) ms, min 20',
  },
  'property-write': {
    what: 'Properties.setProperty / setProperties / deleteProperty',
    figures: [43, 63, 64],
    source: 'ziritione.org: setProperty 62 (script) / 64 (user) ms, min 43',
  },
  'cache-read': {
    what: 'Cache.get / getAll',
    figures: [3, 13, 23],
    source: 'ziritione.org (3–4 ms); qiita.com/mitonattou919 (20–23 ms, the same with a 100 KB value)',
  },
  'cache-write': {
    what: 'Cache.put / putAll / remove',
    figures: [56, 74.5, 93],
    source: 'qiita.com/mitonattou919; ziritione.org: put 56–93 ms',
  },
  lock: {
    what: 'Lock.tryLock / waitLock / releaseLock / hasLock',
    figures: [3, 33.5, 64],
    source:
      'UNSOURCED: placeholder between the cheapest and the dearest store round trip (a cache read, a property write)',
    placeholder: true,
  },
  script: {
    what: 'ScriptApp: triggers listed, created, deleted; authorization info; permissions asked for',
    figures: [3, 33.5, 64],
    source: 'UNSOURCED: placeholder, as a lock',
    placeholder: true,
  },
  metadata: {
    what: 'spreadsheet metadata: sheets, names, ids, sizes, time zone, developer metadata',
    figures: [1.2, 7, 160],
    source:
      "low: a one-cell setValue (tanaikech 2018-10-12); central: Google's best-practices example per call (guides/support/best-practices); high: getLastRow re-read in a loop (bugbugnow.net 2019-03, Rhino)",
  },
  'buffered-write': {
    what: 'a write Sheets buffers: setValue(s), formats, notes, clear, frozen rows, developer metadata set',
    figures: [1.2, 1.3, 1.4],
    source: 'tanaikech 2018-10-12, Rhino: setValue one cell at a time 1.2–1.4 ms a call',
  },
  read: {
    what: 'a read of cells: getValues, getDisplayValues, formats read (writes are flushed first)',
    figures: [80, 140, 200],
    source:
      'gas.excelspeedup.com: a read after a write about 80 ms; tanaikech 2018-10-12: one getValues about 0.2 s',
  },
  flush: {
    what: 'SpreadsheetApp.flush',
    figures: [30, 30, 30],
    source:
      'Stack Overflow, Mogsdad, "What is faster: ScriptDb or SpreadsheetApp?": 400 flushes added about 12 s',
  },
  'append-row': {
    what: 'Sheet.appendRow',
    figures: [106, 107, 110],
    source: 'tanaikech 2018-10-12, Rhino: 10 rows 1.1 s, 50 rows 5.3 s, flat in width',
  },
  structural: {
    what: 'inserting or deleting sheets, rows, columns, charts',
    figures: [30, 107, 150],
    source:
      'UNSOURCED (insertSheet unmeasured): placeholder between a flush and a first access, central as an appendRow',
    placeholder: true,
  },
};

function profile(index: 0 | 1 | 2): CostProfile {
  return Object.fromEntries(FIGURE_NAMES.map((name) => [name, SOURCES[name].figures[index]])) as CostProfile;
}

export const DEFAULT_PROFILES: Profiles = { low: profile(0), central: profile(1), high: profile(2) };

/** The earlier model, kept only as a labelled comparison: one cost per service call, one per request. */
export interface UniformModel {
  readonly msPerCall: number;
  readonly msPerRequest: number;
}
export const DEFAULT_UNIFORM: UniformModel = { msPerCall: 7, msPerRequest: 300 };

/** UrlFetchApp's own calls: charged by round and request, not by class. */
const HTTP_METHODS: ReadonlySet<string> = new Set(['UrlFetchApp.fetch', 'UrlFetchApp.fetchAll']);

/** Array calls whose cells beyond free-cells cost write-cell or read-cell each. */
const CELL_WRITES: ReadonlySet<string> = new Set(
  [
    'setValues',
    'setFormulas',
    'setNumberFormats',
    'setFontWeights',
    'setFontColors',
    'setBackgrounds',
    'setHorizontalAlignments',
    'setNotes',
  ].map((m) => `Range.${m}`),
);
const CELL_READS: ReadonlySet<string> = new Set(
  [
    'getValues',
    'getDisplayValues',
    'getFormulas',
    'getNumberFormats',
    'getFontWeights',
    'getFontColors',
    'getBackgrounds',
    'getWraps',
    'getHorizontalAlignments',
    'getNotes',
  ].map((m) => `Range.${m}`),
);

const methods = (cls: string, names: string): string[] => names.split(' ').map((m) => `${cls}.${m}`);

/** Every method the emulator implements, by class (`Class.method` → class). */
const BY_CLASS: Readonly<Record<CostClass, readonly string[]>> = {
  handle: [
    ...methods('CacheService', 'getUserCache getDocumentCache getScriptCache'),
    ...methods('PropertiesService', 'getUserProperties getDocumentProperties getScriptProperties'),
    ...methods('LockService', 'getDocumentLock getUserLock getScriptLock'),
    ...methods('SpreadsheetApp', 'getActiveSpreadsheet getActive getActiveSheet getUi'),
    ...methods('Spreadsheet', 'getRange createDeveloperMetadataFinder'),
    ...methods('Sheet', 'getRange getRangeList getParent'),
    ...methods('Range', 'getCell offset getSheet'),
    ...methods('RangeList', 'getRanges'),
    ...methods('NamedRange', 'getRange'),
    ...methods('DeveloperMetadata', 'getLocation'),
    ...methods('DeveloperMetadataLocation', 'getLocationType getSheet getSpreadsheet'),
    ...methods('DeveloperMetadataFinder', 'withKey'),
    ...methods('Session', 'getActiveUser getEffectiveUser'),
    ...methods('ScriptApp', 'newTrigger'),
    ...methods(
      'HtmlService',
      'createHtmlOutput createHtmlOutputFromFile createTemplate createTemplateFromFile',
    ),
  ],
  local: [
    ...methods(
      'Utilities',
      'sleep formatDate computeDigest computeHmacSha256Signature base64Encode base64EncodeWebSafe base64Decode base64DecodeWebSafe getUuid newBlob',
    ),
    ...methods('Blob', 'getBytes getDataAsString getContentType setContentType getName setName'),
    ...methods('HTTPResponse', 'getResponseCode getContentText getContent getHeaders getAllHeaders getBlob'),
    ...methods('Range', 'getA1Notation getRow getColumn getNumRows getNumColumns getLastRow getLastColumn'),
    ...methods('DeveloperMetadata', 'getId getKey getValue getVisibility'),
    ...methods('NamedRange', 'getName'),
    ...methods('User', 'getEmail'),
    ...methods('Session', 'getScriptTimeZone getActiveUserLocale getTemporaryActiveUserKey'),
    ...methods('Trigger', 'getHandlerFunction getUniqueId getEventType getTriggerSource getTriggerSourceId'),
    ...methods('TriggerBuilder', 'timeBased'),
    ...methods('ClockTriggerBuilder', 'everyDays everyHours everyMinutes atHour nearMinute inTimezone'),
    ...methods('Menu', 'addItem addSeparator addSubMenu addToUi'),
    ...methods('Ui', 'createAddonMenu createMenu showSidebar showModalDialog showModelessDialog alert'),
    ...methods(
      'HtmlOutput',
      'getContent setContent append getTitle setTitle setWidth getWidth setHeight getHeight setSandboxMode setXFrameOptionsMode addMetaTag',
    ),
    ...methods('HtmlTemplate', 'getRawContent evaluate'),
    ...methods('Logger', 'log getLog clear'),
    ...methods('console', 'log info warn error debug'),
    ...methods(
      'EmbeddedChartBuilder',
      'addRange removeRange clearRanges getRanges asAreaChart asBarChart asColumnChart asComboChart asHistogramChart asLineChart asPieChart asScatterChart asTableChart getChartType setPosition getContainer setOption setNumHeaders build',
    ),
    ...methods('EmbeddedChart', 'getChartId getRanges getOptions getContainerInfo getNumHeaders modify'),
    ...methods('ChartOptions', 'get'),
    ...methods('ContainerInfo', 'getAnchorColumn getAnchorRow getOffsetX getOffsetY'),
    ...methods('SpreadsheetApp', 'newConditionalFormatRule'),
  ],
  'property-read': methods('Properties', 'getProperty getProperties getKeys'),
  'property-write': methods('Properties', 'setProperty setProperties deleteProperty deleteAllProperties'),
  'cache-read': methods('Cache', 'get getAll'),
  'cache-write': methods('Cache', 'put putAll remove removeAll'),
  lock: methods('Lock', 'tryLock waitLock releaseLock hasLock'),
  script: [
    ...methods(
      'ScriptApp',
      // requireScopes: each sidebar and menu action asks for its feature's permissions first (granular
      // consent, docs/permissions.md): one call, answered like getAuthorizationInfo when all are granted.
      'getProjectTriggers getUserTriggers deleteTrigger getAuthorizationInfo getScriptId requireScopes requireAllScopes',
    ),
    ...methods('ClockTriggerBuilder', 'create'),
    ...methods('AuthorizationInfo', 'getAuthorizationStatus getAuthorizationUrl getAuthorizedScopes'),
  ],
  metadata: [
    ...methods('SpreadsheetApp', 'openById'),
    ...methods(
      'Spreadsheet',
      'getId getName getUrl getOwner getSpreadsheetTimeZone getSpreadsheetLocale getSheets getNumSheets getSheetByName getSheetById getActiveSheet getRangeByName getNamedRanges getDeveloperMetadata',
    ),
    ...methods(
      'Sheet',
      'getName getSheetId getIndex getDataRange getLastRow getLastColumn getMaxRows getMaxColumns getFrozenRows getFrozenColumns getColumnWidth getTabColor isSheetHidden getDeveloperMetadata getCharts getConditionalFormatRules',
    ),
    ...methods('DeveloperMetadataFinder', 'find'),
  ],
  'buffered-write': [
    ...methods(
      'Range',
      'activate setValues setValue setFormula setFormulas setNumberFormat setNumberFormats setFontWeight setFontWeights setFontColor setFontColors setBackground setBackgrounds setWrap setHorizontalAlignment setHorizontalAlignments setNote setNotes clearNote clear clearContent clearFormat',
    ),
    ...methods(
      'RangeList',
      'setNumberFormat setFontWeight setFontColor setBackground setWrap setHorizontalAlignment setValue setNote clear clearContent clearFormat',
    ),
    ...methods(
      'Sheet',
      'setName activate setFrozenRows setFrozenColumns setColumnWidth setColumnWidths autoResizeColumns clear clearContents clearFormats clearNotes setTabColor hideSheet showSheet addDeveloperMetadata setConditionalFormatRules',
    ),
    ...methods(
      'Spreadsheet',
      'rename setSpreadsheetTimeZone setActiveSheet setNamedRange removeNamedRange toast addDeveloperMetadata',
    ),
    ...methods('DeveloperMetadata', 'setKey setValue setVisibility remove'),
    ...methods('NamedRange', 'setName setRange remove'),
  ],
  read: methods(
    'Range',
    'isBlank getValues getValue getDisplayValues getDisplayValue getFormulas getFormula getNumberFormats getNumberFormat getFontWeights getFontWeight getFontColors getFontColor getBackgrounds getBackground getWraps getHorizontalAlignments getNotes getNote',
  ),
  flush: methods('SpreadsheetApp', 'flush'),
  'append-row': methods('Sheet', 'appendRow'),
  structural: [
    ...methods('Spreadsheet', 'insertSheet deleteSheet'),
    ...methods(
      'Sheet',
      'insertRowsAfter insertRowsBefore insertColumnsAfter insertColumnsBefore deleteRows deleteRow deleteColumns newChart insertChart updateChart removeChart',
    ),
  ],
};

export const METHOD_CLASS: ReadonlyMap<string, CostClass> = new Map(
  COST_CLASSES.flatMap((cls) => BY_CLASS[cls].map((method) => [method, cls] as const)),
);

/** What the model reads from a measured execution (or a sum of them). */
export interface Countable {
  /** By `Class.method`. */
  readonly calls: Readonly<Record<string, number>>;
  /** Range calls by `Class.method`, then by cells touched: { cells: calls }. */
  readonly cells: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Requests in each fetch or fetchAll round. */
  readonly roundSizes: readonly number[];
  /** Executions that called SpreadsheetApp at all. */
  readonly spreadsheetExecutions: number;
}

export interface Modelled {
  readonly ms: number;
  /** Milliseconds by class, and 'http', 'first-access', 'cells'. */
  readonly byPart: Readonly<Record<string, number>>;
  /** Methods with no class: charged nothing, listed instead. */
  readonly unclassified: Readonly<Record<string, number>>;
}

function cellTerm(cost: Countable, profile: CostProfile): number {
  let ms = 0;
  for (const [method, sizes] of Object.entries(cost.cells)) {
    const perCell = CELL_WRITES.has(method)
      ? profile['write-cell']
      : CELL_READS.has(method)
        ? profile['read-cell']
        : 0;
    if (perCell === 0) continue;
    for (const [cells, calls] of Object.entries(sizes))
      ms += calls * perCell * Math.max(0, Number(cells) - profile['free-cells']);
  }
  return ms;
}

/** Modelled Google time of what was counted, part by part. */
export function modelled(cost: Countable, profile: CostProfile): Modelled {
  const byPart: Record<string, number> = {};
  const unclassified: Record<string, number> = {};
  const add = (part: string, ms: number) => {
    if (ms > 0) byPart[part] = (byPart[part] ?? 0) + ms;
  };
  for (const [method, n] of Object.entries(cost.calls)) {
    if (HTTP_METHODS.has(method)) continue;
    const cls = METHOD_CLASS.get(method);
    if (cls === undefined) unclassified[method] = n;
    else add(cls, n * profile[cls]);
  }
  for (const size of cost.roundSizes)
    add('http', profile['http-round'] + Math.max(0, size - 1) * profile['extra-request']);
  add('first-access', cost.spreadsheetExecutions * profile['first-access']);
  add('cells', cellTerm(cost, profile));
  const ms = Object.values(byPart).reduce((a, b) => a + b, 0);
  return { ms, byPart, unclassified };
}

/** Modelled time of everything but HTTP (for a run whose clock already holds the HTTP time). */
export function serviceMs(cost: Countable, profile: CostProfile): number {
  const { ms, byPart } = modelled(cost, profile);
  return ms - (byPart.http ?? 0);
}

/** The earlier uniform model: every service call but UrlFetchApp's at one cost, every request at another. */
export function uniformMs(
  cost: { readonly serviceCalls: number; readonly httpRequests: number },
  model: UniformModel,
): number {
  return cost.serviceCalls * model.msPerCall + cost.httpRequests * model.msPerRequest;
}

/** Google's limits (guides/services/quotas): 6 minutes an execution (the add-on's own constant), 30 seconds
 * a custom function. */
export { EXECUTION_LIMIT_MS } from '../../src/core/refresh/interrupted.ts';
export const CUSTOM_FUNCTION_LIMIT_MS = 30_000;

/** Replaces figures: `name=ms` in every profile, `profile.name=ms` in one. */
export function withFigures(base: Profiles, settings: readonly string[]): Profiles {
  const out: Record<ProfileName, Record<FigureName, number>> = {
    low: { ...base.low },
    central: { ...base.central },
    high: { ...base.high },
  };
  for (const setting of settings) {
    const match = /^(?:(low|central|high)\.)?([a-z-]+)=(.+)$/.exec(setting);
    const name = match?.[2] as FigureName | undefined;
    const value = Number(match?.[3]);
    if (!match || !name || !FIGURE_NAMES.includes(name) || !Number.isFinite(value) || value < 0)
      throw new Error(
        `--cost takes [low.|central.|high.]NAME=MS with NAME one of ${FIGURE_NAMES.join(', ')} and MS 0 or more; got "${setting}"`,
      );
    const profiles = match[1] ? [match[1] as ProfileName] : PROFILE_NAMES;
    for (const p of profiles) out[p][name] = value;
  }
  return out;
}
