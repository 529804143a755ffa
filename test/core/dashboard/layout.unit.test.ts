// The tiles and tables band of the dashboard, from plain inputs: the banner, the charts note, the width
// kept to columns A–H, and colour rules only over the cells that hold those figures.
import { describe, expect, it } from 'vitest';
import type { BookEconomics } from '../../../src/core/dashboard/books.ts';
import { CHARTS_NOTE_ROW, LEFT_WIDTH, layLeft } from '../../../src/core/dashboard/layout.ts';
import type { Tile } from '../../../src/core/dashboard/tiles.ts';

const tile = (measure: Tile['measure'], value: number | null): Tile => ({
  measure,
  label: measure,
  value,
  previous: null,
  change: null,
  note: 'no previous period',
});

/** The dashboard's six tiles, as figureTiles gives them; net profit below zero. */
const TILES = (
  ['royalties', 'ad_spend', 'net_profit', 'kenp_pages', 'kenp_royalties', 'free_downloads'] as const
).map((measure) => tile(measure, measure === 'net_profit' ? -4 : 10));

describe('layLeft', () => {
  it('writes the banner in A1 and the charts note on its row, within columns A–H', () => {
    const { left } = layLeft('Figures as of today.', TILES, [], [], 'USD');
    expect(left.values[0]![0]).toBe('Figures as of today.');
    expect(left.values[CHARTS_NOTE_ROW - 1]![0]).toMatch(/^Charts: from column J/);
    for (const row of left.values) expect(row).toHaveLength(LEFT_WIDTH);
    expect(left.formats).toHaveLength(left.values.length);
  });

  it('colours net profit where its tile is, and nothing for tables with no rows', () => {
    const { colours } = layLeft('', TILES, [], [], 'USD');
    const areas = colours.flatMap((rule) => rule.areas);
    // Every area lies inside the band, and none is empty.
    for (const area of areas) {
      expect(area.column + area.columns - 1).toBeLessThanOrEqual(LEFT_WIDTH);
      expect(area.rows).toBeGreaterThanOrEqual(0);
    }
    const withRows = areas.filter((a) => a.rows > 0);
    // The net profit tile's value cell is among them; with no books nor series, no table row is coloured.
    expect(withRows.some((a) => a.rows === 1 && a.columns === 1)).toBe(true);
  });

  it('grows with the books it lists, and colours one cell per book', () => {
    const book: BookEconomics = {
      title: 'One',
      series: null,
      royalties: 10,
      adSpend: 2,
      netProfit: 8,
      kenpPages: 0,
      borrows: null,
    };
    const none = layLeft('', TILES, [], [], 'USD');
    const three = layLeft(
      '',
      TILES,
      [],
      [book, { ...book, title: 'Two' }, { ...book, title: 'Three' }],
      'USD',
    );
    expect(three.left.values.length).toBeGreaterThan(none.left.values.length);
    const bookAreas = three.colours.flatMap((r) => r.areas).filter((a) => a.rows === 3);
    expect(bookAreas.length).toBeGreaterThan(0);
  });
});
