// The calendar year at a glance (docs/guide/alerts-and-the-year.md), from the history's days: one row per
// month and currency with royalties, KENP royalties, ad spend, net profit and units sold, each currency
// apart and never converted; a month the history holds no day of from the timeline by month
// (timeline-months.ts); months partial, estimated, from the timeline or with no day say so. Below, an
// estimate of what was paid in the year: each month of sale shifted by the payment delay (about 60 days
// after the month ends), labelled as an estimate that will not equal the tax form. Withholding and payment
// dates are not in the API: said, never guessed. No tax advice. Last, the year by marketplace
// (year-marketplaces.ts), where the API gave it, and the months by marketplace (month-marketplaces.ts):
// kept on the tab itself, read back at each refresh, since no endpoint gives them and the tab is what the
// author sees; a month no refresh saw is listed as not kept.
import { daysInMonth, type LedgerDay, type Measure, monthSums } from '../figures';
import { isEstimated } from '../history/months';
import { type CellValue, moneyDecimals, type ReportColumn, type ReportTable } from '../report';
import { roundTo } from '../report/table-reader';
import { DEFAULT_PAYMENT_DELAY_DAYS, type RoyaltiesSettings } from '../settings';
import { yearTabId } from '../tab-ids';
import { type Fetched, HEADER_ROWS, movedColumn, type WrittenTab } from '../tabs';
import { isMonthCell, type LastMonth, lastMonthMarketplaces, monthsNotKept } from './month-marketplaces';
import { type TimelineMonths, timelineMonths } from './timeline-months';
import { marketplacesOf, type YearMarketplaces, yearMarketplaces } from './year-marketplaces';

const MEASURES: readonly Measure[] = ['royalties', 'kenp_royalties', 'ad_spend', 'net_profit', 'units_sold'];
const MONEY: ReadonlySet<Measure> = new Set(['royalties', 'kenp_royalties', 'ad_spend', 'net_profit']);

export const YEAR_COLUMNS: readonly ReportColumn[] = [
  { key: 'month', label: 'Month', format: { kind: 'text' } },
  { key: 'currency', label: 'Currency', format: { kind: 'text' } },
  { key: 'marketplace', label: 'Marketplace', format: { kind: 'text' } },
  { key: 'status', label: 'Status', format: { kind: 'text' } },
  { key: 'days', label: 'Days in the history', format: { kind: 'integer' } },
  { key: 'royalties', label: 'Royalties', format: { kind: 'decimal' } },
  { key: 'kenp_royalties', label: 'KENP royalties', format: { kind: 'decimal' } },
  { key: 'ad_spend', label: 'Ad spend', format: { kind: 'decimal' } },
  { key: 'net_profit', label: 'Net profit', format: { kind: 'decimal' } },
  { key: 'units_sold', label: 'Units sold', format: { kind: 'integer' } },
];

/** `YYYY-MM` of the month `months` after `month`. */
function shiftMonth(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + months, 1));
  return d.toISOString().slice(0, 7);
}

/** Whole months a payment comes after the month of sale: 60 days after its end is two months on. */
export function paymentShift(delayDays: number): number {
  return Math.max(0, Math.round(delayDays / 30));
}

/** The months of sale whose payment falls in `year`, first and last. */
export function salesPaidIn(year: number, delayDays: number): { first: string; last: string } {
  const shift = paymentShift(delayDays);
  return { first: shiftMonth(`${year}-01`, -shift), last: shiftMonth(`${year}-12`, -shift) };
}

function sums(days: readonly LedgerDay[]) {
  return monthSums(days, MEASURES.length, (day, i) => day.figures[MEASURES[i]!]);
}

const text = (v: string): CellValue => v;

export const FROM_TIMELINE = 'from the timeline by month';
const BY_MARKETPLACE = 'from the Marketplaces report';
const NO_DAYS = 'no days in the history';
const KEPT = `${BY_MARKETPLACE}, kept from the last refresh of its year`;
/** The Status of a month's row by marketplace, before the day of the refresh that asked it. */
const LAST_MONTH = "from Last month's Marketplaces report, refreshed ";
/** After LAST_MONTH's day, on the one row of a month whose report sent none. */
const NO_ROWS = ': no row sent, no sales by marketplace';

/** What the year got from the API beside the history's days (nothing for ROYALTIES_YEAR, which asks none). */
export interface YearAnswers {
  readonly timeline: TimelineMonths | null;
  /** Why the timeline by month gave no month (the server's own message when it refused). */
  readonly reason: string | null;
  /** The marketplace report over the year, or why not; null when not asked. */
  readonly marketplaces: YearMarketplaces | null;
  /** The marketplace report over last month, or why not; null when not asked. */
  readonly lastMonth: LastMonth | null;
}

