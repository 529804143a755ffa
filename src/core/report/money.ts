// How many decimals a currency's amounts carry (ISO 4217 minor units). The API rounds amounts the same way
// (JPY in whole units), and the sheet writer builds its number formats from this.

import { wordSet } from './word-lists';

const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = wordSet(
  'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF',
);
const THREE_DECIMAL_CURRENCIES: ReadonlySet<string> = wordSet('BHD IQD JOD KWD LYD OMR TND');

export function moneyDecimals(currency: string): number {
  const code = currency.trim().toUpperCase();
  if (ZERO_DECIMAL_CURRENCIES.has(code)) return 0;
  if (THREE_DECIMAL_CURRENCIES.has(code)) return 3;
  return 2;
}

/** A symbol where it is unambiguous; other currencies are named by their ISO code. The tabs' number formats
 * and every amount written as text (the morning e-mail, the reconciliation's words) use this one table. */
export const CURRENCY_SYMBOL: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  INR: '₹',
  CAD: 'CA$',
  AUD: 'A$',
  MXN: 'MX$',
  BRL: 'R$',
};

/** `1,234.50`: the absolute value with `decimals` decimals, thousands grouped by commas (no sign). */
export function groupedDigits(value: number, decimals: number): string {
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
  const withCommas = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}

/** "-" for a value below zero that does not round to zero at `decimals`, else "" (never "-0.00"). */
export function minusSign(value: number, decimals: number): string {
  return value < 0 && Number(Math.abs(value).toFixed(decimals)) !== 0 ? '-' : '';
}

/** One money style wherever an amount is written as text (the morning e-mail, the sidebar, the
 * reconciliation's sentences, which the e-mail quotes): the symbol where the tabs' number formats show one,
 * so a figure reads the same in the tab and in the words about it. `$1,234.50`, `-¥1,200`, `1,234.50 SEK`;
 * the number alone (2 decimals) when the currency is unknown. */
export function moneyText(value: number, currency: string | null): string {
  const code = (currency || '').toUpperCase();
  // No currency: 2 decimals, as moneyDecimals gives any code it does not list.
  const decimals = moneyDecimals(code);
  const sign = minusSign(value, decimals);
  const digits = groupedDigits(value, decimals);
  const symbol = CURRENCY_SYMBOL[code];
  if (symbol) return `${sign}${symbol}${digits}`;
  return `${sign}${digits}${/^[A-Z]{3}$/.test(code) ? ` ${code}` : ''}`;
}

/** "35%": a share (0.35) as a whole percent. */
export function percentText(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** "132,090", "12.50": a count (or a figure of no known currency) in words, whole numbers without decimals. */
export function countText(value: number): string {
  const decimals = Number.isInteger(value) ? 0 : 2;
  return `${minusSign(value, decimals)}${groupedDigits(value, decimals)}`;
}
