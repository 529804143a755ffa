// The ledger's rows in and out of the sheet: days as serial numbers with a date format (no time zone can
// shift them), the status as literal text, the last change as an instant, figures as numbers. Reading
// accepts what Sheets hands back: a Date at midnight in the sheet's zone for a date cell.
import { dayNumber, isoOf, MS_PER_DAY } from '../base/days';
import type { LedgerDay } from '../figures';
import { hintFormat, literalText, PLAIN_FORMAT, type SheetCell } from '../tabs';
import { EPOCH_OFFSET_DAYS } from '../tabs/cells';
import {
  CHANGED_KEY,
  columnFormat,
  currenciesOf,
  DATE_KEY,
  ledgerColumn,
  measureIn,
  STATUS_KEY,
} from './columns';
import type { LedgerRow, SheetRow } from './merge';

/**
 * The day a date cell holds: a serial number, or a Date at midnight in the sheet's zone (`offsetMs`: the
 * zone's offset from UTC now; rounding absorbs a daylight-saving difference). Null for anything else.
 */
export function dayOfCell(cell: unknown, offsetMs: number): string | null {
  if (typeof cell === 'number' && cell > 0) return isoOf(Math.floor(cell) - EPOCH_OFFSET_DAYS);
  if (cell instanceof Date && !Number.isNaN(cell.getTime()))
    return isoOf(Math.round((cell.getTime() + offsetMs) / MS_PER_DAY));
  return null;
}

/** One sheet row of the ledger's columns (date, status, changed first), or null when it is not a day. */
export function readRow(cells: readonly unknown[], keys: readonly string[], offsetMs: number): SheetRow {
  const date = dayOfCell(cells[0], offsetMs);
  if (!date) return null;
  const values: Record<string, number> = {};
  keys.forEach((key, i) => {
    const cell = cells[i];
    if (i > 2 && typeof cell === 'number' && Number.isFinite(cell)) values[key] = cell;
  });
  const changed = cells[2];
  return {
    date,
    status: cells[1] === 'settled' ? 'settled' : 'provisional',
    changedAt: changed instanceof Date ? changed.getTime() : null,
    values,
  };
}

function formatOf(key: string): string {
  if (key === STATUS_KEY) return PLAIN_FORMAT;
  const column = ledgerColumn(key);
  return hintFormat(column ? columnFormat(column) : { kind: key === DATE_KEY ? 'date' : 'datetime' });
}

/** The number formats of a row, by key. */
export function rowFormats(keys: readonly string[]): string[] {
  return keys.map(formatOf);
}

/** The cells of one day. */
export function rowCells(row: LedgerRow, keys: readonly string[]): SheetCell[] {
  return keys.map((key): SheetCell => {
    if (key === DATE_KEY) return dayNumber(row.date) + EPOCH_OFFSET_DAYS;
    if (key === STATUS_KEY) return literalText(row.status);
    if (key === CHANGED_KEY) return row.changedAt === null ? '' : new Date(row.changedAt);
    const value = row.values[key];
    return value === undefined ? '' : value;
  });
}

/** The ledger's days as the dashboard reads them, oldest first: counts, and money in `currency` only. A
 * second row for a date is the author's copy (as the merge takes it): only the first row is the day. */
export function ledgerDays(rows: readonly SheetRow[], currency: string | null): LedgerDay[] {
  const days: LedgerDay[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (!row || seen.has(row.date)) continue;
    seen.add(row.date);
    const figures: Partial<Record<string, number>> = {};
    for (const key of Object.keys(row.values)) {
      const measure = measureIn(key, currency);
      if (measure) figures[measure] = row.values[key];
    }
    days.push({ date: row.date, currency, figures, status: row.status });
  }
  return days.sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** The currency of the money in the ledger's latest day that holds money (of several, the column added
 * last): the days the latest refresh wrote, in the API's currency when none is chosen. With no money in any
 * day, the currency whose columns were added last; null with none. */
export function latestCurrency(rows: readonly SheetRow[], keys: readonly string[]): string | null {
  let latest = '';
  let currency = currenciesOf(keys).pop() || null;
  for (const row of rows) {
    // Of two rows of a date, the first is the day.
    const money = row && row.date > latest && currenciesOf(Object.keys(row.values)).pop();
    if (money) {
      latest = row.date;
      currency = money;
    }
  }
  return currency;
}
