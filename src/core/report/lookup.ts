// Finding a column or a single figure by the name a formula gives: by key (`totals.net_profit`), by label
// ("Net profit") or by the key's last segment (`net_profit`), in that order, ignoring case, spaces,
// underscores and hyphens. The formulas skip the last step for a measure's name (FieldMatch). `=ROYALTIES_SUMMARY(,,"net_profit")` and `=ROYALTIES_ACCOUNT("api_key.name")`
// both end here.

import { breakdownOf, lastSegment } from './keys';
import { fieldName } from './labels';
import { metricFigures } from './metric-table';
import { ambiguityText, thisPeriodsKey } from './period-role';
import type { CellValue, ReportTable } from './types';

interface Named {
  readonly key: string;
  readonly label: string;
}

/** A name that matches several figures, none clearly this period's: the formula asks for one of them. */
export class AmbiguousFieldError extends Error {
  constructor(
    field: string,
    readonly keys: readonly string[],
  ) {
    super(ambiguityText(field, keys));
    this.name = 'AmbiguousFieldError';
  }
}

/** How a name may match: by key or label only (a measure's name, which the figure catalogue then reads with
 * its rules, so `best_book.royalties` is never "royalties"), or also by the key's last segment. */
export type FieldMatch = 'exact' | 'or-last-segment';

/** Index of the entry named `field`; -1 if none. By its last segment only when one match is clearly this
 * period's (`royalties` beside `previous.royalties`): several that could be throw AmbiguousFieldError. */
function matchField(entries: readonly Named[], field: string, match?: FieldMatch): number {
  const wanted = fieldName(field);
  if (wanted === '') return -1;
  for (const by of ['key', 'label'] as const) {
    const i = entries.findIndex((entry) => fieldName(entry[by]) === wanted);
    if (i >= 0) return i;
  }
  if (match === 'exact') return -1;
  // A breakdown's part (`by_market[US].royalties`) is found by its key or label, never as "royalties".
  const found: number[] = [];
  entries.forEach((entry, i) => {
    if (breakdownOf(entry.key) === null && fieldName(lastSegment(entry.key)) === wanted) found.push(i);
  });
  if (found.length < 2) return found.length ? found[0]! : -1;
  const keys = found.map((i) => entries[i]!.key);
  const at = thisPeriodsKey(keys);
  if (at === null) throw new AmbiguousFieldError(field, keys);
  return found[at]!;
}

/** `match`: by default also by the key's last segment. */
export function findColumn(table: ReportTable, field: string, match?: FieldMatch): number {
  return matchField(table.columns, field, match);
}

/** One figure: a row of a Metric/Value table, the cell of a one-row table, or a fact beside the rows
 * (the total pages read beside the daily points). Undefined when the table has no such single figure. */
export function findFigure(table: ReportTable, field: string, match?: FieldMatch): CellValue | undefined {
  if (table.layout === 'metric-value') return valueNamed(metricFigures(table), field, match);
  if (table.rows.length === 1) {
    const column = findColumn(table, field, match);
    if (column >= 0) return table.rows[0]![column] as CellValue;
  }
  return valueNamed(table.facts || [], field, match);
}

function valueNamed(
  figures: readonly (Named & { readonly value: CellValue })[],
  field: string,
  match?: FieldMatch,
): CellValue | undefined {
  const i = matchField(figures, field, match);
  return i < 0 ? undefined : figures[i]!.value;
}
