// The Status tab: add-on triggers send no failure email, so every refresh leaves, per tab, when it last
// worked, when it last failed and why, its rows and whether they were truncated. The history lives in
// document properties (one JSON value, kept under the 9 KB limit in bytes: statusBookText); the tab is its
// rendering.
import { ALERT_LEVELS, type Alert, alertName, levelRank, levelWord } from '../alerts';
import { plural, truncatedTally } from '../base/phrases';
import { cutText, utf8Length } from '../base/text';
import { isObject, type JsonObject, numberOrNull, parseJson, textOrNull } from '../base/unknown';
import { type Check, type CheckResult, mismatches } from '../checks';
import type { MorningEmailMode } from '../morning/mode';
import type { CellValue, ReportColumn, ReportTable } from '../report';
import { countText } from '../report/money';
import { tabTitle, type WrittenTabId, writtenTabsIn } from '../tab-ids';
import type { Banner } from '../tabs/banner';
import type { RefreshOrigin } from './origin';
import type { TabOutcome } from './result';

export const STATUS_PROPERTY = 'royalties.status';
/** A failure message longer than this is cut (more, below, when every tab's message must fit). */
export const MAX_STATUS_MESSAGE = 300;
/** The stored book's budget in UTF-8 bytes, under the 9 KB a property value may hold. */
export const MAX_STATUS_BYTES = 8000;

interface TabStatus {
  readonly sheetName: string | null;
  readonly lastSuccessAt: number | null;
  readonly lastFailureAt: number | null;
  readonly lastFailure: string | null;
  /** Data rows shown in the tab (after a failure: those still shown). */
  readonly rows: number | null;
  readonly truncated: boolean;
  /** What the tab says of itself on its last success (the history: revisions and how far back it reaches). */
  readonly note?: string | null;
}

export type StatusBook = Readonly<Partial<Record<WrittenTabId, TabStatus>>>;

function shortMessage(message: string): string {
  return cutText(message.replace(/\s+/g, ' ').trim(), MAX_STATUS_MESSAGE);
}

/** One tab's stored entry, its fields checked one by one; `{}` reads as a tab never refreshed. */
function tabStatus(e: JsonObject): TabStatus {
  const lastFailure = textOrNull(e.lastFailure);
  const note = textOrNull(e.note);
  return {
    sheetName: textOrNull(e.sheetName),
    lastSuccessAt: numberOrNull(e.lastSuccessAt),
    lastFailureAt: numberOrNull(e.lastFailureAt),
    lastFailure: lastFailure && shortMessage(lastFailure),
    rows: numberOrNull(e.rows),
    truncated: e.truncated === true,
    ...(note && { note }),
  };
}

export function parseStatusBook(text: string | null): StatusBook {
  const raw = parseJson(text);
  const book: Partial<Record<WrittenTabId, TabStatus>> = {};
  if (isObject(raw)) {
    for (const tab of writtenTabsIn(Object.keys(raw))) {
      const e = raw[tab];
      if (isObject(e)) book[tab] = tabStatus(e);
    }
  }
  return book;
}

/** The book as stored: every tab's messages cut shorter, in bytes, until all of them fit one property value
 * (thirteen tabs failing with long messages in Cyrillic or Japanese would not fit at 300 characters each). */
export function statusBookText(book: StatusBook, maxBytes = MAX_STATUS_BYTES): string {
  const withMessagesCut = (bytes: number): string =>
    JSON.stringify(book, (key, value: unknown) =>
      (key === 'lastFailure' || key === 'note') && typeof value === 'string'
        ? cutText(value, bytes, 'bytes')
        : value,
    );
  for (const bytes of [MAX_STATUS_MESSAGE * 3, 300, 120, 40]) {
    const text = withMessagesCut(bytes);
    if (utf8Length(text) <= maxBytes) return text;
  }
  // Thirteen lines of dates, counts and names without their messages fit many times over.
  return withMessagesCut(0);
}

/** A failure keeps the last success, its rows and the tab's name; a success keeps the last failure. */
export function recordRefresh(book: StatusBook, outcomes: readonly TabOutcome[], at: number): StatusBook {
  const next: Partial<Record<WrittenTabId, TabStatus>> = { ...book };
  for (const o of outcomes) {
    const before = book[o.tab] || tabStatus({});
    // A tab's name is the one it was written under, else (a failure before it had one) the last known.
    next[o.tab] = {
      ...before,
      sheetName: o.sheetName || before.sheetName,
      ...(o.error
        ? { lastFailureAt: at, lastFailure: shortMessage(o.error) }
        : {
            lastSuccessAt: at,
            rows: o.rows,
            truncated: o.truncated,
            note: o.note ? shortMessage(o.note) : undefined,
          }),
    };
  }
  return next;
}

/** Each column's key and kind, in order; its label is its key in words: 'last_success' → 'Last success'. */
const STATUS_COLUMNS: readonly ReportColumn[] = Object.entries({
  tab: 'text',
  sheet: 'text',
  last_success: 'datetime',
  last_failure: 'datetime',
  failure_message: 'text',
  rows: 'integer',
  truncated: 'boolean',
  note: 'text',
} as const).map(([key, kind]) => ({
  key,
  label: key[0]!.toUpperCase() + key.slice(1).replace('_', ' '),
  format: { kind },
}));
const when = (ms: number | null): CellValue => (ms === null ? null : new Date(ms));

const RESULT_WORDS: Readonly<Record<CheckResult, string>> = {
  agrees: 'Agrees',
  differs: 'Does not add up',
  unchecked: 'Cannot be checked',
};

