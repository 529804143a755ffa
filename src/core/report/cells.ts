// A column's format is decided by its name and its values together; then every cell is made to fit it.
// A cell that does not fit (a word in a money column) is kept as text, never coerced: strings from the
// API stay the exact string.

import {
  columnMarks,
  type DecimalMark,
  type DisplayNumber,
  displayNumber,
  ownCurrency,
  readWith,
} from './display-numbers';
import type { KeyInfo } from './keys';
import { hundredth, rateScale } from './rate-scale';
import type { CellValue, FormatHint } from './types';
import { unixCell, unixColumn, unixMidnight, unixUnit } from './unix';
import {
  Amount,
  calendarDate,
  type Leaf,
  MadeText,
  midnightDay,
  parseInstant,
  type StringKind,
  stringKind,
} from './values';

type ValueKind = 'number' | 'boolean' | StringKind;

/** A number sent as text that reads back exactly: no leading zero (`007` is an identifier), no `+`, no
 * exponent, and at most 15 digits unless the number prints back as the same text (a long id does not). */
const DECIMAL_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;

function decimalText(text: string): number | null {
  if (!DECIMAL_TEXT.test(text)) return null;
  const n = Number(text);
  return text.replace(/[-.]/g, '').length <= 15 || String(n) === text ? n : null;
}

/** What one column's values are, counted in a single pass (`tally`). */
export interface ValueTally {
  /** Leaves seen, nulls included: a column nobody filled is dropped. */
  present: number;
  /** Per kind, in the order a tie is broken (insertion order). */
  readonly kinds: Record<ValueKind, number>;
  /** Numbers sent as text (`"412.37"`, and those written for people, `"€1,234.56"`): numbers in a figure
   * column (decideFormat). */
  numberText: number;
  /** Of those, plain decimals with a point (`"412.37"`): a column of decimal commas cannot hold them. */
  pointText: number;
  /** Figures written for people (`"€1,234.56"`), read once the whole column is seen (display-numbers.ts). */
  readonly displays: DisplayNumber[];
  /** Of the numbers, those sent as text included. */
  nonIntegers: number;
  /** Of the timestamps, those at midnight: a column of nothing else is a column of days. */
  midnights: number;
  /** Numbers below 0 or above 1: not a column of fractions. */
  nonFractions: number;
  /** The first currency of an amount given as `{amount, currency}`. */
  currency: string | null;
  /** Every currency of those amounts, when more than one (several-currencies.ts). */
  currencies: Set<string> | null;
  /** Of the numbers (sent as numbers or decimal text), those the size of Unix seconds or milliseconds,
   * and of those, the ones at midnight UTC (unix.ts). */
  unixSeconds: number;
  unixMillis: number;
  unixMidnights: number;
  /** The largest size of a plain number (sent as a number or decimal text): a rate's scale (rate-scale.ts). */
  largest: number;
}

export function newTally(): ValueTally {
  return {
    present: 0,
    kinds: { number: 0, boolean: 0, date: 0, month: 0, datetime: 0, text: 0 },
    numberText: 0,
    pointText: 0,
    displays: [],
    nonIntegers: 0,
    midnights: 0,
    nonFractions: 0,
    currency: null,
    currencies: null,
    unixSeconds: 0,
    unixMillis: 0,
    unixMidnights: 0,
    largest: 0,
  };
}

export function tally(t: ValueTally, leaf: Leaf): void {
  t.present++;
  if (leaf === null) return;
  if (leaf instanceof Amount) {
    if (t.currency === null) t.currency = leaf.currency;
    else if (t.currency.toUpperCase() !== leaf.currency.toUpperCase()) {
      t.currencies ||= new Set([t.currency]);
      t.currencies.add(leaf.currency);
    }
  }
  let n = leaf instanceof Amount ? leaf.amount : leaf;
  if (typeof n === 'string') {
    const d = decimalText(n);
    const shown = d === null ? displayNumber(n) : null;
    if (d !== null) {
      t.numberText++;
      if (n.includes('.')) t.pointText++;
      n = d;
      tallyPlain(t, d);
    } else if (shown !== null) {
      t.numberText++;
      t.displays.push(shown);
      // Either reading says as much of its sign and size as the format needs.
      n = readWith(shown, 'point') ?? readWith(shown, 'comma') ?? 0;
    }
  }
  if (typeof n === 'number') {
    if (typeof leaf !== 'string') {
      t.kinds.number++;
      tallyPlain(t, n);
    }
    if (!Number.isInteger(n)) t.nonIntegers++;
    if (n < 0 || n > 1) t.nonFractions++;
  } else {
    const kind = typeof n === 'boolean' ? 'boolean' : n instanceof MadeText ? 'text' : stringKind(n);
    t.kinds[kind]++;
    if (kind === 'datetime' && midnightDay(n as string) !== null) t.midnights++;
  }
}

