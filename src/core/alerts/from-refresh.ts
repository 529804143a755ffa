// The alerts of a refresh, from what it already fetched (the books report, the series) and the days the
// history keeps: no request of its own. Off, or with nothing to judge, there are none.

import { isObject } from '../base/unknown';
import type { EndpointId } from '../endpoints';
import type { LedgerDay } from '../figures';
import { bookRows } from '../figures/book-rows';
import { reportPeriod } from '../report/period';
import { idPairs } from '../report/table-reader';
import { type Fetched, tabContents } from '../tabs';
import { adSpendAlerts } from './ad-spend';
import { ALERT_LEVELS, type Alert, levelRank } from './alert';
import type { AlertLines } from './lines';
import { pageReadAlerts } from './page-reads';
import type { AlertNews } from './raised';
import { type SalesBaseline, salesStopAlerts } from './sales-stop';

/** Every alert the figures raise; `days` the ledger's (null when this refresh did not read it); and the
 * books' sales baseline with this refresh's period learnt (null: unchanged). */
export function refreshAlerts(
  firstRound: ReadonlyMap<EndpointId, Fetched>,
  days: readonly LedgerDay[] | null,
  lines: AlertLines,
  baseline: SalesBaseline,
): { alerts: Alert[]; baseline: SalesBaseline | null } {
  if (!lines.enabled) return { alerts: [], baseline: null };
  const tables = new Map(
    tabContents(['books-report', 'series', 'timeline'], firstRound, undefined).flatMap((c) =>
      c.kind === 'table' ? [[c.tab, c.table] as const] : [],
    ),
  );
  const books = tables.get('books-report');
  const series = tables.get('series');
  const bookFigures = books
    ? bookRows(books, { royalties: 'royalties', adSpend: 'ad_spend', units: 'units_sold' })
    : [];
  // A period cut short (truncated) is not the period it names: not judged.
  const period = books && !books.meta.truncated ? reportPeriod(books, tables.get('timeline') ?? books) : null;
  const ads = books
    ? adSpendAlerts(
        {
          books: bookFigures,
          seriesNames: new Map(series ? idPairs(series, ['series_id', 'id'], ['name', 'series_name']) : []),
          period,
          currency: books.meta.currency,
        },
        lines,
      )
    : [];
  const sales = books ? salesStopAlerts(bookFigures, period, baseline) : null;
  const pages = pageReadAlerts(
    (days ?? []).flatMap((d) =>
      d.status === 'settled' && typeof d.figures.kenp_pages === 'number'
        ? [{ date: d.date, pages: d.figures.kenp_pages }]
        : [],
    ),
    lines,
  );
  return { alerts: [...ads, ...pages, ...(sales?.alerts ?? [])], baseline: sales?.baseline ?? null };
}

/** A refresh's alerts as its record keeps them (the e-mail, the sidebar and the Status tab read it). */
export interface RefreshAlerts {
  /** Alerts are turned off: nothing was judged. */
  readonly off: boolean;
  /** Every alert standing, the new or worse first, then the most serious; at most MOST_KEPT. */
  readonly standing: readonly Alert[];
  /** Standing alerts left out of `standing` for room. */
  readonly more: number;
  /** Ids of the standing alerts that are new since the last night, or worse. */
  readonly raised: readonly string[];
  /** Alerts raised before that no longer cross a line: a sentence each. */
  readonly cleared: readonly string[];
}

/** The alerts a record keeps: an account of 300 series still fits its 8 KB. */
const MOST_KEPT = 8;

export function keptAlerts(current: readonly Alert[], news: AlertNews, off: boolean): RefreshAlerts {
  const isNew = new Set(news.raised.map((a) => a.id));
  const order = (a: Alert) => (isNew.has(a.id) ? 10 : 0) + levelRank(a.level);
  const standing = [...current].sort((a, b) => order(b) - order(a));
  const kept = standing.slice(0, MOST_KEPT);
  return {
    off,
    standing: kept,
    more: standing.length - kept.length,
    raised: kept.filter((a) => isNew.has(a.id)).map((a) => a.id),
    cleared: news.cleared.slice(0, MOST_KEPT),
  };
}

/** What the e-mail leads with: the alerts new or worse since the last night, and those cleared. */
export function alertsToTell(alerts: RefreshAlerts | undefined): { raised: Alert[]; cleared: string[] } {
  if (!alerts || alerts.off) return { raised: [], cleared: [] };
  const raised = new Set(alerts.raised);
  return { raised: alerts.standing.filter((a) => raised.has(a.id)), cleared: [...alerts.cleared] };
}

/** Our record's alerts read back; anything unreadable is none. */
export function storedRefreshAlerts(raw: unknown): RefreshAlerts | undefined {
  if (!isObject(raw) || !Array.isArray(raw.standing)) return undefined;
  const texts = (v: unknown) => (Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : []);
  const standing = raw.standing.filter(
    (a): a is Alert =>
      isObject(a) &&
      typeof a.id === 'string' &&
      typeof a.text === 'string' &&
      (ALERT_LEVELS as readonly unknown[]).includes(a.level),
  );
  return {
    off: raw.off === true,
    standing,
    more: typeof raw.more === 'number' ? raw.more : 0,
    raised: texts(raw.raised),
    cleared: texts(raw.cleared),
  };
}
