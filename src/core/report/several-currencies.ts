// A report whose rows hold several currencies (a `currency` column of more than one code, or amounts
// `{amount, currency}` in more than one): its figures are never added across currencies. The table says
// which currencies it holds (ReportMeta.currencies); money columns are plain decimals, not formatted as
// the response's currency; amounts of several currencies in one column get a column of their currency
// beside them; a formula asking one figure answers one labelled row per currency (formulas/output.ts);
// the reconciliation, the history and the dashboard leave such money unsummed.

import { breakdownOf, describesAmount } from './keys';
import type { ReportColumn, ReportTable } from './types';
import { wordSet } from './word-lists';

/** ISO 4217 codes in use: a record keyed by one of these is that currency's (shapes.ts), and a currency
 * column's values are read as codes only when they are these. */
const CURRENCY_CODES: ReadonlySet<string> = wordSet(
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL',
);

export function isCurrencyCode(text: unknown): text is string {
  return typeof text === 'string' && CURRENCY_CODES.has(text.toUpperCase());
}

/** The key of the column that says which currency an amount column's values are in, beside it. */
export function currencyKeyOf(key: string): string {
  return `${key}.currency`;
}

/** A row's own currency column (`currency`, `currency_code`; not a breakdown entry's). */
function isRowCurrency(column: ReportColumn): boolean {
  return describesAmount(column.key) && breakdownOf(column.key) === null;
}

/** The index of the column holding the currency of column `at`'s figures, row by row: its own companion,
 * else the row's currency column (the shallowest); -1 when there is none. */
export function currencyColumnOf(table: ReportTable, at: number): number {
  const { columns } = table;
  const own = columns.findIndex((column) => column.key === currencyKeyOf(columns[at]!.key));
  if (own >= 0) return own;
  let best = -1;
  columns.forEach((column, i) => {
    if (isRowCurrency(column) && (best < 0 || depth(column.key) < depth(columns[best]!.key))) best = i;
  });
  return best;
}

function depth(key: string): number {
  return key.split('.').length;
}

/** The currencies a table's rows hold, when more than one (else null): the codes of its row currency
 * columns, in the order met. */
export function rowCurrencies(table: Pick<ReportTable, 'columns' | 'rows'>): readonly string[] | null {
  const found = new Set<string>();
  table.columns.forEach((column, i) => {
    if (!isRowCurrency(column)) return;
    for (const row of table.rows) if (isCurrencyCode(row[i])) found.add(String(row[i]).toUpperCase());
  });
  return found.size > 1 ? [...found] : null;
}
