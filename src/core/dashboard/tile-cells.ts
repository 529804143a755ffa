// The figure tiles in rows 2–5 of the dashboard: a label column, then one column per tile with its figure,
// the previous period's (or why there is none) and the change.
import { MEASURES } from '../figures';
import { PLAIN_FORMAT } from '../tabs/formats';
import { CHANGE_FORMAT, formatOf, type GridBuilder, number, text } from './grid';
import type { Tile } from './tiles';

/** The row of each tile's figure and of its change; a tile's column is tileColumn(its index). */
export const TILE_VALUE_ROW = 3;
export const TILE_CHANGE_ROW = 5;

export function tileColumn(index: number): number {
  return 2 + index;
}

export function layTiles(grid: GridBuilder, list: readonly Tile[], currency: string | null): void {
  ['Figure', 'This period', 'Previous period', 'Change'].forEach((label, r) => {
    grid.put(2 + r, 1, text(label), true);
  });
  list.forEach((tile, i) => {
    const column = tileColumn(i);
    const format = formatOf(MEASURES[tile.measure].kind, currency);
    grid.put(2, column, text(tile.label), true);
    grid.put(TILE_VALUE_ROW, column, number(tile.value, format), true);
    grid.put(4, column, tile.previous === null ? text(tile.note) : number(tile.previous, format));
    // No change is an empty cell.
    grid.put(TILE_CHANGE_ROW, column, {
      value: tile.change,
      format: tile.change === null ? PLAIN_FORMAT : CHANGE_FORMAT,
    });
  });
}
