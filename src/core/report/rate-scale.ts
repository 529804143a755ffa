// A column of rates (a name that says rate, ratio, share, percent, read-through: keys.ts) is read on one
// scale for the whole column, never value by value: fractions (0.512 is 51.2%) or 0 to 100 (80 is 80%).
// The name decides first (`percent`, `pct`: 0 to 100); then the values (every one within 1: fractions;
// any above 1 and none above 100: 0 to 100). A column that fits neither is shown as sent, as plain
// numbers (never as a percentage), and the banners say so. Figures written with a `%` are read by
// display-numbers.ts.

import type { KeyInfo } from './keys';

/** `hundredths`: on a 0 to 100 scale, each value divided by 100 and shown as a percentage; `undecided`:
 * neither scale fits; null: fractions, or not a column of numbers (cells.ts decides as before). */
type RateScale = 'hundredths' | 'undecided' | null;

export function rateScale(
  t: { readonly largest: number; readonly kinds: { readonly number: number }; readonly numberText: number },
  info: KeyInfo,
): RateScale {
  if (t.kinds.number + t.numberText === 0) return null;
  if (info.percentName) return 'hundredths';
  if (t.largest <= 1) return null;
  return t.largest <= 100 ? 'hundredths' : 'undecided';
}

/** The sentence for the columns whose scale could not be decided. */
export function rateScaleWarning(labels: readonly string[] | undefined): string | null {
  if (!labels?.length) return null;
  return `${labels.join(', ')}: rates neither fractions nor on a 0 to 100 scale; shown as sent, not as percentages.`;
}

/** `n` ÷ 100 as the decimal written (51.2 → 0.512 exactly, not 51.2 / 100's nearest double). */
export function hundredth(n: number): number {
  const text = String(Math.abs(n));
  if (!/^\d+(\.\d+)?$/.test(text)) return n / 100;
  const [whole, fraction = ''] = text.split('.');
  const padded = whole!.padStart(3, '0');
  const shifted = Number(`${padded.slice(0, -2)}.${padded.slice(-2)}${fraction}`);
  return n < 0 ? -shifted : shifted;
}
