// The Totals block (src/core/tabs/totals.ts): the figures beside the rows, at a place that holds from
// refresh to refresh so a formula pointing at it keeps reading the same figure.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ReportFact, type ReportTable, toReportTable } from '../../../src/core/report/index.ts';
import {
  arrangeColumns,
  type Banner,
  HEADER_ROWS,
  hintFormat,
  markText,
  NO_ROWS_HEADER,
  parseMark,
  TOTALS_HEADERS,
  type TotalsPlace,
  tabBlock,
} from '../../../src/core/tabs/index.ts';
import { demoResponse } from '../../support/demo-shapes.ts';

const banner: Banner = { text: 'Updated', tone: 'normal' };
const money = { kind: 'money', currency: 'USD' } as const;

function fact(key: string, value: number): ReportFact {
  return { key, label: `Label ${key}`, value, format: money };
}

function table(keys: readonly string[], rows: number, facts: readonly ReportFact[]): ReportTable {
  return {
    columns: keys.map((key) => ({ key, label: key, format: { kind: 'integer' } })),
    rows: Array.from({ length: rows }, (_, r) => keys.map((_, c) => r * 10 + c)),
    meta: { period: null, currency: 'USD', truncated: false },
    facts,
  };
}

/** The value beside each key, read back from the block where the place says. */
function totalsIn(values: readonly (readonly unknown[])[], place: TotalsPlace): Map<string, unknown> {
  return new Map(place.keys.map((key, r) => [key, values[HEADER_ROWS + r]?.[place.at + 1]]));
}

describe('the Totals block', () => {
  it('stands right of the rows, one empty column between, headed Totals, Value, Field', () => {
    const block = tabBlock(
      table(['date', 'pages'], 3, [fact('kenp.pages_read', 12), fact('kenp.royalties', 1.5)]),
      banner,
      0,
    );
    expect(block.totals).toEqual({ at: 3, keys: ['kenp.pages_read', 'kenp.royalties'] });
    expect(block.values[1]).toEqual(["'date", "'pages", '', ...TOTALS_HEADERS.map((h) => `'${h}`)]);
    expect(block.values[2]?.slice(3)).toEqual(["'Label kenp.pages_read", 12, "'kenp.pages_read"]);
    expect(block.values[3]?.slice(3)).toEqual(["'Label kenp.royalties", 1.5, "'kenp.royalties"]);
    expect(block.numberFormats[3]?.[4]).toBe(hintFormat(money));
    expect(block.columns).toEqual(['date', 'pages']);
  });

  it('never shows a request parameter the response echoes ("interval": "day") as a figure', () => {
    const response = { ...demoResponse('timeline'), kenp_pages: 120, page: 1, limit: 500 };
    const facts = toReportTable(response, 'timeline').facts ?? [];
    expect(facts.map((f) => f.key)).toEqual(['kenp_pages']);
    const summary = toReportTable({ ...demoResponse('summary'), range: 'last_30_days' }, 'summary');
    expect(summary.rows.flat()).not.toContain('last_30_days');
    // A place an earlier version recorded with the parameter as a row drops that row.
    const block = tabBlock(table(['a'], 2, [fact('kenp_pages', 120)]), banner, 4, {
      at: 2,
      keys: ['interval', 'kenp_pages'],
    });
    expect(block.totals?.keys).toEqual(['kenp_pages']);
  });

  it('runs longer than the rows when there are more figures than rows', () => {
    const block = tabBlock(table(['a'], 1, [fact('x', 1), fact('y', 2), fact('z', 3)]), banner, 0);
    expect(block.values).toHaveLength(HEADER_ROWS + 3);
    expect(block.values[4]).toEqual(['', '', "'Label z", 3, "'z"]);
    expect(block.dataRows).toBe(1);
  });

  it('keeps its column and each figure its row across refreshes; a vanished figure stays, empty', () => {
    const first = tabBlock(table(['a', 'b'], 2, [fact('x', 1), fact('y', 2)]), banner, 0);
    const second = tabBlock(
      table(['a', 'b'], 5, [fact('z', 3), fact('y', 4)]),
      banner,
      first.values.length,
      first.totals,
    );
    expect(second.totals).toEqual({ at: first.totals?.at, keys: ['x', 'y', 'z'] });
    expect([...totalsIn(second.values, second.totals!)]).toEqual([
      ['x', ''],
      ['y', 4],
      ['z', 3],
    ]);
    // A narrower response does not pull it left.
    const narrower = tabBlock(table(['a'], 1, [fact('y', 5)]), banner, second.values.length, second.totals);
    expect(narrower.totals?.at).toBe(first.totals?.at);
  });

  it('moves right only when new columns of rows reach it', () => {
    const first = tabBlock(table(['a'], 1, [fact('x', 1)]), banner, 0);
    expect(first.totals?.at).toBe(2);
    const wider = arrangeColumns(table(['a', 'b', 'c'], 1, [fact('x', 1)]), first.columns, (k) => k);
    expect(tabBlock(wider, banner, 0, first.totals).totals?.at).toBe(4);
  });

  it('is remembered by the tab’s mark', () => {
    const block = tabBlock(table(['a'], 1, [fact('x', 1)]), banner, 0);
    const mark = {
      tab: 'kenp' as const,
      columns: block.columns,
      blockRows: 3,
      dataAt: 1,
      totals: block.totals!,
    };
    expect(parseMark(markText(mark))).toEqual(mark);
    expect(parseMark(markText({ ...mark, totals: undefined } as never))?.totals).toBeUndefined();
  });

  it('is absent when no figure was ever sent beside the rows', () => {
    const block = tabBlock(table(['a'], 2, []), banner, 0);
    expect(block.totals).toBeUndefined();
    expect(block.values[1]).toEqual(["'a"]);
  });

  it('leaves a header row on a tab with no rows and no known columns', () => {
    expect(tabBlock(table([], 0, []), banner, 0).values[1]).toEqual([`'${NO_ROWS_HEADER}`]);
  });

  it('keeps every block rectangular, for any rows, figures and previous place', () => {
    const keys = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 5 });
    fc.assert(
      fc.property(
        keys,
        fc.nat(6),
        keys,
        fc.option(fc.record({ at: fc.integer({ min: 1, max: 9 }), keys }), { nil: null }),
        (columns, rows, facts, previous) => {
          const block = tabBlock(
            table(
              columns,
              rows,
              facts.map((k, i) => fact(k, i)),
            ),
            banner,
            0,
            previous,
          );
          const width = block.values[0]!.length;
          for (const grid of [block.values, block.numberFormats, block.fontWeights, block.backgrounds]) {
            expect(grid).toHaveLength(block.values.length);
            for (const row of grid) expect(row).toHaveLength(width);
          }
          if (block.totals) {
            expect(block.totals.at).toBeGreaterThan(columns.length);
            expect(width).toBe(block.totals.at + TOTALS_HEADERS.length);
            for (const key of facts) expect(block.totals.keys).toContain(key);
          }
        },
      ),
    );
  });
});
