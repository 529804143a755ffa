// Reading a table the way its users do: a column by field name, a column's format.
import { expect } from 'vitest';
import {
  type CellValue,
  type FormatHint,
  findColumn,
  type ReportTable,
} from '../../../src/core/report/index.ts';

export function columnOf(table: ReportTable, field: string): CellValue[] {
  const j = findColumn(table, field);
  expect(j, `column ${field}`).toBeGreaterThanOrEqual(0);
  return table.rows.map((row) => row[j] ?? null);
}

export function formatOf(table: ReportTable, field: string): FormatHint | undefined {
  return table.columns[findColumn(table, field)]?.format;
}

export function keysOf(table: ReportTable): string[] {
  return table.columns.map((column) => column.key);
}

export const day = (iso: string): CellValue => ({ kind: 'calendar-date', iso });
