// The cells a formula should spill for a report table, checked cell by cell against the table the report
// layer makes of the demo API's own response.
import { expect } from 'vitest';
import type { CellValue, ReportTable } from '../../src/core/report/index.ts';
import { TOTALS_HEADERS } from '../../src/core/tabs/index.ts';
import { wallClock } from './wall-clock.ts';

export function expectCell(actual: unknown, expected: CellValue, zone: string): void {
  if (expected === null) return void expect(actual).toBe('');
  if (expected instanceof Date) return void expect((actual as Date).getTime()).toBe(expected.getTime());
  if (typeof expected === 'object') {
    // A calendar day is a Date at midnight of that day in the spreadsheet's zone.
    const day = expected.iso.length === 7 ? `${expected.iso}-01` : expected.iso;
    expect(actual).toBeInstanceOf(Date);
    return void expect(wallClock(actual as Date, zone)).toBe(`${day} 00:00`);
  }
  expect(actual).toBe(expected);
}

/** `out` is the header row of labels and one row per table row (after `skip` leading rows), and the
 * figures beside the rows in the Totals block to their right, one empty column between. */
export function expectTable(out: unknown, table: ReportTable, zone: string, skip = 0): void {
  expect(Array.isArray(out)).toBe(true);
  const rows = (out as unknown[][]).slice(skip);
  const width = table.columns.length;
  expect(rows[0]?.slice(0, width)).toEqual(table.columns.map((c) => c.label));
  const facts = table.facts ?? [];
  expect(rows).toHaveLength(Math.max(table.rows.length, facts.length) + 1);
  table.rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      expectCell(rows[r + 1]?.[c], cell, zone);
    });
  });
  if (facts.length === 0) {
    // No figures sent beside the rows: nothing beside them either.
    expect(rows.flatMap((row) => row.slice(width)).filter((cell) => cell !== '')).toEqual([]);
    return;
  }
  expect(rows[0]?.slice(width)).toEqual(['', ...TOTALS_HEADERS]);
  const block = rows.slice(1, facts.length + 1);
  expect(block.map((row) => [row[width + 1], row[width + 3]])).toEqual(
    facts.map((fact) => [fact.label, fact.key]),
  );
  // Each value as its kind of cell compares (a calendar day, a date), beside the label just checked.
  facts.forEach((fact, r) => {
    expectCell(block[r]?.[width + 2], fact.value, zone);
  });
}