const NOTHING_ASKED: YearAnswers = { timeline: null, reason: null, marketplaces: null, lastMonth: null };
/** The Marketplace cell of the rows of every marketplace: the months, the total, the estimate. */
const ALL = 'all';
export const STATUS_AT = YEAR_COLUMNS.findIndex((c) => c.key === 'status');
const MARKETPLACE_AT = YEAR_COLUMNS.findIndex((c) => c.key === 'marketplace');
/** The empty cells after a row's Status: a row that says something and holds no figure. */
export const NO_FIGURES: readonly CellValue[] = YEAR_COLUMNS.slice(STATUS_AT + 1).map(() => null);

/** A figure as the tab shows it: money to its currency's decimals. */
const round = (v: number | null, i: number, currency: string | null) =>
  v === null ? null : roundTo(v, MONEY.has(MEASURES[i]!) && currency ? moneyDecimals(currency) : 2);

/** A row of a report by marketplace: `when` is its period or month. */
function marketplaceRow(
  when: string,
  currency: string | null,
  { name, figures }: { readonly name: string; readonly figures: readonly (number | null)[] },
  status: string,
): CellValue[] {
  return [text(when), currency, name, status, null, ...figures.map((f, i) => round(f, i, currency))];
}

/** One month of one currency: from the history's days, else from the timeline by month. */
interface MonthFigures {
  readonly sums: readonly (number | null)[];
  /** Days of it in the history (0 for a month from the timeline). */
  readonly days: number;
  /** Days the figures cover; null when the timeline does not say. */
  readonly covered: number | null;
  readonly fromTimeline: boolean;
  readonly provisional: boolean;
}

/** A currency's months, `YYYY-MM` → figures: its days in the history summed, and the timeline's months
 * where the history holds no day of them. */
function monthsOf(
  days: readonly LedgerDay[],
  currency: string | null,
  timeline: TimelineMonths | null,
): Map<string, MonthFigures> {
  const ofCurrency = days.filter((d) => d.currency === currency);
  const provisional = new Set(
    ofCurrency.filter((d) => d.status === 'provisional').map((d) => d.date.slice(0, 7)),
  );
  const months = new Map<string, MonthFigures>();
  for (const [month, found] of sums(ofCurrency))
    months.set(month, {
      sums: found.sums,
      days: found.days,
      covered: found.days,
      fromTimeline: false,
      provisional: provisional.has(month),
    });
  if (timeline && timeline.currency === currency)
    for (const [month, found] of timeline.months)
      if (!months.has(month))
        months.set(month, {
          sums: found.figures,
          days: 0,
          covered: found.covered,
          fromTimeline: true,
          provisional: false,
        });
  return months;
}

/** The Status of a month with figures. */
function monthStatus(month: string, found: MonthFigures, today: string): string {
  const state = isEstimated(month, today, found.provisional) ? 'estimated' : 'final';
  const whole = daysInMonth(month);
  const source = found.fromTimeline ? `, ${FROM_TIMELINE}` : '';
  if (found.covered === null) return `${state}${source}, maybe partial`;
  return found.covered < whole
    ? `${state}${source}, partial (${found.covered} of ${whole} days)`
    : `${state}${source}`;
}

/**
 * The year's table: for each currency of the history's days in `year` (in the order first met, then the
 * timeline's), a row per month through the last month with days (the current month for this year), a
 * total, then the estimate of what was paid in the year. `today`: `YYYY-MM-DD` in the sheet's zone.
 */
