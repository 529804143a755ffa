// The tiles and tables band of the dashboard, from plain inputs: the banner, the charts note, the width
// kept to columns A–H, and colour rules only over the cells that hold those figures.
import { describe, expect, it } from 'vitest';
import type { BookEconomics } from '../../../src/core/dashboard/books.ts';
import type { Area, Grid } from '../../../src/core/dashboard/grid.ts';
import { CHARTS_NOTE_ROW, LEFT_WIDTH, layLeft } from '../../../src/core/dashboard/layout.ts';
import type { SeriesEconomics } from '../../../src/core/dashboard/series.ts';
import { TILE_CHANGE_ROW, TILE_VALUE_ROW } from '../../../src/core/dashboard/tile-cells.ts';
import { TILES } from '../../support/dashboard-fixtures.ts';

describe('layLeft', () => {
  it('writes the banner in A1 and the charts note on its row, within columns A–H', () => {
    const { left } = layLeft('Figures as of today.', TILES, [], [], 'USD');
    expect(left.values[0]![0]).toBe('Figures as of today.');
    expect(left.values[CHARTS_NOTE_ROW - 1]![0]).toMatch(/^Charts: from column J/);
    // Columns A–H: the charts float from column J, one blank column after.
    expect(LEFT_WIDTH).toBe(8);
    for (const row of left.values) expect(row).toHaveLength(LEFT_WIDTH);
    expect(left.formats).toHaveLength(left.values.length);
  });

  it('colours net profit where its tile is, and nothing for tables with no rows', () => {
    const { colours } = layLeft('', TILES, [], [], 'USD');
    const areas = colours.flatMap((rule) => rule.areas);
    // Every area lies inside the band, and none is empty.
    expect(areas.length).toBeGreaterThan(0);
    for (const area of areas) {
      expect(area.column + area.columns - 1).toBeLessThanOrEqual(LEFT_WIDTH);
      expect(area.rows).toBeGreaterThan(0);
    }
    // With no books nor series, no table row is coloured: only the tiles' values and changes.
    expect(new Set(areas.map((a) => a.row))).toEqual(new Set([TILE_VALUE_ROW, TILE_CHANGE_ROW]));
    // The net profit tile's value cell is among them.
    expect(areas.some((a) => a.row === TILE_VALUE_ROW && a.rows === 1 && a.columns === 1)).toBe(true);
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

  it('puts each colour rule over the cells headed with its figure, one row per book or series book', () => {
    const book: BookEconomics = {
      title: 'One',
      series: 'Saga',
      royalties: 10,
      adSpend: 2,
      netProfit: 8,
      kenpPages: 0,
      borrows: null,
    };
    const seriesBook = (position: number): SeriesEconomics['books'][number] => ({
      position,
      title: `Book ${position}`,
      readers: 10 / position,
      fromPrevious: position === 1 ? null : 0.5,
      fromFirst: 1 / position,
      beyondFirst: false,
      isFirst: position === 1,
    });
    const series: SeriesEconomics = {
      name: 'Saga',
      books: [seriesBook(1), seriesBook(2), seriesBook(3)],
      firstReaders: 10,
      royalties: 20,
    };
    const books = [book, { ...book, title: 'Two' }];
    const { left, colours } = layLeft('', TILES, [series], books, 'USD');
    // What heads each cell of an area: a tile's row label and name, else the table's header row above.
    const headed = (grid: Grid, area: Area): string[] =>
      Array.from({ length: area.columns }, (_, c) => {
        const column = area.column + c - 1;
        if (area.row === TILE_VALUE_ROW || area.row === TILE_CHANGE_ROW)
          return `${grid.values[area.row - 1]![0]}: ${grid.values[1]![column]}`;
        return String(grid.values[area.row - 2]![column]);
      });
    const rulesOver = colours.map((rule) => [
      `${rule.when} ${rule.than} ${rule.tone}`,
      rule.areas.map((area) => [area.rows, headed(left, area)]),
    ]);
    expect(rulesOver).toEqual([
      [
        'less 0 bad',
        [
          [1, ['This period: net_profit']],
          [2, ['Net profit']],
        ],
      ],
      ['greater 0.5 bad', [[2, ['TACoS (ad spend ÷ royalties)']]]],
      [
        'less 0.5 bad',
        [
          [1, ['Read-through, book 1 to last']],
          [3, ['Read-through from previous book', 'Read-through from book 1']],
        ],
      ],
      ...(['greater 0 good', 'less 0 bad'] as const).map((rule) => [
        rule,
        ['royalties', 'net_profit', 'kenp_pages', 'kenp_royalties', 'free_downloads'].map((m) => [
          1,
          [`Change: ${m}`],
        ]),
      ]),
      ...(['greater 0 bad', 'less 0 good'] as const).map((rule) => [rule, [[1, ['Change: ad_spend']]]]),
    ]);
  });
});
