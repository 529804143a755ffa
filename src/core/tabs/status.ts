// The Status tab: add-on triggers send no failure email, so every refresh leaves, per tab, when it last
// worked, when it last failed and why, its rows and whether they were truncated. The history lives in
// document properties (one JSON value, kept well under the 9 KB limit); the tab is its rendering.
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId } from '../endpoints';
import type { CellValue, ReportColumn, ReportTable } from '../report';
import type { Banner } from './banner';

export const STATUS_TITLE = 'Royalties status';
export const STATUS_PROPERTY = 'royalties.status';
/** A failure message longer than this is cut: twelve tabs must fit one 9 KB property value. */
export const MAX_STATUS_MESSAGE = 300;

export interface TabStatus {
  readonly sheetName: string | null;
  readonly lastSuccessAt: number | null;
  readonly lastFailureAt: number | null;
  readonly lastFailure: string | null;
  /** Data rows shown in the tab (after a failure: those still shown). */
  readonly rows: number | null;
  readonly truncated: boolean;
}

export type StatusBook = Readonly<Partial<Record<EndpointId, TabStatus>>>;

/** What one refresh did to one tab: also the per-tab line of the refresh summary. */
export interface TabOutcome {
  readonly tab: EndpointId;
  readonly sheetName: string | null;
  readonly rows: number | null;
  readonly truncated: boolean;
  readonly error: string | null;
}

function shortMessage(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_STATUS_MESSAGE ? `${flat.slice(0, MAX_STATUS_MESSAGE - 1)}…` : flat;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function parseStatusBook(text: string | null): StatusBook {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object') return {};
  const book: Partial<Record<EndpointId, TabStatus>> = {};
  for (const tab of ENDPOINT_IDS) {
    const entry = (raw as Record<string, unknown>)[tab];
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    book[tab] = {
      sheetName: typeof e.sheetName === 'string' ? e.sheetName : null,
      lastSuccessAt: numberOrNull(e.lastSuccessAt),
      lastFailureAt: numberOrNull(e.lastFailureAt),
      lastFailure: typeof e.lastFailure === 'string' ? shortMessage(e.lastFailure) : null,
      rows: numberOrNull(e.rows),
      truncated: e.truncated === true,
    };
  }
  return book;
}

export function recordRefresh(book: StatusBook, outcomes: readonly TabOutcome[], at: number): StatusBook {
  const next: Partial<Record<EndpointId, TabStatus>> = { ...book };
  for (const o of outcomes) {
    const before = book[o.tab];
    next[o.tab] = o.error
      ? {
          sheetName: o.sheetName ?? before?.sheetName ?? null,
          lastSuccessAt: before?.lastSuccessAt ?? null,
          lastFailureAt: at,
          lastFailure: shortMessage(o.error),
          rows: before?.rows ?? null,
          truncated: before?.truncated ?? false,
        }
      : {
          sheetName: o.sheetName,
          lastSuccessAt: at,
          lastFailureAt: before?.lastFailureAt ?? null,
          lastFailure: before?.lastFailure ?? null,
          rows: o.rows,
          truncated: o.truncated,
        };
  }
  return next;
}

const STATUS_COLUMNS: readonly ReportColumn[] = [
  { key: 'tab', label: 'Tab', format: { kind: 'text' } },
  { key: 'sheet', label: 'Sheet', format: { kind: 'text' } },
  { key: 'last_success', label: 'Last success', format: { kind: 'datetime' } },
  { key: 'last_failure', label: 'Last failure', format: { kind: 'datetime' } },
  { key: 'failure_message', label: 'Failure message', format: { kind: 'text' } },
  { key: 'rows', label: 'Rows', format: { kind: 'integer' } },
  { key: 'truncated', label: 'Truncated', format: { kind: 'boolean' } },
];

const when = (ms: number | null): CellValue => (ms === null ? null : new Date(ms));

export function statusTable(book: StatusBook): ReportTable {
  const rows: CellValue[][] = [];
  for (const tab of ENDPOINT_IDS) {
    const s = book[tab];
    if (!s) continue;
    rows.push([
      ENDPOINTS[tab].title,
      s.sheetName,
      when(s.lastSuccessAt),
      when(s.lastFailureAt),
      s.lastFailure,
      s.rows,
      s.truncated,
    ]);
  }
  return { columns: STATUS_COLUMNS, rows, meta: { period: null, currency: null, truncated: false } };
}

export function statusBanner(outcomes: readonly TabOutcome[], finishedAt: string, origin: string): Banner {
  const failed = outcomes.filter((o) => o.error).length;
  const written = outcomes.length - failed;
  const tally = `${written} tab${written === 1 ? '' : 's'} updated, ${failed} failed`;
  return {
    text: `Last refresh ${finishedAt} (${origin}): ${tally}. Triggers send no email: check here.`,
    tone: failed > 0 ? 'failed' : 'normal',
  };
}
