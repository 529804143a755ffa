// The Totals block: the figures a response sends beside its rows (the period's pages read and estimated
// KENP royalties beside the daily points, the `total` beside the free downloads) in three columns to the
// right of the rows, one empty column between: "Totals" (the label), "Value", "Field" (the key a formula
// names). Its header sits in the header row, its figures from row 3 down, like the rows.
//
// Its place holds from refresh to refresh so a formula pointing at it keeps reading the same figure: the
// mark remembers its first column and its keys in order. A figure the API stops sending keeps its row,
// empty; a new one is added below; the block moves right only when new columns of rows reach it.
import { figureLabel, isRequestParameter, type ReportFact, TEXT } from '../report';

export const TOTALS_HEADERS = ['Totals', 'Value', 'Field'] as const;
export const TOTALS_WIDTH = TOTALS_HEADERS.length;

/** Where the block stands: what the mark remembers. */
export interface TotalsPlace {
  /** 0-based column of "Totals". */
  readonly at: number;
  /** Fact keys, one per row, from the first data row down. */
  readonly keys: readonly string[];
}

export interface TotalsBlock {
  readonly place: TotalsPlace;
  readonly rows: readonly ReportFact[];
}

/** The block for this refresh, or null when the response sends no figure beside its rows and no
 * previous refresh placed a block. `dataWidth`: columns of rows (after arrangeColumns). */
export function arrangeTotals(
  facts: readonly ReportFact[],
  previous: TotalsPlace | null,
  dataWidth: number,
): TotalsBlock | null {
  if (facts.length === 0 && previous === null) return null;
  // A request parameter an earlier version showed as a figure is no longer kept a row.
  const keys = [
    ...new Set([
      ...(previous ? previous.keys.filter((k) => !isRequestParameter(k)) : []),
      ...facts.map((fact) => fact.key),
    ]),
  ];
  return {
    place: { at: Math.max(previous ? previous.at : 0, dataWidth + 1), keys },
    // A figure no longer sent keeps its row, empty.
    rows: keys.map(
      (key) =>
        facts.find((fact) => fact.key === key) || { key, label: figureLabel(key), value: null, format: TEXT },
    ),
  };
}
