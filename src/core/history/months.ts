// The month view: one row per month, summed from the ledger in the report's currency. The current month,
// and the previous one until the 15th (when stores publish final monthly royalties and the KENP rate), are
// estimated, as is any month holding a provisional day. A month with no figure for a column shows it missing.
import type { CellValue, ReportColumn, ReportTable } from '../report';
import { describeKey, type FigureColumn } from './columns';
import type { LedgerRow } from './merge';

/** Final monthly royalties and the KENP rate are published by this day of the next month. */
export const FINAL_BY_DAY = 15;

function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** Whether a month's sums may still change, on `today` (YYYY-MM-DD in the sheet's zone). */
export function isEstimated(month: string, today: string, holdsProvisional: boolean): boolean {
  const current = today.slice(0, 7);
  if (holdsProvisional || month >= current) return true;
  return month === previousMonth(current) && Number(today.slice(8, 10)) < FINAL_BY_DAY;
}

/** The figure columns of the month view: counts, and money in `currency` only. */
export function monthKeys(keys: readonly string[], currency: string | null): FigureColumn[] {
  return keys
    .map(describeKey)
    .filter((c): c is FigureColumn => c !== null && c.kind !== 'fraction')
    .filter((c) => c.kind !== 'money' || c.currency === currency);
}

export function monthTable(
  rows: readonly LedgerRow[],
  keys: readonly string[],
  currency: string | null,
  today: string,
): ReportTable {
  const figures = monthKeys(keys, currency);
  const months = new Map<string, { days: number; provisional: boolean; sums: (number | null)[] }>();
  for (const row of rows) {
    const month = row.date.slice(0, 7);
    let entry = months.get(month);
    if (!entry) {
      entry = { days: 0, provisional: false, sums: figures.map(() => null) };
      months.set(month, entry);
    }
    entry.days += 1;
    if (row.status === 'provisional') entry.provisional = true;
    figures.forEach((f, i) => {
      const value = row.values[f.key];
      if (value !== undefined) entry!.sums[i] = (entry!.sums[i] ?? 0) + value;
    });
  }
  const columns: ReportColumn[] = [
    { key: 'month', label: 'Month', format: { kind: 'month' } },
    { key: 'estimated', label: 'Estimated', format: { kind: 'text' } },
    { key: 'days', label: 'Days in the history', format: { kind: 'integer' } },
    ...figures.map(
      (f): ReportColumn => ({
        key: f.key,
        label: f.label,
        format:
          f.kind === 'money' && f.currency ? { kind: 'money', currency: f.currency } : { kind: 'decimal' },
      }),
    ),
  ];
  const out: CellValue[][] = [...months.keys()].sort().map((month) => {
    const entry = months.get(month)!;
    const sums = entry.sums.map((s) => (s === null ? null : Math.round(s * 100) / 100));
    return [
      { kind: 'calendar-date', iso: month },
      isEstimated(month, today, entry.provisional) ? 'estimated' : 'final',
      entry.days,
      ...sums,
    ];
  });
  return { columns, rows: out, meta: { period: null, currency, truncated: false } };
}
