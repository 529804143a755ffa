// The conformance build's self-test: one top-level function, appended to Code.js only in the conformance
// build (never in npm run build's, push's or release's), that asks Apps Script what docs/google-rules.md
// and docs/apps-script.md say it does, each answer a JSON value. Written in ES2020 (`?.`, `??`): the push
// itself is Google's answer on the build's syntax year.

export const PROBE_FUNCTION = 'royaltiesConformance';

/** Each observable rule: the answer's id, the rule as our docs state it, and where. */
export const RULES: readonly { readonly id: string; readonly rule: string; readonly source: string }[] = [
  { id: 'syntax.es2020', rule: 'The parser takes ES2020 (`?.`, `??`)', source: 'apps-script.md, Bundling' },
  {
    id: 'cache.value-100KB',
    rule: 'A cache value of 100 KB is kept',
    source: 'apps-script.md, Properties, cache, lock',
  },
  {
    id: 'cache.value-over-100KB',
    rule: 'A cache value over 100 KB is refused',
    source: 'apps-script.md, Properties, cache, lock',
  },
  {
    id: 'cache.key-250',
    rule: 'A cache key of 250 characters is taken',
    source: 'apps-script.md, Properties, cache, lock',
  },
  {
    id: 'cache.key-251',
    rule: 'A cache key of 251 characters is refused',
    source: 'apps-script.md, Properties, cache, lock',
  },
  {
    id: 'properties.value-9KB',
    rule: 'A property value of 9 KB is stored',
    source: 'apps-script.md, Properties, cache, lock',
  },
  {
    id: 'properties.value-over-9KB',
    rule: 'A property value over 9 KB is refused',
    source: 'apps-script.md, Properties, cache, lock',
  },
  {
    id: 'lock.free',
    rule: 'tryLock on a free script lock answers true',
    source: 'apps-script.md, Properties, cache, lock',
  },
  {
    id: 'auth.status',
    rule: 'getAuthorizationInfo(FULL) after the grant: NOT_REQUIRED',
    source: 'google-rules.md, permissions',
  },
  { id: 'auth.scopes', rule: 'getAuthorizedScopes answers a list', source: 'google-rules.md, permissions' },
  {
    id: 'urlfetch.outside-allow-list',
    rule: 'UrlFetchApp refuses an address outside urlFetchWhitelist',
    source: 'apps-script.md, Manifest',
  },
  {
    id: 'timezone.script',
    rule: "Session.getScriptTimeZone is the manifest's timeZone",
    source: 'apps-script.md, Manifest',
  },
  {
    id: 'timezone.format',
    rule: 'Utilities.formatDate reads an instant in the zone given',
    source: 'apps-script.md, Triggers',
  },
  {
    id: 'triggers.clock-limit',
    rule: 'Clock triggers one user may make in this script before a refusal',
    source: 'apps-script.md, Triggers',
  },
  {
    id: 'sheets.number-digits',
    rule: 'setValue(100 / 30000) reads back as 0.00333333333333333 (15 significant digits)',
    source: 'google-rules.md, A number keeps 15 significant digits',
  },
];

/** What a script run through the Apps Script API cannot observe, and why. */
export const UNOBSERVABLE: readonly string[] = [
  'A lock held by another execution (tryLock false, waitLock throwing): needs two executions at once.',
  "Custom functions' 30 s limit, their AuthMode and services: clasp run is not a cell.",
  'A clock trigger firing, and whether it sees the spreadsheet: needs waiting for its hour.',
  'Daily quotas (UrlFetch calls, e-mail recipients, trigger run time): a probe would spend them.',
  'The 6-minute execution limit, and the sidebar, dialogs and menus: no UI in clasp run.',
  "Granular consent: the consent screen is the author's, in a browser.",
  'Class fields (ES2022) refused at push: a push with one would leave the scratch project unpushable.',
];

export const PROBE_SOURCE = `
/** Conformance self-test (npm run conformance): never in a release build. */
function ${PROBE_FUNCTION}() {
  const answers = {};
  const attempt = (fn) => { try { fn(); return 'accepted'; } catch (e) { return 'refused'; } };
  answers['syntax.es2020'] = (({ a: null })?.a ?? 'accepted');
  const cache = CacheService.getScriptCache();
  answers['cache.value-100KB'] = attempt(() => cache.put('conformance.v', 'x'.repeat(100 * 1024), 60));
  answers['cache.value-over-100KB'] = attempt(() => cache.put('conformance.v', 'x'.repeat(100 * 1024 + 1), 60));
  answers['cache.key-250'] = attempt(() => cache.put('k'.repeat(250), 'x', 60));
  answers['cache.key-251'] = attempt(() => cache.put('k'.repeat(251), 'x', 60));
  const properties = PropertiesService.getScriptProperties();
  answers['properties.value-9KB'] = attempt(() => properties.setProperty('conformance.p', 'x'.repeat(9 * 1024 - 20)));
  answers['properties.value-over-9KB'] = attempt(() => properties.setProperty('conformance.p', 'x'.repeat(9 * 1024 + 1)));
  properties.deleteProperty('conformance.p');
  const lock = LockService.getScriptLock();
  answers['lock.free'] = lock.tryLock(100);
  if (answers['lock.free']) lock.releaseLock();
  const info = ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL);
  answers['auth.status'] = String(info.getAuthorizationStatus());
  answers['auth.scopes'] = Array.isArray(info.getAuthorizedScopes?.() ?? []) ? 'a list' : 'not a list';
  answers['urlfetch.outside-allow-list'] = attempt(() => UrlFetchApp.fetch('https://www.example.org/conformance', { muteHttpExceptions: true }));
  answers['timezone.script'] = Session.getScriptTimeZone();
  const noon = new Date(Date.UTC(2026, 0, 15, 12, 0, 0));
  answers['timezone.format'] = Utilities.formatDate(noon, 'America/New_York', 'yyyy-MM-dd HH:mm');
  const made = [];
  let refusedAt = null;
  for (let i = 0; i < 25 && refusedAt === null; i++) {
    try { made.push(ScriptApp.newTrigger('${PROBE_FUNCTION}').timeBased().everyDays(1).atHour(3).create()); }
    catch (e) { refusedAt = i; }
  }
  for (const t of made) ScriptApp.deleteTrigger(t);
  answers['triggers.clock-limit'] = refusedAt ?? 'none refused of 25';
  const book = SpreadsheetApp.getActiveSpreadsheet();
  if (book) {
    const probe = book.insertSheet();
    try {
      probe.getRange(1, 1).setValue(100 / 30000);
      answers['sheets.number-digits'] = String(probe.getRange(1, 1).getValue());
    } finally { book.deleteSheet(probe); }
  } else answers['sheets.number-digits'] = 'no spreadsheet';
  return answers;
}
`;
