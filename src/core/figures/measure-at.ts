// A measure's figures read row by row, for the tables the dashboard and the morning e-mail build.
import type { ReportTable } from '../report';
import { type Measure, measureValues } from './catalogue';

/** Row i's figure of a measure's column (i: an index of the table's rows, as every caller passes); null when
 * the row has none or the table no such column. */
export function measureAt(table: ReportTable, measure: Measure): (i: number) => number | null {
  const found = measureValues(table, measure);
  return (i) => (found.found ? (found.value[i] ?? null) : null);
}