/** A number sent as a number or as decimal text (not one written for people): its size and whether it
 * could be a Unix time. */
function tallyPlain(t: ValueTally, n: number): void {
  t.largest = Math.max(t.largest, Math.abs(n));
  const unit = unixUnit(n);
  if (unit === 'seconds') t.unixSeconds++;
  else if (unit === 'milliseconds') t.unixMillis++;
  if (unit !== null && unixMidnight(n)) t.unixMidnights++;
}

/** The kind most values have; a tie between kinds is text (nothing is forced into a number or a date).
 * Numbers sent as text count as numbers when `claimed`, else as text. */
function mainKind(t: ValueTally, claimed: boolean): ValueKind | 'none' {
  let best: ValueKind | 'none' = 'none';
  let bestCount = 0;
  let tied = false;
  for (const [kind, raw] of Object.entries(t.kinds) as [ValueKind, number][]) {
    const count = raw + (kind === (claimed ? 'number' : 'text') ? t.numberText : 0);
    if (count > bestCount) {
      best = kind;
      bestCount = count;
      tied = false;
    } else if (count === bestCount && count > 0) {
      tied = true;
    }
  }
  return tied ? 'text' : best;
}

export const TEXT: FormatHint = { kind: 'text' };
const PERCENT: FormatHint = { kind: 'percent' };

/** A column's format, and how its figures written for people read: `mark`, the decimal mark, when there
 * are any; `unsure` when they cannot be read with certainty (a currency not the response's, a mark neither
 * the column nor the table decides, percents beside plain numbers): the column is then text, as sent, and
 * the table says so. */
export interface ColumnFormat extends CellReading {
  readonly format: FormatHint;
  readonly unsure: boolean;
  /** A column of rates whose scale could not be decided (rate-scale.ts): shown as sent, and said. */
  readonly unsureScale?: boolean;
}

/** How a column's cells read beyond their format: the decimal mark of figures written for people; rates
 * on a 0 to 100 scale (`hundredths`: each divided by 100); numbers that are Unix times (`unix`). */
export interface CellReading {
  readonly mark: DecimalMark | null;
  readonly hundredths?: boolean;
  readonly unix?: boolean;
}

const PLAIN_READING: CellReading = { mark: null };

/** The one decimal mark a table's columns of figures written for people agree on, or null. A column that
 * could be read either way ("1,234") takes it; the table's other columns decide, never one value. */
export function tableMark(tallies: readonly ValueTally[], currency: string | null): DecimalMark | null {
  const decided = new Set<DecimalMark>();
  for (const t of tallies) {
    if (!t.displays.length) continue;
    const marks = columnMarks(t.displays, currency || t.currency);
    if (marks.length === 1) decided.add(marks[0]!);
  }
  return decided.size === 1 ? [...decided][0]! : null;
}

/** How a column's figures written for people read: their mark, a percent, or null when not certain. */
function displayReading(
  t: ValueTally,
  code: string | null,
  shared: DecimalMark | null,
): { mark: DecimalMark; percent: boolean } | null {
  const { displays } = t;
  const percents = displays.filter((d) => d.percent).length;
  if (percents && (percents < displays.length || t.numberText > displays.length || t.kinds.number))
    return null;
  if (!displays.every((d) => ownCurrency(d.currency, code))) return null;
  const marks = columnMarks(displays, code);
  const mark = marks.length === 1 ? marks[0]! : marks.length === 2 ? shared : null;
  // Plain decimals with a point cannot sit beside decimal commas.
  if (mark === null || (mark === 'comma' && t.pointText)) return null;
  return { mark, percent: percents > 0 };
}

/** `currency` is the response's; amounts given as objects supply one when the response has none. Money
 * with no currency anywhere is a plain decimal (a format cannot name an unknown currency). */
export function decideFormat(t: ValueTally, info: KeyInfo, currency: string | null): FormatHint {
  return columnFormat(t, info, currency, null).format;
}

const DATE: FormatHint = { kind: 'date' };
const DATETIME: FormatHint = { kind: 'datetime' };

