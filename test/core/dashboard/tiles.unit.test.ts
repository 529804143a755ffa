// The figure tiles (core/dashboard/tiles.ts): the Summary's figures, with only the KENP and Free downloads
// reports standing in for their own figures when the summary does not send them.
import { describe, expect, it } from 'vitest';
import { figureTiles } from '../../../src/core/dashboard/tiles.ts';
import { toReportTable } from '../../../src/core/report/index.ts';

const ENVELOPE = {
  period: { start: '2026-10-22', end: '2026-11-20' },
  currency: 'USD',
  meta: { truncated: false },
};

const tilesOf = (summaryBody: object, kenpBody: object, freeBody: object) =>
  new Map(
    figureTiles(
      {
        summary: toReportTable({ ...ENVELOPE, ...summaryBody }, 'summary'),
        timeline: toReportTable({ ...ENVELOPE, points: [{ date: '2026-11-01', royalties: 10 }] }, 'timeline'),
        kenp: toReportTable({ ...ENVELOPE, ...kenpBody }, 'kenp'),
        freeUnits: toReportTable({ ...ENVELOPE, ...freeBody }, 'free-units'),
      },
      [],
    ).map((tile) => [tile.measure, tile.value]),
  );

describe('the figure tiles', () => {
  it('never take the KENP report’s royalties for the period’s royalties', () => {
    const tiles = tilesOf(
      { totals: { earnings: 1000, ad_spend: 300 } },
      { pages_read: 5000, royalties: 22.5, estimated_royalties: 21 },
      { total: 7, rows: [{ book_id: 'a', free_units: 7 }] },
    );
    expect(tiles.get('royalties')).toBeNull();
    expect(tiles.get('ad_spend')).toBe(300);
    // The KENP and free-download figures still come from their own reports.
    expect(tiles.get('kenp_pages')).toBe(5000);
    expect(tiles.get('kenp_royalties')).toBe(21);
    expect(tiles.get('free_downloads')).toBe(7);
  });

  it('never take the Free downloads report’s figures for anything but free downloads', () => {
    const tiles = tilesOf(
      { totals: { royalties: 1000 } },
      { pages_read: 5000 },
      { total: 7, units_sold: 3, net_profit: 5, rows: [{ book_id: 'a', free_units: 7 }] },
    );
    expect(tiles.get('royalties')).toBe(1000);
    expect(tiles.get('net_profit')).toBeNull();
    expect(tiles.get('free_downloads')).toBe(7);
  });
});
