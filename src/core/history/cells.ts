// The ledger's rows in and out of the sheet: days as serial numbers with a date format (no time zone can
// shift them), the status as literal text, the last change as an instant, figures as numbers. Reading
// accepts what Sheets hands back: a Date at midnight in the sheet's zone for a date cell.
import type { LedgerDay } from '../figures';
import type { CalendarDate } from '../report';
import { calendarSerial, hintFormat, literalText, moneyFormat, PLAIN_FORMAT, type SheetCell } from '../tabs';
import { CHANGED_KEY, DATE_KEY, describeKey, measureIn, STATUS_KEY } from './columns';
import type { DayStatus, SheetRow } from './merge';

const MS_PER_DAY = 86_400_000;
const EPOCH_OFFSET_DAYS = 25_569;
const DATE_FORMAT = hintFormat({ kind: 'date' });
const DATETIME_FORMAT = hintFormat({ kind: 'datetime' });

function isoOfUtcDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * The day a date cell holds: a serial number, a `YYYY-MM-DD` text, or a Date at midnight in the sheet's zone
 * (`offsetMs`: the zone's offset from UTC now; rounding absorbs a daylight-saving difference).
 */
export function dayOfCell(cell: unknown, offsetMs: number): string | null {
  if (typeof cell === 'number' && Number.isFinite(cell) && cell > 0) {
    return isoOfUtcDay(Math.floor(cell) - EPOCH_OFFSET_DAYS);
  }
  if (cell instanceof Date && !Number.isNaN(cell.getTime())) {
    return isoOfUtcDay(Math.round((cell.getTime() + offsetMs) / MS_PER_DAY));
  }
  return typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(cell.trim()) ? cell.trim() : null;
}

function instantOf(cell: unknown): number | null {
  if (cell instanceof Date && !Number.isNaN(cell.getTime())) return cell.getTime();
  return null;
}

/** One sheet row of the ledger's columns, or null when it is not one of its days (kept as it is). */
export function readRow(cells: readonly unknown[], keys: readonly string[], offsetMs: number): SheetRow {
  const date = dayOfCell(cells[keys.indexOf(DATE_KEY)], offsetMs);
  if (!date) return null;
  const values: Record<string, number> = {};
  keys.forEach((key, i) => {
    const cell = cells[i];
    if (describeKey(key) && typeof cell === 'number' && Number.isFinite(cell)) values[key] = cell;
  });
  const status: DayStatus = cells[keys.indexOf(STATUS_KEY)] === 'settled' ? 'settled' : 'provisional';
  return { date, status, changedAt: instantOf(cells[keys.indexOf(CHANGED_KEY)]), values };
}

function formatOf(key: string): string {
  if (key === DATE_KEY) return DATE_FORMAT;
  if (key === CHANGED_KEY) return DATETIME_FORMAT;
  const column = describeKey(key);
  if (!column) return PLAIN_FORMAT;
  if (column.kind === 'money' && column.currency) return moneyFormat(column.currency);
  if (column.kind === 'fraction') return hintFormat({ kind: 'percent' });
  return hintFormat({ kind: column.measure ? 'integer' : 'decimal' });
}

/** The number formats of a row, by key. */
export function rowFormats(keys: readonly string[]): string[] {
  return keys.map(formatOf);
}

/** The cells of one day; a row kept as it was gets back the cells read (its text kept literal). */
export function rowCells(row: SheetRow, keys: readonly string[], read: readonly unknown[] = []): SheetCell[] {
  if (!row) {
    return keys.map((_, i) => {
      const cell = read[i];
      if (typeof cell === 'string') return literalText(cell);
      return typeof cell === 'number' || typeof cell === 'boolean' || cell instanceof Date ? cell : '';
    });
  }
  const day: CalendarDate = { kind: 'calendar-date', iso: row.date };
  return keys.map((key): SheetCell => {
    if (key === DATE_KEY) return calendarSerial(day) ?? literalText(row.date);
    if (key === STATUS_KEY) return literalText(row.status);
    if (key === CHANGED_KEY) return row.changedAt === null ? '' : new Date(row.changedAt);
    const value = row.values[key];
    return value === undefined ? '' : value;
  });
}

/** The ledger's days as the dashboard reads them: counts, and money in `currency` only. */
export function ledgerDays(rows: readonly SheetRow[], currency: string | null): LedgerDay[] {
  const days: LedgerDay[] = [];
  for (const row of rows) {
    if (!row) continue;
    const figures: Partial<Record<string, number>> = {};
    for (const key of Object.keys(row.values)) {
      const measure = measureIn(key, currency);
      if (measure) figures[measure] = row.values[key];
    }
    days.push({ date: row.date, currency, figures, status: row.status });
  }
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
