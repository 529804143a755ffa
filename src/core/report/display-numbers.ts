// Figures written as an app displays them: "€1,234.56", "1.234,56 €", "EUR 12.30", "(12.30)", "-€5",
// "12.5%". Read as numbers only when nothing is guessed: the currency written is the response's own, and
// which mark is the decimal one is decided from every such value of a column together (rows.ts), never
// from one value: "1,234" alone is a thousand and more, or a little over one.

import { CURRENCY_SYMBOL, moneyDecimals } from './money';

/** The two ways of writing the same number: "1,234.56" (a decimal point) or "1.234,56" (a decimal comma). */
export type DecimalMark = 'point' | 'comma';

/** One value's parts, before the decimal mark is known. */
export interface DisplayNumber {
  readonly negative: boolean;
  /** The currency written beside it (a symbol or an ISO code, as written), or null. */
  readonly currency: string | null;
  readonly percent: boolean;
  /** The digits and separators alone ("1.234,56"). */
  readonly digits: string;
}

// A sign or parentheses, a currency before or after (a symbol or three capitals), a percent sign.
const SYMBOLS = '[$€£¥₹]|CA\\$|A\\$|MX\\$|R\\$';
const CODE = '[A-Z]{3}';
const MARKER = `(?:${SYMBOLS}|${CODE})`;
const SPACE = '[ \\u00a0\\u202f]?';
const DISPLAY = new RegExp(
  `^([-−]?)(?:(${MARKER})${SPACE})?([-−]?)([0-9][0-9.,  \\u00a0\\u202f]*)(?:${SPACE}(${MARKER}))?(%?)$`,
);
const NUMBER_BODY = /^[0-9][0-9.,]*[0-9]$|^[0-9]$/;
/** Thousands separated by spaces (a plain, no-break or thin space) read the same under either mark. */
const SPACES = /[ \u00a0\u202f]/g;

/** The parts of a figure written for people, or null when the text is no such figure. Plain decimals
 * ("12.5") are not display text: cells.ts reads those already. */
export function displayNumber(text: string): DisplayNumber | null {
  let inner = text.trim();
  const bracketed = inner.startsWith('(') && inner.endsWith(')');
  if (bracketed) inner = inner.slice(1, -1).trim();
  const m = DISPLAY.exec(inner);
  if (m === null) return null;
  const [, signBefore, before, signAfter, body, after, percent] = m;
  const digits = body!.trim().replace(SPACES, '');
  if (!NUMBER_BODY.test(digits)) return null;
  const currency = before || after || null;
  if ((before && after) || (currency && percent) || (signBefore && signAfter)) return null;
  const negative = Boolean(signBefore || signAfter);
  if (bracketed && negative) return null;
  // Something only people write: a currency, a separator other than one decimal point, a sign of the kind
  // reports print, or a percent sign. "12.5" and "-3" are plain numbers (cells.ts).
  const shown = currency || percent || bracketed || /,|\..*\.|\s/.test(body!) || signBefore === '−';
  if (!shown) return null;
  return { negative: negative || bracketed, currency, percent: Boolean(percent), digits };
}

/** The number written, read with `mark` as the decimal mark; null when it is not written that way
 * (groups of three after the first, at most one decimal mark). */
export function readWith(value: DisplayNumber, mark: DecimalMark): number | null {
  const [group, decimal] = mark === 'point' ? [',', '.'] : ['.', ','];
  const [whole, fraction, extra] = value.digits.split(decimal);
  if (extra !== undefined || whole === undefined || whole === '' || fraction === '') return null;
  const groups = whole.split(group);
  if (groups.length > 1 && (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))))
    return null;
  if (!groups.every((g) => /^\d+$/.test(g))) return null;
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return null;
  // Shifted as text, so 12.5% is exactly 0.125 (not 12.5 / 100's nearest double).
  let text = `${groups.join('')}${fraction === undefined ? '' : `.${fraction}`}`;
  if (value.percent) text = shiftTwo(text);
  const n = Number(text);
  return value.negative ? -n : n;
}

/** "12.5" → "0.125": the decimal point two places left. */
function shiftTwo(text: string): string {
  const [whole, fraction = ''] = text.split('.');
  const padded = whole!.padStart(3, '0');
  return `${padded.slice(0, -2)}.${padded.slice(-2)}${fraction}`;
}

/** The decimal marks every value of a column can be read with. */
export function columnMarks(values: readonly DisplayNumber[], currency: string | null): DecimalMark[] {
  let marks: DecimalMark[] = ['point', 'comma'];
  for (const value of values) {
    const own = marksFor(value, currency);
    marks = marks.filter((mark) => own.includes(mark));
  }
  return marks;
}

/** The decimal marks a value can be read with. A money figure's decimals never exceed its currency's
 * ("1,234" in euros is not 1.234 €). */
export function marksFor(value: DisplayNumber, currency: string | null): DecimalMark[] {
  return (['point', 'comma'] as const).filter((mark) => {
    if (readWith(value, mark) === null) return false;
    const fraction = value.digits.split(mark === 'point' ? '.' : ',')[1];
    return !(value.currency && currency && fraction && fraction.length > moneyDecimals(currency));
  });
}

/** Whether the currency written is the response's own: its ISO code or its symbol. */
export function ownCurrency(written: string | null, currency: string | null): boolean {
  if (written === null) return true;
  if (currency === null) return false;
  const code = currency.toUpperCase();
  return written === code || written === CURRENCY_SYMBOL[code];
}
