// Book economics, one row per book of the books report: royalties, ad spend, net profit, KENP pages and
// estimated borrows (pages ÷ the book's KENPC from the catalogue). The table works out TACoS from them.
import { bookRows } from '../figures/book-rows';
import { BOOK_ID, columnOf, idPairs, idText, numberOrNull, ratio } from '../report/table-reader';
import type { DashboardSources } from './sources';

export interface BookEconomics {
  readonly title: string;
  readonly series: string | null;
  readonly royalties: number | null;
  readonly adSpend: number | null;
  /** As sent only: missing when the report does not send it (its formula is the API's, not ours). */
  readonly netProfit: number | null;
  readonly kenpPages: number | null;
  /** KENP pages ÷ the book's KENPC: how many whole reads the pages make. */
  readonly borrows: number | null;
}

/** Series id → name, from /series and the read-through rows: the first pair of an id wins (reversed, it is
 * the last the map sets). */
function seriesNames(sources: DashboardSources): Map<string, string> {
  const ids = ['series_id', 'id'];
  return new Map(
    [
      ...idPairs(sources.series, ids, ['name', 'series_name', 'title']),
      ...idPairs(sources.readThrough, ids, ['series_name']),
    ].reverse(),
  );
}

function kenpcByBook(sources: DashboardSources): Map<string, number> {
  const { catalog } = sources;
  const idAt = columnOf(catalog, BOOK_ID);
  const kenpcAt = columnOf(catalog, ['kenpc', 'kenp_page_count', 'kenp_pages_count']);
  const out = new Map<string, number>();
  // A missing column (-1) has no value in any row.
  for (const row of catalog.rows) {
    const id = idText(row[idAt]);
    const kenpc = numberOrNull(row[kenpcAt]);
    if (id !== null && kenpc !== null && kenpc > 0) out.set(id, kenpc);
  }
  return out;
}

export function bookEconomics(sources: DashboardSources): BookEconomics[] {
  const names = seriesNames(sources);
  const kenpcs = kenpcByBook(sources);
  const figures = {
    royalties: 'royalties',
    adSpend: 'ad_spend',
    // The API's own figure only: royalties − ad spend would be our formula for it, not its figure.
    netProfit: 'net_profit',
    kenpPages: 'kenp_pages',
  } as const;
  return bookRows(sources.books, figures).map(({ bookId, id, seriesId, ...book }) => ({
    ...book,
    series: seriesId === null ? null : names.get(seriesId) || seriesId,
    // A KENPC is above 0 (kenpcByBook).
    borrows: ratio(book.kenpPages, kenpcs.get(bookId as string) ?? null),
  }));
}
