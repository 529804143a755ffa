// The alerts of a refresh, from what it already fetched (the books report, the series) and the days the
// history keeps: no request of its own. Off, or with nothing to judge, there are none.
import { reportPeriod } from '../dashboard/period';
import type { EndpointId } from '../endpoints';
import type { LedgerDay } from '../figures';
import { measureAt } from '../figures/measure-at';
import type { ReportTable } from '../report';
import { BOOK_ID, BOOK_TITLE, columnOf, idPairs, idText, SERIES_ID } from '../report/table-reader';
import { type Fetched, tabContents } from '../tabs';
import { adSpendAlerts, type BookSpend } from './ad-spend';
import type { Alert } from './alert';
import type { AlertLines } from './lines';
import { pageReadAlerts } from './page-reads';

export function booksOfReport(table: ReportTable): BookSpend[] {
  const royalties = measureAt(table, 'royalties');
  const adSpend = measureAt(table, 'ad_spend');
  const idAt = columnOf(table, BOOK_ID);
  const titleAt = columnOf(table, BOOK_TITLE);
  const seriesAt = columnOf(table, SERIES_ID);
  const out: BookSpend[] = [];
  table.rows.forEach((row, i) => {
    const title = idText(row[titleAt]);
    const id = idText(row[idAt]) || title || `Row ${i + 1}`;
    out.push({
      id,
      title: title || id,
      seriesId: idText(row[seriesAt]),
      royalties: royalties(i),
      adSpend: adSpend(i),
    });
  });
  return out;
}

/** Every alert the figures raise; `days` the ledger's (null when this refresh did not read it). */
export function refreshAlerts(
  firstRound: ReadonlyMap<EndpointId, Fetched>,
  days: readonly LedgerDay[] | null,
  lines: AlertLines,
): Alert[] {
  if (!lines.enabled) return [];
  const tables = new Map(
    tabContents(['books-report', 'series', 'timeline'], firstRound, undefined).flatMap((c) =>
      c.kind === 'table' ? [[c.tab, c.table] as const] : [],
    ),
  );
  const books = tables.get('books-report');
  const series = tables.get('series');
  const ads = books
    ? adSpendAlerts(
        {
          books: booksOfReport(books),
          seriesNames: new Map(series ? idPairs(series, ['series_id', 'id'], ['name', 'series_name']) : []),
          // A period cut short (truncated) is not the period it names: not judged.
          period: books.meta.truncated ? null : reportPeriod(books, tables.get('timeline') ?? books),
          currency: books.meta.currency,
        },
        lines,
      )
    : [];
  const pages = pageReadAlerts(
    (days ?? []).flatMap((d) =>
      d.status === 'settled' && typeof d.figures.kenp_pages === 'number'
        ? [{ date: d.date, pages: d.figures.kenp_pages }]
        : [],
    ),
    lines,
  );
  return [...ads, ...pages];
}
