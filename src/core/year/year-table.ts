// The calendar year at a glance (docs/guide/alerts-and-the-year.md), from the history's days: one row per
// month and currency with royalties, KENP royalties, ad spend, net profit and units sold, each currency
// apart and never converted; months partial, estimated or with no day in the history say so. Below, an
// estimate of what was paid in the year: each month of sale shifted by the payment delay (about 60 days
// after the month ends), labelled as an estimate that will not equal the tax form. Withholding and payment
// dates are not in the API: said, never guessed. No tax advice.
import { daysInMonth, type LedgerDay, type Measure, monthSums } from '../figures';
import { isEstimated } from '../history/months';
import { type CellValue, moneyDecimals, type ReportColumn, type ReportTable } from '../report';
import { roundTo } from '../report/table-reader';
import { DEFAULT_PAYMENT_DELAY_DAYS, type RoyaltiesSettings } from '../settings';
import { yearTabId } from '../tab-ids';

const MEASURES: readonly Measure[] = ['royalties', 'kenp_royalties', 'ad_spend', 'net_profit', 'units_sold'];
const MONEY: ReadonlySet<Measure> = new Set(['royalties', 'kenp_royalties', 'ad_spend', 'net_profit']);

export const YEAR_COLUMNS: readonly ReportColumn[] = [
  { key: 'month', label: 'Month', format: { kind: 'text' } },
  { key: 'currency', label: 'Currency', format: { kind: 'text' } },
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

/**
 * The year's table: for each currency of the history's days in `year` (in the order first met), a row per
 * month through the last month with days (the current month for this year), a total, then the estimate of
 * what was paid in the year. `today`: `YYYY-MM-DD` in the sheet's zone.
 */
export function yearTable(
  days: readonly LedgerDay[],
  year: number,
  today: string,
  delayDays = DEFAULT_PAYMENT_DELAY_DAYS,
): ReportTable {
  const currencies = [...new Set(days.map((d) => d.currency))];
  const rows: CellValue[][] = [];
  const round = (v: number | null, i: number, currency: string | null) =>
    v === null ? null : roundTo(v, MONEY.has(MEASURES[i]!) && currency ? moneyDecimals(currency) : 2);
  const yearText = String(year);
  for (const currency of currencies) {
    const ofCurrency = days.filter((d) => d.currency === currency);
    const inYear = ofCurrency.filter((d) => d.date.startsWith(`${yearText}-`));
    if (!inYear.length) continue;
    const months = sums(inYear);
    const provisional = new Set(
      inYear.filter((d) => d.status === 'provisional').map((d) => d.date.slice(0, 7)),
    );
    const lastMonth = today.startsWith(yearText) ? today.slice(0, 7) : `${yearText}-12`;
    const total: (number | null)[] = MEASURES.map(() => 0);
    let totalDays = 0;
    for (let m = 1; m <= 12; m++) {
      const month = `${yearText}-${String(m).padStart(2, '0')}`;
      if (month > lastMonth) break;
      const found = months.get(month);
      const whole = daysInMonth(month);
      if (!found) {
        rows.push([text(month), currency, 'no days in the history', 0, null, null, null, null, null]);
        MEASURES.forEach((_, i) => {
          total[i] = null;
        });
        continue;
      }
      const state = isEstimated(month, today, provisional.has(month)) ? 'estimated' : 'final';
      found.sums.forEach((s, i) => {
        total[i] = s === null || total[i] === null ? null : total[i]! + s;
      });
      totalDays += found.days;
      rows.push([
        text(month),
        currency,
        found.days < whole ? `${state}, partial (${found.days} of ${whole} days)` : state,
        found.days,
        ...found.sums.map((s, i) => round(s, i, currency)),
      ]);
    }
    rows.push([
      text(`${yearText} total`),
      currency,
      'the months above; a month missing a figure leaves it missing',
      totalDays,
      ...total.map((s, i) => round(s, i, currency)),
    ]);
    rows.push(paidRow(ofCurrency, year, delayDays, currency, round));
  }
  return { columns: YEAR_COLUMNS, rows, meta: { period: null, currency: null, truncated: false } };
}

/** The estimate of royalties paid in `year`: the months of sale whose payment falls in it. */
function paidRow(
  days: readonly LedgerDay[],
  year: number,
  delayDays: number,
  currency: string | null,
  round: (v: number | null, i: number, currency: string | null) => number | null,
): CellValue[] {
  const { first, last } = salesPaidIn(year, delayDays);
  const sold = days.filter((d) => {
    const month = d.date.slice(0, 7);
    return month >= first && month <= last;
  });
  const months = sums(sold);
  // Every month of sale must be whole in the history, else the estimate is missing, not too low.
  let whole = true;
  for (let m = first; m <= last; m = shiftMonth(m, 1))
    if ((months.get(m)?.days ?? 0) < daysInMonth(m)) whole = false;
  let royalties: number | null = whole ? 0 : null;
  for (const entry of months.values()) {
    const r = entry.sums[0] ?? null;
    royalties = royalties === null || r === null ? null : royalties + r;
  }
  return [
    text(`Paid in ${year} (estimate)`),
    currency,
    `sales of ${first} to ${last}, paid about ${delayDays} days after each month ends${whole ? '' : '; the history lacks some of those days'}. An estimate: it will not equal your tax form. Withholding and payment dates are not in the API.`,
    sold.length,
    round(royalties, 0, currency),
    null,
    null,
    null,
    null,
  ];
}

/** The years the year's tabs show: those asked for, else this year and last. */
export function yearsAsked(today: string, asked: readonly number[] | undefined): readonly number[] {
  const year = Number(today.slice(0, 4));
  return asked?.length ? asked : [year, year - 1];
}

/** What a year's tab says above its figures. */
export function yearNote(year: number, table: ReportTable, delayDays: number): string {
  const held = table.rows.length
    ? 'by month, from the history tab'
    : 'the history tab holds no day of it (it keeps the days since its first refresh)';
  return `${year}: ${held}; each currency apart, never converted. "Paid in" is an estimate (${delayDays} days after each month ends, changeable in the sidebar), not your tax form; withholding and payment dates are not in the API. Not tax advice.`;
}

/** A tab per year asked for, newest first: its id, table and note. */
export function yearTabs(days: readonly LedgerDay[], today: string, settings: RoyaltiesSettings) {
  const delay = settings.paymentDelay ?? DEFAULT_PAYMENT_DELAY_DAYS;
  return yearsAsked(today, settings.years).map((year) => {
    const table = yearTable(days, year, today, delay);
    return { tab: yearTabId(year), table, note: yearNote(year, table, delay) };
  });
}