export function yearTable(
  days: readonly LedgerDay[],
  year: number,
  today: string,
  delayDays = DEFAULT_PAYMENT_DELAY_DAYS,
  timeline: TimelineMonths | null = null,
  marketplaces: YearMarketplaces | null = null,
): ReportTable {
  const yearText = String(year);
  const inYear = (month: string) => month.startsWith(`${yearText}-`);
  const currencies = [
    ...new Set([
      ...days.map((d) => d.currency),
      ...(timeline && [...timeline.months.keys()].some(inYear) ? [timeline.currency] : []),
    ]),
  ];
  const rows: CellValue[][] = [];
  for (const currency of currencies) {
    const months = monthsOf(days, currency, timeline);
    if (![...months.keys()].some(inYear)) continue;
    const lastMonth = today.startsWith(yearText) ? today.slice(0, 7) : `${yearText}-12`;
    const total: (number | null)[] = MEASURES.map(() => 0);
    let totalDays = 0;
    for (let m = 1; m <= 12; m++) {
      const month = `${yearText}-${String(m).padStart(2, '0')}`;
      if (month > lastMonth) break;
      const found = months.get(month);
      if (!found) {
        rows.push([text(month), currency, ALL, NO_DAYS, 0, null, null, null, null, null]);
        MEASURES.forEach((_, i) => {
          total[i] = null;
        });
        continue;
      }
      found.sums.forEach((s, i) => {
        total[i] = s === null || total[i] === null ? null : total[i]! + s;
      });
      totalDays += found.days;
      rows.push([
        text(month),
        currency,
        ALL,
        monthStatus(month, found, today),
        found.days,
        ...found.sums.map((s, i) => round(s, i, currency)),
      ]);
    }
    rows.push([
      text(`${yearText} total`),
      currency,
      ALL,
      'the months above; a month missing a figure leaves it missing',
      totalDays,
      ...total.map((s, i) => round(s, i, currency)),
    ]);
    rows.push(paidRow(months, year, delayDays, currency, round));
  }
  const ofYear = marketplacesOf(marketplaces, year);
  if (ofYear) {
    const { start, end, currency } = ofYear;
    for (const row of ofYear.rows)
      rows.push(marketplaceRow(`${start} to ${end}`, currency, row, BY_MARKETPLACE));
  }
  return { columns: YEAR_COLUMNS, rows, meta: { period: null, currency: null, truncated: false } };
}

/** The marketplace rows a year's tab holds (`values`: the rows below its headers, to the sheet's last;
 * `columns`: its keys in sheet order) as the year's table lays them: the months by marketplace as written,
 * the year so far's marked kept (the year so far the API answers has moved on, and no other report gives
 * them). Picked by their Status wherever they stand, so a row the author inserted loses none; `through`:
 * the rows read through the last of them, all of them ours to write over. */
export function keptMarketplaces(values: readonly CellValue[][], columns: readonly string[]) {
  let through = 0;
  const rows = yearRows(values, columns)
    .filter((row, i) => {
      const kept = isByMarketplace(row);
      if (kept) through = i + 1;
      return kept;
    })
    .map((row) => (isMonthCell(row[0]) ? row : row.map((v, c) => (c === STATUS_AT ? KEPT : v))));
  return { rows, through };
}

/** Why a year's tab cannot be read back where its mark says its columns are (movedColumn); null when its
 * header row still reads as written. A column of another version's table is not checked. */
export function movedYearColumn(columns: readonly string[], headerRow: readonly unknown[]): string | null {
  const labels = columns.map(
    (key, i) => YEAR_COLUMNS.find((c) => c.key === key)?.label ?? String(headerRow[i]),
  );
  return movedColumn(labels, headerRow, "year's");
}

/** A year's tab read back in one read: the rows below its headers, to the sheet's last, and why they
 * cannot be read by their places when its header row moved (movedYearColumn). */
export function readYearTab(tab: WrittenTab): { below: CellValue[][]; moved: string | null } {
  const { columns } = tab.mark;
  const [header = [], ...below] = tab.readBelow(HEADER_ROWS, columns.length);
  return { below, moved: below.length ? movedYearColumn(columns, header) : null };
}

/** A year's tab's rows (`columns`: its keys in sheet order) in the year's columns, an empty cell null. */
export function yearRows(values: readonly CellValue[][], columns: readonly string[]): CellValue[][] {
  const at = YEAR_COLUMNS.map((c) => columns.indexOf(c.key));
  return values.map((row) => at.map((i) => (i < 0 || row[i] === '' ? null : row[i]!)));
}

/** A row by marketplace of a year's tab (yearRows), picked by its Status: a month whose report sent no
 * row has no marketplace. */
export function isByMarketplace(row: readonly CellValue[]): boolean {
  const status = String(row[STATUS_AT]);
  return row[0] !== null && (status.startsWith(BY_MARKETPLACE) || status.startsWith(LAST_MONTH));
}

/** A month's row by marketplace (the months' own rows say `all`). */
const isMonthByMarketplace = (row: readonly CellValue[]) =>
  row[MARKETPLACE_AT] !== ALL && isMonthCell(row[0]);

/** Which rows by marketplace the year's table holds: the year so far's, the months'. */
export function marketplaceSections(table: ReportTable) {
  const by = table.rows.filter((r) => r[MARKETPLACE_AT] !== ALL);
  return { yearSoFar: by.some((r) => !isMonthCell(r[0])), months: by.some((r) => isMonthCell(r[0])) };
}

