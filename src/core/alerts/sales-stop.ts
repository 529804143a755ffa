// A book whose sales stopped, judged against its own baseline: zero days are normal for a small catalogue,
// so silence alone says nothing. The API gives a book's units only over a whole period, so the baseline is
// kept here: per book, its units a day over past refreshes, each refresh weighing as many days as it brought
// that the last one had not (nightly 30-day periods overlap by 29). A period in which a book sold nothing
// raises an alert only when its baseline made that silence very unlikely (a Poisson chance of zero sales
// under 1%), so a quiet book never raises; it clears when the book sells again. A silence judged a stop
// teaches the baseline nothing, so the alert stands until then.
import { dayNumber, ISO_DAY } from '../base/days';
import { isObject, parseJson } from '../base/unknown';
import { countText } from '../report/money';
import type { Period } from '../report/period';
import type { Alert, AlertLevel } from './alert';

export const SALES_BASELINE_PROPERTY = 'royalties.alerts.baseline';
/** Units a silence must have been expected to bring: e^-5 ≈ 0.7%, under 1% (a warning); e^-10 (an alarm). */
export const LEAST_EXPECTED_UNITS = 5;
const ALARM_EXPECTED_UNITS = 10;
/** The days a baseline weighs at most (about two months: a book's decline moves it) ... */
const BASELINE_DAYS = 60;
/** ... and at least before it judges anything. */
const LEAST_BASELINE_DAYS = 14;
/** The books a baseline remembers, the best sellers first (small: about 30 characters each). */
export const MOST_BASELINE_BOOKS = 150;

export interface BookRate {
  /** Units a day. */
  readonly rate: number;
  /** Days the rate weighs, at most BASELINE_DAYS. */
  readonly days: number;
}

export interface SalesBaseline {
  /** The last day of the latest period learnt, `YYYY-MM-DD`; null before the first. */
  readonly end: string | null;
  /** By book id (else title). */
  readonly books: Readonly<Record<string, BookRate>>;
}

export const NO_SALES_BASELINE: SalesBaseline = { end: null, books: {} };

export interface BookUnits {
  readonly id: string;
  readonly title: string;
  /** Null: not sent, and then the book is neither judged nor learnt (never counted as 0). */
  readonly units: number | null;
}

function chanceText(expected: number): string {
  const odds = Math.exp(expected);
  if (odds >= 1_000_000) return 'less than 1 in a million';
  const rounded = Number(odds.toPrecision(2));
  return `about 1 in ${countText(rounded)}`;
}

function levelOf(expected: number): AlertLevel | null {
  if (expected >= ALARM_EXPECTED_UNITS) return 'alarm';
  return expected >= LEAST_EXPECTED_UNITS ? 'warning' : null;
}

const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);

/** The books that sold nothing in `period` against a baseline that expected sales, and the baseline with
 * the period learnt. `period` null (unknown, or cut short): nothing judged, nothing learnt. */
export function salesStopAlerts(
  books: readonly BookUnits[],
  period: Period | null,
  baseline: SalesBaseline,
): { alerts: Alert[]; baseline: SalesBaseline } {
  if (!period) return { alerts: [], baseline };
  const since = baseline.end ? dayNumber(period.end) - dayNumber(baseline.end) : period.days;
  // Days this period adds: none when it ends where the last one learnt did (a second refresh that day).
  const fresh = Math.max(0, Math.min(period.days, since));
  const learnt: Record<string, BookRate> = { ...baseline.books };
  const alerts: Alert[] = [];
  const span = `${period.start} to ${period.end} (${period.days} days)`;
  for (const book of books) {
    if (book.units === null || book.units < 0) continue;
    const before = baseline.books[book.id];
    const expected = before && before.days >= LEAST_BASELINE_DAYS ? before.rate * period.days : 0;
    const level = book.units === 0 ? levelOf(expected) : null;
    if (level) {
      alerts.push({
        id: `sales:${book.id}`,
        kind: 'sales-stop',
        level,
        book: book.title,
        text:
          `"${book.title}": no units sold ${span}, against its usual ${oneDecimal(before!.rate)} a day ` +
          `(${oneDecimal(expected)} expected: the chance of a silence this long was ${chanceText(expected)}), ` +
          'past the line of a silence under a 1% chance.',
      });
      continue;
    }
    if (fresh === 0) continue;
    const rate = book.units / period.days;
    learnt[book.id] = before
      ? {
          rate: (before.rate * before.days + rate * fresh) / (before.days + fresh),
          days: Math.min(BASELINE_DAYS, before.days + fresh),
        }
      : { rate, days: Math.min(BASELINE_DAYS, period.days) };
  }
  return { alerts, baseline: { end: fresh > 0 || !baseline.end ? period.end : baseline.end, books: learnt } };
}

/** The stored JSON, at most `room` characters: the books of the highest rates kept, a book that never sold
 * left out. `{"end":"2026-11-19","books":{"B0X":[0.533,60]}}`. */
export function salesBaselineToStored(baseline: SalesBaseline, room = Number.POSITIVE_INFINITY): string {
  const entries = Object.entries(baseline.books)
    .filter(([, b]) => b.rate > 0)
    .sort(([, a], [, b]) => b.rate - a.rate)
    .slice(0, MOST_BASELINE_BOOKS)
    .map(([id, b]) => [id, [Number(b.rate.toPrecision(3)), b.days]]);
  const text = () => JSON.stringify({ end: baseline.end, books: Object.fromEntries(entries) });
  // The slowest sellers left out first, until it fits.
  while (entries.length > 0 && text().length > room) entries.pop();
  return text();
}

/** Our record read back, book by book; what cannot be read is no baseline (it is learnt again). */
export function storedSalesBaseline(text: string | null): SalesBaseline {
  const raw = parseJson(text);
  if (!isObject(raw) || !isObject(raw.books)) return NO_SALES_BASELINE;
  const end = typeof raw.end === 'string' && ISO_DAY.test(raw.end) ? raw.end : null;
  const books: Record<string, BookRate> = {};
  for (const [id, entry] of Object.entries(raw.books)) {
    if (!Array.isArray(entry)) continue;
    const [rate, days] = entry;
    if (typeof rate !== 'number' || !(rate >= 0) || typeof days !== 'number' || !(days > 0)) continue;
    books[id] = { rate, days: Math.min(BASELINE_DAYS, days) };
  }
  return { end, books };
}
