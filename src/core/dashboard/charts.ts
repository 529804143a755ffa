// What each chart shows: the data blocks (written on the dashboard tab, beside the charts) and one chart
// specification per chart. Sheets draws them as native charts; the local dashboard draws the same
// specifications with a charting library (local/dashboard/).

import { plural } from '../base/phrases';
import { daysInMonth, type LedgerDay, monthSums } from '../figures';
import { measureAt } from '../figures/measure-at';
import type { CellValue } from '../report';
import { columnOf, idText, roundMoney } from '../report/table-reader';
import { isCalendarDate } from '../tabs/cells';
import { DATE_FORMAT, MONTH_FORMAT, PLAIN_FORMAT } from '../tabs/formats';
import type { BookEconomics } from './books';
import { COUNT_FORMAT, formatOf } from './grid';
import type { SeriesEconomics } from './series';
import type { DashboardSources } from './sources';

type BlockKey = 'daily' | 'monthly' | 'marketplaces' | 'profit' | 'readers';

export interface DataBlock {
  readonly key: BlockKey;
  readonly headers: readonly string[];
  /** Each column's number format. */
  readonly formats: readonly string[];
  readonly rows: readonly (readonly CellValue[])[];
}

type ChartKind = 'line' | 'column' | 'bar';

export interface ChartSpec {
  /** Stable name of the chart: how a refresh finds it again. */
  readonly key: string;
  readonly title: string;
  readonly kind: ChartKind;
  readonly block: BlockKey;
  /** Block columns drawn, the first being the labels; all of them when absent. */
  readonly columns?: readonly number[];
}

/** Each chart's key, title, kind, block and columns (ChartSpec). */
export const CHARTS: readonly ChartSpec[] = (
  [
    ['daily-royalties-ad-spend', 'Royalties and ad spend by day', 'line', 'daily', [0, 1, 2]],
    ['monthly-royalties-ad-spend', 'Royalties and ad spend by month', 'column', 'monthly'],
    ['marketplace-royalties', 'Royalties by marketplace', 'bar', 'marketplaces'],
    ['book-net-profit', 'Net profit by book (top 10, the rest summed)', 'bar', 'profit'],
    ['series-read-through', 'Readers of each book, per series', 'column', 'readers'],
    ['daily-kenp-pages', 'KENP pages read by day', 'line', 'daily', [0, 3]],
  ] as const
).map(
  ([key, title, kind, block, columns]: readonly [
    string,
    string,
    ChartKind,
    BlockKey,
    (readonly number[])?,
  ]) => ({
    key,
    title,
    kind,
    block,
    columns,
  }),
);

/** Books shown one by one in the net profit chart; the rest are summed into one bar. */
const TOP_BOOKS = 10;

function block(
  key: BlockKey,
  headers: readonly string[],
  formats: readonly string[],
  rows: readonly (readonly CellValue[])[],
): DataBlock {
  return { key, headers, formats, rows };
}

export function dataBlocks(
  sources: DashboardSources,
  history: readonly LedgerDay[],
  books: readonly BookEconomics[],
  series: readonly SeriesEconomics[],
): DataBlock[] {
  const { timeline, marketplaces } = sources;
  const currency = sources.summary.meta.currency;
  const money = formatOf('money', currency);

  const dateAt = columnOf(timeline, ['date', 'day', 'period']);
  const daily = (['royalties', 'ad_spend', 'kenp_pages'] as const).map((m) => measureAt(timeline, m));

  // Whole months of the ledger (the API answers for one period); drawn once there are two. A month the
  // ledger holds only some days of (the first, begun mid-month; the current one) is left out: its short bar
  // would read as a bad month. The month view lists it, marked partial.
  const months = monthSums(
    history.filter((day) => day.currency === currency),
    2,
    (day, i) => day.figures[i ? 'ad_spend' : 'royalties'],
  );

  const nameAt = columnOf(marketplaces, ['marketplace', 'store', 'country']);
  const royalties = measureAt(marketplaces, 'royalties');

  const known = books.filter((b) => b.netProfit !== null).sort((a, b) => b.netProfit! - a.netProfit!);
  const rest = known.slice(TOP_BOOKS);

  return [
    block(
      'daily',
      ['Day', 'Royalties', 'Ad spend', 'KENP pages read'],
      [DATE_FORMAT, money, money, COUNT_FORMAT],
      timeline.rows
        .map((row, i) => [row[dateAt] || null, ...daily.map((at) => at(i))])
        .filter((row) => isCalendarDate(row[0])),
    ),
    block(
      'monthly',
      ['Month', 'Royalties', 'Ad spend'],
      [MONTH_FORMAT, money, money],
      [...months.keys()]
        .filter((m) => months.get(m)!.days >= daysInMonth(m))
        .sort()
        .map((iso) => [
          { kind: 'calendar-date', iso },
          ...months.get(iso)!.sums.map((v) => (v === null ? null : roundMoney(v, currency))),
        ]),
    ),
    block(
      'marketplaces',
      ['Marketplace', 'Royalties'],
      [PLAIN_FORMAT, money],
      marketplaces.rows
        .map((row, i) => [idText(row[nameAt]) || `Row ${i + 1}`, royalties(i)] as const)
        .sort((a, b) => (b[1] || 0) - (a[1] || 0)),
    ),
    block(
      'profit',
      ['Book', 'Net profit'],
      [PLAIN_FORMAT, money],
      [
        ...known.slice(0, TOP_BOOKS).map((b) => [b.title, b.netProfit]),
        ...(rest.length > 0
          ? [
              [
                `Other ${plural(rest.length, 'book')}`,
                roundMoney(
                  rest.reduce((s, b) => s + b.netProfit!, 0),
                  currency,
                ),
              ],
            ]
          : []),
      ],
    ),
    // Book 1, 2, … down, one column of readers per series.
    block(
      'readers',
      ['Book in series', ...series.map((s) => s.name)],
      [PLAIN_FORMAT, ...series.map(() => COUNT_FORMAT)],
      Array.from({ length: Math.max(0, ...series.map((s) => s.books.length)) }, (_, i) => [
        `Book ${i + 1}`,
        ...series.map((s) => (i < s.books.length ? s.books[i]!.readers : null)),
      ]),
    ),
  ];
}