/** What the estimate's Status adds when a month of sale is missing. */
export const LACKS_DAYS = '; the history lacks some of those days';

/** The estimate of royalties paid in `year`: the months of sale whose payment falls in it. */
function paidRow(
  months: ReadonlyMap<string, MonthFigures>,
  year: number,
  delayDays: number,
  currency: string | null,
  round: (v: number | null, i: number, currency: string | null) => number | null,
): CellValue[] {
  const { first, last } = salesPaidIn(year, delayDays);
  // Every month of sale must be whole, else the estimate is missing, not too low.
  let royalties: number | null = 0;
  let days = 0;
  for (let m = first; m <= last; m = shiftMonth(m, 1)) {
    const found = months.get(m);
    days += found?.days ?? 0;
    const r = found && found.covered === daysInMonth(m) ? (found.sums[0] ?? null) : null;
    royalties = royalties === null || r === null ? null : royalties + r;
  }
  return [
    text(`Paid in ${year} (estimate)`),
    currency,
    ALL,
    `sales of ${first} to ${last}, paid about ${delayDays} days after each month ends${royalties === null ? LACKS_DAYS : ''}. An estimate: it will not equal your tax form. Withholding and payment dates are not in the API.`,
    days,
    round(royalties, 0, currency),
    null,
    null,
    null,
    null,
  ];
}

/** Whether any of `days` holds a money figure (in its currency). */
export function holdsMoney(days: readonly LedgerDay[]): boolean {
  return days.some((d) => [...MONEY].some((m) => d.figures[m] !== undefined));
}

/** The years the year's tabs show: those asked for, else this year and last. */
export function yearsAsked(today: string, asked: readonly number[] | undefined): readonly number[] {
  const year = Number(today.slice(0, 4));
  return asked?.length ? asked : [year, year - 1];
}

/** What the year takes from round 1's answers (undefined: not asked). */
export function yearAnswers(
  months: Fetched | undefined,
  marketplaces: Fetched | undefined,
  currency: string | null,
  lastMonth?: Fetched,
): YearAnswers {
  const read = months ? timelineMonths(months, currency, MEASURES) : null;
  return {
    timeline: read && 'result' in read ? read.result : null,
    reason: read && 'reason' in read ? read.reason : null,
    marketplaces: yearMarketplaces(marketplaces, MEASURES),
    lastMonth: lastMonthMarketplaces(lastMonth, MEASURES),
  };
}

/** What a year's tab says above its figures: where its months come from, why some are missing, and where
 * its figures by marketplace are. `thisYear`: the refresh's; `byMonth`: what monthsNote says. */
export function yearNote(
  year: number,
  table: ReportTable,
  delayDays: number,
  answers: YearAnswers = NOTHING_ASKED,
  thisYear = year,
  byMonth = '',
): string {
  const said = (words: string) => table.rows.some((r) => String(r[STATUS_AT]).includes(words));
  const hasMonths = table.rows.some((r) => r[MARKETPLACE_AT] === ALL);
  const held = !hasMonths
    ? 'the history tab holds no day of it (it keeps the days since its first refresh)'
    : said(FROM_TIMELINE)
      ? `by month, from the history tab, then ${FROM_TIMELINE}`
      : 'by month, from the history tab';
  // The timeline by month reaches back 365 days: a month before it with no day in the history stays empty.
  const reach = answers.timeline && [...answers.timeline.months.keys()].sort()[0];
  const beforeReach =
    reach &&
    (hasMonths
      ? table.rows.some((r) => r[STATUS_AT] === NO_DAYS && String(r[0]) < reach)
      : String(year) < reach);
  const missing =
    answers.reason && (!hasMonths || said(NO_DAYS))
      ? `; months without days: the timeline by month was not given: ${answers.reason}`
      : beforeReach
        ? "; months without days: before the timeline by month's 365 days"
        : '';
  return `${year}: ${held}${missing}${marketplaceNote(
    year,
    answers.marketplaces,
    thisYear,
    table.rows.some((r) => r[STATUS_AT] === KEPT),
  )}${byMonth}; each currency apart, never converted. "Paid in" is an estimate (${delayDays} days after each month ends, changeable in the sidebar), not your tax form. Not tax advice.`;
}

