// The truncation banner: the row above the header when the API says some rows could not be read
// (docs/api.md §1, truncation: the figures may be too low; the remedy is a shorter period).

import type { FormulaCell } from './cells';

/** `rows` under one banner row per line, every row padded with empty cells to the widest. */
export function withBanners(
  rows: readonly (readonly FormulaCell[])[],
  lines: readonly FormulaCell[],
): FormulaCell[][] {
  const all: (readonly FormulaCell[])[] = [...lines.map((line) => [line]), ...rows];
  const width = Math.max(1, ...all.map((row) => row.length));
  return all.map((row) =>
    row.length === width ? [...row] : [...row, ...new Array<FormulaCell>(width - row.length).fill('')],
  );
}
