// Unix seconds and milliseconds are dates only where the name and the size agree.
import { describe, expect, it } from 'vitest';
import { toReportTable } from '../../../src/core/report/index.ts';

const ENVELOPE = { currency: 'USD', meta: { truncated: false } };

function columnOf(rows: Record<string, unknown>[], key: string) {
  const table = toReportTable({ ...ENVELOPE, rows }, 'books-report');
  const at = table.columns.findIndex((column) => column.key === key);
  return { format: table.columns[at]!.format.kind, cells: table.rows.map((row) => row[at]) };
}

const DAY = Date.UTC(2026, 10, 1);

describe('Unix dates', () => {
  it('reads midnights in seconds or milliseconds as the days they start', () => {
    for (const date of [DAY / 1000, DAY])
      expect(columnOf([{ date }, { date: date + (date === DAY ? 86_400_000 : 86_400) }], 'date')).toEqual({
        format: 'date',
        cells: [
          { kind: 'calendar-date', iso: '2026-11-01' },
          { kind: 'calendar-date', iso: '2026-11-02' },
        ],
      });
  });

  it('reads other times as instants, sent as numbers or as decimal text', () => {
    const read = columnOf(
      [{ created_at: DAY / 1000 + 90 }, { created_at: String(DAY / 1000 + 1.5) }],
      'created_at',
    );
    expect(read.format).toBe('datetime');
    expect((read.cells as Date[]).map((d) => d.toISOString())).toEqual([
      '2026-11-01T00:01:30.000Z',
      '2026-11-01T00:00:01.500Z',
    ]);
  });

  it('keeps numbers whose name or size says no date as numbers', () => {
    expect(columnOf([{ units_sold: DAY / 1000 }], 'units_sold').cells).toEqual([DAY / 1000]);
    expect(columnOf([{ day: 12 }], 'day').cells).toEqual([12]);
    // Seconds beside milliseconds: no one unit, so no date.
    expect(columnOf([{ date: DAY / 1000 }, { date: DAY }], 'date').cells).toEqual([DAY / 1000, DAY]);
  });
});
