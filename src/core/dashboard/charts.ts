// What each chart shows: the data blocks (written on the dashboard tab, beside the charts) and one chart
// specification per chart. Sheets draws them as native charts; the local dashboard draws the same
// specifications with a charting library (local/dashboard/).
import { daysInMonth, type LedgerDay, monthSums } from '../figures';
import { plural } from '../phrases';
import { type CalendarDate, type CellValue, moneyDecimals } from '../report';
import { isCalendarDate } from '../tabs/cells';
import type { BookEconomics } from './books';
import type { SeriesEconomics } from './series';
import { columnOf, type DashboardSources, idText, measureAt, roundTo } from './sources';

type BlockKey = 'daily' | 'monthly' | 'marketplaces' | 'profit' | 'readers';
export type ColumnKind = 'date' | 'month' | 'money' | 'count' | 'text';

export interface DataBlock {
  readonly key: BlockKey;
  readonly headers: readonly string[];
  readonly kinds: readonly ColumnKind[];
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

const CHARTS: readonly ChartSpec[] = [
  {
    key: 'daily-royalties-ad-spend',
    title: 'Royalties and ad spend by day',
    kind: 'line',
    block: 'daily',
    columns: [0, 1, 2],
  },
  {
    key: 'monthly-royalties-ad-spend',
    title: 'Royalties and ad spend by month',
    kind: 'column',
    block: 'monthly',
  },
  { key: 'marketplace-royalties', title: 'Royalties by marketplace', kind: 'bar', block: 'marketplaces' },
  {
    key: 'book-net-profit',
    title: 'Net profit by book (top 10, the rest summed)',
    kind: 'bar',
    block: 'profit',
  },
  { key: 'series-read-through', title: 'Readers of each book, per series', kind: 'column', block: 'readers' },
  { key: 'daily-kenp-pages', title: 'KENP pages read by day', kind: 'line', block: 'daily', columns: [0, 3] },
];

/** Books shown one by one in the net profit chart; the rest are summed into one bar. */
const TOP_BOOKS = 10;

function dailyBlock(sources: DashboardSources): DataBlock {
  const { timeline } = sources;
  const dateAt = columnOf(timeline, ['date', 'day', 'period']);
  const figures = (['royalties', 'ad_spend', 'kenp_pages'] as const).map((m) => measureAt(timeline, m));
  const rows = timeline.rows
    .map((row, i) => [row[dateAt] ?? null, ...figures.map((at) => at(i))])
    .filter((row) => isCalendarDate(row[0]));
  return {
    key: 'daily',
    headers: ['Day', 'Royalties', 'Ad spend', 'KENP pages read'],
    kinds: ['date', 'money', 'money', 'count'],
    rows,
  };
}

/** Whole months of the ledger (the API answers for one period); drawn once there are two. A month the
 * ledger holds only some days of (the first, begun mid-month; the current one) is left out: its short bar
 * would read as a bad month. The month view lists it, marked partial. */
function monthlyBlock(history: readonly LedgerDay[], currency: string | null): DataBlock {
  const days = history.filter((day) => day.currency === currency);
  const months = monthSums(days, 2, (day, i) => (i === 0 ? day.figures.royalties : day.figures.ad_spend));
  const decimals = moneyDecimals(currency || '');
  const round = (v: number | null | undefined) =>
    v === null || v === undefined ? null : roundTo(v, decimals);
  const whole = [...months.keys()].filter((m) => months.get(m)!.days >= daysInMonth(m));
  const rows = whole.sort().map((m) => {
    const { sums } = months.get(m)!;
    const month: CalendarDate = { kind: 'calendar-date', iso: m };
    return [month, round(sums[0]), round(sums[1])];
  });
  return {
    key: 'monthly',
    headers: ['Month', 'Royalties', 'Ad spend'],
    kinds: ['month', 'money', 'money'],
    rows,
  };
}

function marketplaceBlock(sources: DashboardSources): DataBlock {
  const { marketplaces } = sources;
  const nameAt = columnOf(marketplaces, ['marketplace', 'store', 'country']);
  const royalties = measureAt(marketplaces, 'royalties');
  const rows = marketplaces.rows
    .map((row, i) => [idText(row[nameAt]) ?? `Row ${i + 1}`, royalties(i)] as [string, number | null])
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0));
  return { key: 'marketplaces', headers: ['Marketplace', 'Royalties'], kinds: ['text', 'money'], rows };
}

function profitBlock(books: readonly BookEconomics[], currency: string | null): DataBlock {
  const known = books.filter((b) => b.netProfit !== null).sort((a, b) => b.netProfit! - a.netProfit!);
  const rows: CellValue[][] = known.slice(0, TOP_BOOKS).map((b) => [b.title, b.netProfit]);
  const rest = known.slice(TOP_BOOKS);
  if (rest.length > 0) {
    const sum = roundTo(
      rest.reduce((s, b) => s + b.netProfit!, 0),
      moneyDecimals(currency || ''),
    );
    rows.push([`Other ${plural(rest.length, 'book')}`, sum]);
  }
  return { key: 'profit', headers: ['Book', 'Net profit'], kinds: ['text', 'money'], rows };
}

/** Book 1, 2, … down, one column of readers per series. */
function readersBlock(series: readonly SeriesEconomics[]): DataBlock {
  const longest = Math.max(0, ...series.map((s) => s.books.length));
  const rows: CellValue[][] = [];
  for (let i = 0; i < longest; i++) {
    rows.push([`Book ${i + 1}`, ...series.map((s) => s.books[i]?.readers ?? null)]);
  }
  return {
    key: 'readers',
    headers: ['Book in series', ...series.map((s) => s.name)],
    kinds: ['text', ...series.map((): ColumnKind => 'count')],
    rows,
  };
}

export function dataBlocks(
  sources: DashboardSources,
  history: readonly LedgerDay[],
  books: readonly BookEconomics[],
  series: readonly SeriesEconomics[],
): DataBlock[] {
  const currency = sources.summary.meta.currency;
  return [
    dailyBlock(sources),
    monthlyBlock(history, currency),
    marketplaceBlock(sources),
    profitBlock(books, currency),
    readersBlock(series),
  ];
}

/** The charts drawn: the monthly one once the ledger holds two months. */
export function chartsFor(blocks: readonly DataBlock[]): ChartSpec[] {
  const monthly = blocks.find((b) => b.key === 'monthly');
  return CHARTS.filter((c) => c.block !== 'monthly' || (monthly?.rows.length ?? 0) >= 2);
}