/** A row of a block below the tabs: the first two columns and the last; the ones between stay empty. */
function blockRow(first: string | null, second: string | null, note: string | null): CellValue[] {
  return [first, second, ...new Array<CellValue>(STATUS_COLUMNS.length - 3).fill(null), note];
}

/** The Alerts block lists this many at most: a copied catalogue of 10,000 books could raise thousands. */
export const MOST_STATUS_ALERTS = 25;

/** The Alerts block below the checks, in the same write: the most serious alerts the last refresh's figures
 * raised, then how many more and where every one is (the dashboard's Alerts table, when it is refreshed). */
function alertRows(alerts: readonly Alert[], dashboard: boolean): CellValue[][] {
  if (!alerts.length) return [];
  const worst = [...alerts].sort((a, b) => levelRank(b.level) - levelRank(a.level));
  const shown = worst.slice(0, MOST_STATUS_ALERTS);
  const rest = worst.slice(shown.length);
  const levels = [...ALERT_LEVELS]
    .reverse()
    .map((level) => [level, rest.filter((a) => a.level === level).length] as const)
    .filter(([, n]) => n > 0)
    .map(([level, n]) => `${countText(n)} ${level}${n === 1 ? '' : 's'}`);
  const where = dashboard
    ? "every alert is in the dashboard's Alerts table"
    : 'tick the dashboard among the tabs to see every alert';
  return [
    blockRow(null, null, null),
    blockRow('Alerts', 'Level', 'What crossed a line (set the lines under Alerts in the sidebar)'),
    ...shown.map((a) => blockRow(alertName(a), levelWord(a.level), a.text)),
    ...(rest.length
      ? [blockRow(`and ${countText(rest.length)} more`, null, `${levels.join(', ')}: ${where}.`)]
      : []),
  ];
}

/** The Checks block below the tabs: every check of the last refresh and its result, in the same write. */
function checkRows(checks: readonly Check[]): CellValue[][] {
  if (!checks.length) return [];
  const row = blockRow;
  return [
    row(null, null, null),
    row('Checks between reports', 'Result', 'What the reports say'),
    ...checks.map((check) => row(check.subject, RESULT_WORDS[check.result], check.text)),
  ];
}

export function statusTable(
  book: StatusBook,
  checks: readonly Check[] = [],
  alerts: readonly Alert[] = [],
): ReportTable {
  const rows: CellValue[][] = [];
  for (const tab of writtenTabsIn(Object.keys(book))) {
    const s = book[tab];
    if (!s) continue;
    rows.push([
      tabTitle(tab),
      s.sheetName,
      when(s.lastSuccessAt),
      when(s.lastFailureAt),
      s.lastFailure,
      s.rows,
      s.truncated,
      s.note || null,
    ]);
  }
  // The dashboard written at least once: its Alerts table is the place to see every alert.
  rows.push(...checkRows(checks), ...alertRows(alerts, book.dashboard?.lastSuccessAt != null));
  return { columns: STATUS_COLUMNS, rows, meta: { period: null, currency: null, truncated: false } };
}

/** A refresh's tabs that failed, and those written but cut by the API (meta.truncated): what every summary
 * line counts. */
export function failedAndTruncated<T extends { readonly error: string | null; readonly truncated: boolean }>(
  outcomes: readonly T[],
): { failed: T[]; truncated: T[] } {
  return {
    failed: outcomes.filter((o) => o.error),
    truncated: outcomes.filter((o) => !o.error && o.truncated),
  };
}

/** Where an author learns of a refresh besides this tab, true to the morning e-mail of the user whose
 * refresh wrote it (the choice is per user: the nightly refresh's own, at night). */
const EMAIL_NOTES: Readonly<Record<MorningEmailMode, string>> = {
  off: 'The morning e-mail is off: check here after a nightly refresh.',
  problems: 'The morning e-mail says when something is wrong; the details are here.',
  daily: 'The morning e-mail sends the figures after each nightly refresh; the details are here.',
};

export function statusBanner(
  outcomes: readonly TabOutcome[],
  finishedAt: string,
  origin: RefreshOrigin,
  checks: readonly Check[],
  morningEmail: MorningEmailMode,
  alerts: readonly Alert[] = [],
): Banner {
  const { failed, truncated } = failedAndTruncated(outcomes);
  // A cut tab is updated but its figures may be too low: said in the first line, not only per row.
  const cut = truncated.length ? ` (${truncatedTally(truncated.length)})` : '';
  const tally = `${plural(outcomes.length - failed.length, 'tab')} updated${cut}, ${failed.length} failed`;
  const by = origin === 'local' ? 'npm start' : origin;
  const differ = mismatches(checks).length;
  const unchecked = checks.filter((c) => c.result === 'unchecked').length;
  const tie = differ
    ? ` ${differ === 1 ? '1 check does' : `${differ} checks do`} not add up: see Checks below.`
    : checks.length
      ? ` Reports agree with each other${unchecked ? ` (${unchecked} could not be checked)` : ''}.`
      : '';
  const raised = alerts.length
    ? ` ${alerts.length === 1 ? '1 alert' : `${alerts.length} alerts`}: see Alerts below.`
    : '';
  return {
    text: `Last refresh ${finishedAt} (${by}): ${tally}.${tie}${raised} ${EMAIL_NOTES[morningEmail]}`,
    tone: failed.length ? 'failed' : truncated.length || differ ? 'truncated' : 'normal',
  };
}
