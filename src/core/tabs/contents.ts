// What each chosen tab gets from one refresh: a table to lay out, or the reason it failed (its previous
// figures then stay exactly as they are, under an amber banner).
import type { ApiOutcome } from '../api';
import { messageOf } from '../base/unknown';
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId } from '../endpoints';
import type { ReportTable, RowsRead } from '../report';
import { toReportTable } from '../report';
import { type SeriesRef, seriesList } from '../report/table-reader';
import type { TabChoice } from '../tab-ids';
import { accountTable } from './account';
import { TRUNCATION_WARNING } from './banner';
import { mergeReadThrough } from './read-through';

/** One response, or why there is none, in the author's words: its `error`, the name the failure keeps up to
 * the Status tab (why that word: TabOutcome.error in core/refresh/result.ts). */
export type Fetched =
  | {
      readonly ok: true;
      readonly data: unknown;
      /** Pages of the report left unread, and why (ApiResponse.pages): the tab says its figures are too low. */
      readonly unread?: string | null;
      /** Rows read of the report's own count, when fewer (ApiResponse.pages.rows). */
      readonly rowsRead?: RowsRead | null;
    }
  | { readonly ok: false; readonly error: string };

export type TabContent =
  | { readonly tab: EndpointId; readonly kind: 'table'; readonly table: ReportTable }
  | { readonly tab: EndpointId; readonly kind: 'failed'; readonly error: string };

type SeriesToRead =
  | {
      readonly ok: true;
      readonly series: SeriesRef[];
      /** Why series may be missing from the list (cut short), or null. */
      readonly unread: string | null;
    }
  | { readonly ok: false; readonly error: string };

/** The client's outcome as a tab reads it: the body (its pages combined), or its error in words. */
export function fetchedOf(outcome: ApiOutcome): Fetched {
  if (!outcome.ok) return { ok: false, error: outcome.error.message };
  const { data, pages } = outcome.response;
  return { ok: true, data, unread: pages?.unread ?? null, rowsRead: pages?.rows ?? null };
}

/** A tab asked for without its response (a caller that skipped it) fails, saying so. */
const NOT_FETCHED = { ok: false, error: 'It was not fetched.' } as const;

const failed = (tab: EndpointId, error: string): TabContent => ({ tab, kind: 'failed', error });
const tabTable = (tab: EndpointId, table: ReportTable): TabContent => ({ tab, kind: 'table', table });

/** Any response shape the report layer cannot make a table of fails that tab only. */
function tableOf(tab: EndpointId, fetched: Fetched = NOT_FETCHED): TabContent {
  if (!fetched.ok) return failed(tab, fetched.error);
  try {
    const table =
      tab === 'account'
        ? accountTable(fetched.data)
        : toReportTable(fetched.data, tab, fetched.unread, fetched.rowsRead);
    // The catalog and the series do not change with the period or currency: their banner names neither.
    return tabTable(
      tab,
      ENDPOINTS[tab].timeless ? { ...table, meta: { ...table.meta, period: null, currency: null } } : table,
    );
  } catch (err) {
    return failed(tab, messageOf(err));
  }
}

/** Led by the warning every cut tab's banner starts with, then which list was cut. */
const LIST_CUT_SHORT = `${TRUNCATION_WARNING} Some series are missing: their list was cut short.`;

/** The series whose read-through round 2 asks for, from the /series response of round 1. */
export function seriesToRead(fetched: Fetched | undefined): SeriesToRead {
  const content = tableOf('series', fetched);
  if (content.kind === 'failed')
    return { ok: false, error: `The list of series could not be read: ${content.error}` };
  try {
    const { meta } = content.table;
    const unread = meta.truncated ? `${LIST_CUT_SHORT}${meta.unread ? ` ${meta.unread}` : ''}` : null;
    return { ok: true, series: seriesList(content.table), unread };
  } catch (err) {
    return { ok: false, error: messageOf(err) };
  }
}

export type ReadThroughFetched =
  | {
      readonly ok: true;
      readonly series: readonly SeriesRef[];
      readonly responses: readonly Fetched[];
      /** The list of series was cut short (seriesToRead): the tab says series are missing. */
      readonly listUnread?: string | null;
    }
  | { readonly ok: false; readonly error: string };

/** All series or nothing: writing only the series that answered would drop the others' rows. */
function readThroughContent(fetched: ReadThroughFetched = NOT_FETCHED): TabContent {
  const tab = 'read-through';
  if (!fetched.ok) return failed(tab, fetched.error);
  const parts = [];
  for (const [i, series] of fetched.series.entries()) {
    const one = tableOf(tab, fetched.responses[i]);
    if (one.kind === 'failed') return failed(tab, `Series "${series.name}" (${series.id}): ${one.error}`);
    parts.push({ series, table: one.table });
  }
  const table = mergeReadThrough(parts);
  const { listUnread } = fetched;
  const unread = [listUnread, table.meta.unread].filter(Boolean).join(' ');
  return tabTable(tab, listUnread ? { ...table, meta: { ...table.meta, truncated: true, unread } } : table);
}

/** The tables of the chosen endpoint tabs (the dashboard, built from several, is not one of them). */
export function tabContents(
  tabs: readonly TabChoice[],
  firstRound: ReadonlyMap<EndpointId, Fetched>,
  readThrough: ReadThroughFetched | undefined,
): TabContent[] {
  // The history is not one response's table: src/platform/history.ts merges it.
  const endpoints = tabs.filter((tab): tab is EndpointId => ENDPOINT_IDS.includes(tab as EndpointId));
  return endpoints.map((tab) =>
    tab === 'read-through' ? readThroughContent(readThrough) : tableOf(tab, firstRound.get(tab)),
  );
}
