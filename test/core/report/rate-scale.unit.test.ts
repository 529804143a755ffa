// A column of rates read on one scale, or said.
import { describe, expect, it } from 'vitest';
import { readingWarnings, toReportTable } from '../../../src/core/report/index.ts';

const ENVELOPE = { currency: 'USD', meta: { truncated: false } };

function read(key: string, values: unknown[]) {
  const table = toReportTable({ ...ENVELOPE, rows: values.map((v) => ({ [key]: v })) }, 'books-report');
  return {
    format: table.columns[0]!.format.kind,
    cells: table.rows.map((row) => row[0]),
    warnings: readingWarnings(table.meta),
  };
}

describe('rate scale', () => {
  it('reads a column with a value above 1 on the 0 to 100 scale, exactly', () => {
    expect(read('conversion_rate', [80, 0.512, 51.2])).toEqual({
      format: 'percent',
      cells: [0.8, 0.00512, 0.512],
      warnings: [],
    });
  });

  it('reads fractions as fractions, and a name that says percent as 0 to 100', () => {
    expect(read('read_through', [0.8, 0.512]).cells).toEqual([0.8, 0.512]);
    expect(read('click_pct', [0.5, 12]).cells).toEqual([0.005, 0.12]);
    expect(read('share_percent', ['45.5']).cells).toEqual([0.455]);
  });

  it('says so when a column fits neither scale, and shows it as sent', () => {
    const { format, cells, warnings } = read('acos', [150, 20]);
    expect(format).not.toBe('percent');
    expect(cells).toEqual([150, 20]);
    expect(warnings).toEqual([
      'ACoS: rates neither fractions nor on a 0 to 100 scale; shown as sent, not as percentages.',
    ]);
  });
});
