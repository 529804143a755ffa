// The read-through the API sends, checked against its own readers: book n's read-through from book 1 is
// readers of book n ÷ readers of book 1 (from the previous book: ÷ readers of book n−1). A read-through
// is at most 100%: where a later book has more readers than book 1 (readers who start the series later),
// an API that sends 100% agrees. One check per kind for all series, naming the first series that differs.
import { countText, type ReportTable } from '../report';
import type { Check, CheckResult } from './types';

/** Fractions sent with four decimals round by half a unit of the fourth; a little more for safety. */
const FRACTION_TOLERANCE = 0.00051;

function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

interface SeriesRows {
  readonly name: string;
  readonly rows: (readonly unknown[])[];
}

export function readThroughChecks(table: ReportTable): Check[] {
  const columnAt = (key: RegExp) => table.columns.findIndex((column) => key.test(column.key.toLowerCase()));
  const readersAt = columnAt(/(^|\.)readers$|^reader_count$/);
  if (table.meta.truncated || !table.rows.length || readersAt < 0) return [];
  // Rows by series (the merged Read-through tab: series id and name first), each in position order.
  const idAt = columnAt(/^series_id$/);
  const nameAt = columnAt(/^series_name$/);
  const positionAt = columnAt(/(^|\.)position$/);
  const groups = new Map<string, SeriesRows>();
  for (const row of table.rows) {
    // A column that is not there (-1) reads undefined. Ids and names are text (identifier and wordy
    // columns), so `||` keeps every one but the empty name, which the id stands for.
    const id = String(row[idAt] || '');
    const group = groups.get(id) || { name: String(row[nameAt] || id), rows: [] };
    groups.set(id, group);
    group.rows.push(row);
  }
  const series = [...groups.values()];
  // Without a position column every row compares NaN, which sort reads as equal: the sort (stable) keeps
  // the table's order.
  for (const { rows } of series) rows.sort((a, b) => Number(a[positionAt]) - Number(b[positionAt]));
  return [true, false].flatMap((fromFirst) => {
    const sentAt = columnAt(fromFirst ? /read_?through.*first/ : /read_?through.*previous/);
    return sentAt < 0 ? [] : [oneCheck(series, sentAt, readersAt, fromFirst)];
  });
}

function oneCheck(
  series: readonly SeriesRows[],
  sentAt: number,
  readersAt: number,
  fromFirst: boolean,
): Check {
  const subject = `Read-through from ${fromFirst ? 'book 1' : 'the previous book'}: sent against readers`;
  const check = (result: CheckResult, text: string): Check => ({
    subject,
    result,
    text,
    tabs: ['read-through'],
  });
  let compared = 0;
  for (const { name, rows } of series) {
    for (let i = 1; i < rows.length; i++) {
      const sent = rows[i]![sentAt];
      const readers = rows[i]![readersAt];
      const base = rows[fromFirst ? 0 : i - 1]![readersAt];
      if (typeof sent !== 'number' || typeof readers !== 'number' || typeof base !== 'number' || base <= 0)
        continue;
      compared++;
      const expected = Math.min(1, readers / base);
      if (Math.abs(sent - expected) > FRACTION_TOLERANCE) {
        return check(
          'differs',
          `In "${name}", book ${i + 1} has ${countText(readers)} readers and book ${fromFirst ? 1 : i} ${countText(base)}, which is ${percent(expected)}; the API sends ${percent(sent)}.`,
        );
      }
    }
  }
  if (compared === 0)
    return check('unchecked', 'No series sends both readers and read-through for a later book.');
  return check(
    'agrees',
    `The read-through of ${series.length === 1 ? 'the series' : `all ${series.length} series`} agrees with its readers (${compared} books compared).`,
  );
}
