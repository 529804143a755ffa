import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReportTable } from '../../../src/core/report/index.ts';
import {
  arrangeColumns,
  BANNER_BACKGROUND,
  type Banner,
  cellFormat,
  HEADER_ROWS,
  hintFormat,
  literalText,
  moneyFormat,
  PLAIN_FORMAT,
  tabBlock,
} from '../../../src/core/tabs/index.ts';
import { expectProperty } from '../../support/property.ts';

const label = (key: string) => `Label of ${key}`;
const meta = { period: null, currency: 'EUR', truncated: false };

function table(keys: readonly string[], rows: number): ReportTable {
  return {
    columns: keys.map((key) => ({ key, label: key.toUpperCase(), format: { kind: 'integer' } })),
    rows: Array.from({ length: rows }, (_, r) => keys.map((_, c) => r * 100 + c)),
    meta,
  };
}

describe('arrangeColumns', () => {
  it('keeps known columns in place, keeps vanished ones empty and appends new ones', () => {
    const now = table(['c', 'new', 'a'], 2);
    const arranged = arrangeColumns(now, ['a', 'gone', 'c'], label);
    expect(arranged.columns.map((c) => c.key)).toEqual(['a', 'gone', 'c', 'new']);
    // Its header says why its cells are empty: a SUM over it reads 0, which the report never said.
    expect(arranged.columns[1]?.label).toBe(`${label('gone')} (not sent this time)`);
    expect(arranged.rows).toHaveLength(2);
    arranged.rows.forEach((row, r) => {
      expect(row[0]).toBe(now.rows[r]?.[2]);
      expect(row[1]).toBeNull();
      expect(row[2]).toBe(now.rows[r]?.[0]);
      expect(row[3]).toBe(now.rows[r]?.[1]);
    });
  });

  it('never moves a previous column, for any layouts, and is idempotent', () => {
    const keys = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 7 });
    expectProperty(
      fc.property(keys, keys, (previous, current) => {
        const arranged = arrangeColumns(table(current, 2), previous, label);
        const order = arranged.columns.map((c) => c.key);
        const again = arrangeColumns(arranged, order, label);
        return (
          previous.every((key, i) => order[i] === key) &&
          current.every((key) => order.includes(key)) &&
          new Set(order).size === order.length &&
          arranged.rows.every((row) => row.length === order.length) &&
          again === arranged
        );
      }),
    );
  });
});

describe('tabBlock', () => {
  const banner: Banner = { text: '=not a formula', tone: 'truncated' };

  it('puts the banner in row 1, headers in row 2 and data from row 3', () => {
    const source = table(['a', 'b'], 3);
    const block = tabBlock(source, banner, 0);
    expect(block.values.length).toBe(HEADER_ROWS + source.rows.length);
    expect(block.values[0]).toEqual([literalText(banner.text), '']);
    expect(block.values[1]).toEqual(source.columns.map((c) => literalText(c.label)));
    expect(block.values.slice(HEADER_ROWS)).toEqual(source.rows);
    expect(block.backgrounds[0]).toEqual([BANNER_BACKGROUND.truncated, BANNER_BACKGROUND.truncated]);
    expect(block.fontWeights[1]).toEqual(['bold', 'bold']);
    expect(block.fontWeights[HEADER_ROWS]).toEqual(['normal', 'normal']);
    expect(block.numberFormats[HEADER_ROWS]).toEqual([
      hintFormat({ kind: 'integer' }),
      hintFormat({ kind: 'integer' }),
    ]);
    expect(block.dataRows).toBe(source.rows.length);
  });

  it('blanks the rows of a longer previous block so stale rows are cleared in the same write', () => {
    const block = tabBlock(table(['a'], 2), banner, 10);
    expect(block.values.length).toBe(10);
    for (const row of block.values.slice(HEADER_ROWS + 2)) expect(row).toEqual(['']);
    expect(block.numberFormats.length).toBe(10);
    for (const row of block.numberFormats.slice(HEADER_ROWS + 2)) expect(row).toEqual([PLAIN_FORMAT]);
  });

  it('formats each cell by its value first, then its column (or, in Metric/Value tables, its row)', () => {
    const money = { kind: 'money', currency: 'JPY' } as const;
    const source: ReportTable = {
      columns: [
        { key: 'key', label: 'Key', format: { kind: 'text' } },
        { key: 'value', label: 'Value', format: { kind: 'integer' } },
      ],
      rows: [
        ['royalties', 1234],
        ['units', 5],
        ['day', { kind: 'calendar-date', iso: '2026-11-20' }],
      ],
      meta,
      layout: 'metric-value',
      rowFormats: [money, { kind: 'integer' }, { kind: 'date' }],
    };
    const block = tabBlock(source, banner, 0);
    expect(block.numberFormats[HEADER_ROWS]).toEqual([PLAIN_FORMAT, moneyFormat('JPY')]);
    expect(block.numberFormats[HEADER_ROWS + 1]).toEqual([PLAIN_FORMAT, hintFormat({ kind: 'integer' })]);
    expect(block.numberFormats[HEADER_ROWS + 2]?.[1]).toBe(
      cellFormat({ kind: 'calendar-date', iso: '2026-11-20' }, ''),
    );
  });

  it('costs one array per property whatever the row count', () => {
    for (const rows of [0, 10, 10_000]) {
      const block = tabBlock(table(['a', 'b', 'c'], rows), banner, 0);
      for (const grid of [block.values, block.numberFormats, block.fontWeights, block.backgrounds]) {
        expect(grid.length).toBe(HEADER_ROWS + rows);
        for (const row of grid) expect(row).toHaveLength(3);
      }
    }
  });
});

describe('number formats', () => {
  it('gives money the currency and its decimals', () => {
    expect(moneyFormat('USD')).toContain('$');
    expect(moneyFormat('USD')).toContain('0.00');
    expect(moneyFormat('JPY')).not.toContain('.');
    expect(moneyFormat('CHF')).toContain('CHF');
    expect(hintFormat({ kind: 'percent' })).toContain('%');
    expect(hintFormat({ kind: 'integer' })).toContain('#,##0');
  });
});