/** Where the tab's figures by marketplace come from, or why it has none. */
function marketplaceNote(
  year: number,
  found: YearMarketplaces | null,
  thisYear: number,
  kept: boolean,
): string {
  if (kept) return `; by marketplace: ${KEPT}`;
  if (!found) return '';
  const ofYear = marketplacesOf(found, year);
  if (ofYear) return `; by marketplace: the Marketplaces report over ${ofYear.start} to ${ofYear.end}`;
  if ('reason' in found && year === thisYear) return `; by marketplace: not given: ${found.reason}`;
  return '; by marketplace: not kept for this year';
}

/** What a year's tab says of its months by marketplace: what became of last month's report (`said`, when
 * it is this tab's month and not laid out as sent), and the months ended that no refresh kept. */
function monthsNote(year: number, table: ReportTable, said: string | null, today: string): string {
  const held = new Set(table.rows.filter(isMonthByMarketplace).map((r) => String(r[0])));
  const missing = monthsNotKept(held, year, today);
  return `${said ? `; last month by marketplace: ${said}` : ''}${
    missing
      ? `; months by marketplace not kept: ${missing} (each is kept by a refresh in the month after it)`
      : ''
  }`;
}

/** A year's months by marketplace: those its tab kept (`back`), last month's answer (`mine`, when
 * `lastMonth` is in `year`) in place of that month's, in month order; and what the banner says of that
 * answer when it is not laid out as sent. */
function monthsByMarketplace(
  year: number,
  back: readonly CellValue[][],
  mine: LastMonth | null,
  lastMonth: string,
  today: string,
): { months: CellValue[][]; said: string | null } {
  const inYear = (month: unknown) => String(month).startsWith(`${year}-`);
  const answered = mine && 'rows' in mine ? mine : null;
  const status = `${LAST_MONTH}${today}`;
  let fresh = answered?.rows.map((row) => marketplaceRow(lastMonth, answered.currency, row, status)) ?? null;
  // The rows kept of last month in its answer's currency: those it replaces (a currency changed since
  // leaves the other's, each apart, never converted).
  const ofAnswer = (r: readonly CellValue[]) => r[0] === lastMonth && r[1] === answered?.currency;
  // An answer with no row is a month with no sales by marketplace, said in a row without one; a month
  // kept with rows keeps them, the banner saying this answer had none.
  const keptRows = back.some((r) => ofAnswer(r) && r[MARKETPLACE_AT] !== null);
  const noRows = answered && !answered.rows.length;
  if (noRows)
    fresh = keptRows ? null : [[lastMonth, answered.currency, null, `${status}${NO_ROWS}`, ...NO_FIGURES]];
  // The months in order, each in its report's order.
  const months = [
    ...back.filter((r) => isMonthCell(r[0]) && inYear(r[0]) && !(fresh && ofAnswer(r))),
    ...(fresh ?? []),
  ];
  months.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const said =
    mine && 'reason' in mine
      ? `not given: ${mine.reason}`
      : noRows && keptRows
        ? `its report sent no row this time, so the rows kept of ${lastMonth} stay`
        : null;
  return { months, said };
}

/** A tab per year asked for, newest first: its id, table and note. `kept`: the marketplace rows a year's
 * tab holds (keptMarketplaces), the year so far's wanted only when the API's year so far is not that year. */
export function yearTabs(
  days: readonly LedgerDay[],
  today: string,
  settings: RoyaltiesSettings,
  answers: YearAnswers = NOTHING_ASKED,
  kept: (year: number, yearSoFar: boolean) => readonly CellValue[][] = () => [],
) {
  const delay = settings.paymentDelay ?? DEFAULT_PAYMENT_DELAY_DAYS;
  const thisYear = Number(today.slice(0, 4));
  const found = answers.marketplaces;
  const last = answers.lastMonth;
  // Refused, last month's report names no month: the month before the refresh's is meant.
  const lastMonth = last && 'month' in last ? last.month : shiftMonth(today.slice(0, 7), -1);
  return yearsAsked(today, settings.years).map((year) => {
    const made = yearTable(days, year, today, delay, answers.timeline, found);
    const yearSoFar = year < thisYear && !marketplacesOf(found, year);
    const back = kept(year, yearSoFar);
    const mine = last && String(lastMonth).startsWith(`${year}-`) ? last : null;
    const { months, said } = monthsByMarketplace(year, back, mine, lastMonth, today);
    const rows = [...made.rows, ...(yearSoFar ? back.filter((r) => !isMonthCell(r[0])) : []), ...months];
    const table = { ...made, rows };
    const byMonth = monthsNote(year, table, said, today);
    return { tab: yearTabId(year), table, note: yearNote(year, table, delay, answers, thisYear, byMonth) };
  });
}