/** decideFormat, with the decimal mark for figures written for people (`shared`: the table's, tableMark). */
export function columnFormat(
  t: ValueTally,
  info: KeyInfo,
  currency: string | null,
  shared: DecimalMark | null,
): ColumnFormat {
  const unix = unixColumn(t, info);
  if (unix !== null)
    return { format: unix === 'date' ? DATE : DATETIME, mark: null, unsure: false, unix: true };
  const format = formatOf(t, info, currency);
  const scale = info.role === 'percent' && !t.displays.length ? rateScale(t, info) : null;
  if (scale !== null)
    return scale === 'hundredths'
      ? { format: PERCENT, mark: null, unsure: false, hundredths: true }
      : { format, mark: null, unsure: false, unsureScale: true as const };
  if (!t.displays.length || !isNumberFormat(format)) return { format, mark: null, unsure: false };
  const reading = displayReading(t, currency || t.currency, shared);
  if (reading === null) return { format: TEXT, mark: null, unsure: true };
  return { format: reading.percent ? { kind: 'percent' } : format, mark: reading.mark, unsure: false };
}

function isNumberFormat(format: FormatHint): boolean {
  const { kind } = format;
  return kind === 'money' || kind === 'integer' || kind === 'decimal' || kind === 'percent';
}

function formatOf(t: ValueTally, info: KeyInfo, currency: string | null): FormatHint {
  const { role } = info;
  if (role === 'identifier') return TEXT;
  // Numbers sent as text are numbers in a figure column: one named as a figure, one that also holds
  // numbers, or one whose every value is a number sent as text (whatever its name, `"kenp_reads": "12"`)
  // unless its name says identifier (above) or words (a title "1984"). Mixed with words, they stay text.
  const onlyNumberText = t.numberText > 0 && Object.values(t.kinds).every((count) => count === 0);
  const kind = mainKind(t, role !== 'other' || t.kinds.number > 0 || (onlyNumberText && !info.wordy));
  if (kind === 'number' || (kind === 'none' && role !== 'other')) {
    if (role === 'percent' && t.nonFractions === 0) return PERCENT;
    const money = role === 'money' || t.currency !== null;
    const code = currency || t.currency;
    if (money && code !== null) return { kind: 'money', currency: code };
    return { kind: money || t.nonIntegers > 0 ? 'decimal' : 'integer' };
  }
  // boolean, date, month, datetime: formats of the same name; timestamps all at midnight are days.
  if (kind === 'datetime' && t.midnights === t.kinds.datetime && t.kinds.date + t.kinds.month === 0)
    return { kind: 'date' };
  return kind === 'none' || kind === 'text' ? TEXT : { kind };
}

/** `undefined`: a field the row does not have. `reading`: how its cells read (columnFormat). */
export function toCell(
  leaf: Leaf | undefined,
  format: FormatHint,
  reading: CellReading = PLAIN_READING,
): CellValue {
  if (leaf == null) return null;
  const { kind } = format;
  const { mark } = reading;
  if (reading.unix) {
    const n = typeof leaf === 'string' ? decimalText(leaf) : leaf;
    if (typeof n === 'number' && unixUnit(n) !== null) return unixCell(n, kind === 'date');
  }
  if (kind === 'boolean' && typeof leaf === 'boolean') return leaf;
  if (isNumberFormat(format)) {
    // An amount in another currency than its column's is never shown under that currency's format.
    if (leaf instanceof Amount)
      return kind === 'money' && leaf.currency.toUpperCase() !== format.currency.toUpperCase()
        ? `${leaf.amount} ${leaf.currency}`
        : leaf.amount;
    const plain = typeof leaf === 'string' ? decimalText(leaf) : leaf;
    if (typeof plain === 'number') return reading.hundredths ? hundredth(plain) : plain;
    if (mark !== null && typeof leaf === 'string') {
      const shown = displayNumber(leaf);
      const n = shown && readWith(shown, mark);
      if (typeof n === 'number') return n;
    }
  } else if (typeof leaf === 'string') {
    if (kind === 'datetime') {
      const instant = parseInstant(leaf);
      if (instant) return instant;
    } else if (kind === 'date' || kind === 'month') {
      // A timestamp at midnight is a day too.
      const day = stringKind(leaf) === kind ? leaf : kind === 'date' ? midnightDay(leaf) : null;
      if (day !== null) return calendarDate(day);
    }
  }
  // A text column, or a leaf that does not fit its column's format.
  return leaf instanceof MadeText ? leaf.text : String(leaf instanceof Amount ? leaf.amount : leaf);
}

/** One figure on its own (a summary total, an account field): a column of one. */
export function typeFigure(
  info: KeyInfo,
  leaf: Leaf,
  currency: string | null,
): { value: CellValue; format: FormatHint; unsure?: true; unsureScale?: true } {
  const t = newTally();
  tally(t, leaf);
  const column = columnFormat(t, info, currency, null);
  const { format, unsure, unsureScale } = column;
  return {
    value: toCell(leaf, format, column),
    format,
    ...(unsure ? { unsure } : {}),
    ...(unsureScale ? { unsureScale } : {}),
  };
}
