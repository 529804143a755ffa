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
