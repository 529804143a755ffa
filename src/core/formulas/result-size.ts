// How big a formula's result may be. Google refused a custom function's result of 61,744 rows × 8 columns
// with "Result too large" and documents no limit (Blacksmoke16/GESI#102), so a result stays well under
// that: at most MAX_RESULT_CELLS cells, rows × columns, banner rows included. A capped result keeps its
// first rows and says so in a banner row above them.

/** A fifth of the 493,952 cells Google was seen to refuse. */
export const MAX_RESULT_CELLS = 100_000;

/** "First 12,499 of 26,011 rows: give a field, or a shorter period." */
function cappedLine(shown: number, total: number, remedy: string): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `First ${n(shown)} of ${n(total)} rows: ${remedy}.`;
}

/**
 * `cells` (rows from `first` on are data rows) cut to what fits in MAX_RESULT_CELLS beside `banners` banner
 * rows already above them and one more for the cut's own line; `line` is null when nothing was cut.
 */
export function capRows<T>(
  cells: readonly T[][],
  first: number,
  banners: number,
  remedy: string,
): { readonly cells: T[][]; readonly line: string | null } {
  const width = Math.max(1, ...cells.map((row) => row.length));
  const fits = Math.floor(MAX_RESULT_CELLS / width);
  if (cells.length + banners <= fits) return { cells: [...cells], line: null };
  const total = cells.length - first;
  const shown = Math.max(0, fits - banners - 1 - first);
  return { cells: cells.slice(0, first + shown), line: cappedLine(shown, total, remedy) };
}
