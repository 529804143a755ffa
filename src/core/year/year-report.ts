// A report the year asked for itself (the timeline by month, the Marketplaces report over the year), read
// as a table: refused, unreadable, cut short or in several currencies, the year takes nothing from it and
// says why (the server's own message when it refused).
import { ISO_DAY, periodEnds } from '../base/days';
import { messageOf, numberOrNull } from '../base/unknown';
import type { EndpointId } from '../endpoints';
import { type Measure, measureColumn } from '../figures';
import { type CellValue, type ReportTable, toReportTable } from '../report';
import type { Fetched } from '../tabs';

export type YearReport = { readonly table: ReportTable } | { readonly reason: string };

export function yearReport(fetched: Fetched, endpoint: EndpointId): YearReport {
  if (!fetched.ok) return { reason: fetched.error };
  try {
    const table = toReportTable(fetched.data, endpoint, fetched.unread);
    if (table.meta.truncated) return { reason: 'some of its rows could not be read (cut short).' };
    if (table.meta.currencies) return { reason: 'it holds figures in several currencies.' };
    return { table };
  } catch (err) {
    return { reason: messageOf(err) };
  }
}

/** The first and last day of the table's period, each null when the answer does not say it. */
export function periodDays(table: ReportTable): (string | null)[] {
  return periodEnds(table.meta.period || {}, (v) =>
    typeof v === 'string' && ISO_DAY.test(v.trim()) ? v.trim() : null,
  );
}

/** A row's `measures` in order, each null when the row does not send it as a number. */
export function figuresOf(table: ReportTable, measures: readonly Measure[]) {
  const places = measures.map((m) => measureColumn(table, m));
  return (row: readonly CellValue[]): (number | null)[] => places.map((at) => numberOrNull(row[at]));
}
