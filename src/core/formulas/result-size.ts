// How big a formula's result may be. Google refused a custom function's result of 61,744 rows × 8 columns
// with "Result too large" and documents no limit (Blacksmoke16/GESI#102), so a result stays well under
// that: at most MAX_RESULT_CELLS cells, rows × columns, banner rows included. A capped result keeps its
// first rows and says so in a banner row above them. The truncation banner (docs/api.md §1: the figures
// may be too low) is a banner row too.
import type { FormulaCell } from './cells';

/** A fifth of the 493,952 cells Google was seen to refuse. */
export const MAX_RESULT_CELLS = 100_000;

/** `row` padded with empty cells to `width`. */
export function padded(row: readonly FormulaCell[], width: number): FormulaCell[] {
  return [...row, ...new Array<FormulaCell>(width - row.length).fill('')];
}

/**
 * `cells` (rows from `first` on are data rows) under one banner row per warning, every row padded to the
 * widest. When the whole would pass MAX_RESULT_CELLS, cut to its first data rows, with one more banner
 * row saying so: "First 12,499 of 26,011 rows: give a field, or a shorter period."
 */
export function withBanners(
  cells: readonly FormulaCell[][],
  first: number,
  warnings: readonly FormulaCell[],
  remedy: string,
): FormulaCell[][] {
  const fits = Math.floor(MAX_RESULT_CELLS / Math.max(1, ...cells.map((row) => row.length)));
  const lines = [...warnings];
  if (cells.length + lines.length > fits) {
    const shown = Math.max(0, fits - lines.length - 1 - first);
    const n = (x: number) => x.toLocaleString('en-US');
    lines.push(`First ${n(shown)} of ${n(cells.length - first)} rows: ${remedy}.`);
    cells = cells.slice(0, first + shown);
  }
  const all = [...lines.map((line) => [line]), ...cells];
  const width = Math.max(1, ...all.map((row) => row.length));
  return all.map((row) => padded(row, width));
}
