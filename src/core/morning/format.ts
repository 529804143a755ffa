// Numbers in the morning e-mail as the tabs show them: money in the currency's own decimals (JPY none) with
// its symbol or code, changes as a signed percentage; counts come from amountText (report/money.ts), as
// the reconciliation writes them. Plain text: the HTML escapes it.
import { CURRENCY_SYMBOL, groupedDigits, minusSign, moneyDecimals } from '../report';

/** `$1,234.50`, `-¥1,200`, `1,234.50 SEK`; the number alone when the currency is unknown. */
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

/** `+12.3%`, `-4.0%`, `0.0%`. */
export function changeText(change: number): string {
  const percent = (change * 100).toFixed(1);
  if (Number(percent) === 0) return '0.0%';
  return `${change > 0 ? '+' : ''}${percent}%`;
}
