// A plain spreadsheet for the tab directory and writer flows (core/flows/): sheets with names and ids, our
// marks on some of them, and every call the flows make counted by name.
import type { SpreadsheetMarksPort } from '../../src/core/flows/tab-directory.ts';
import { MARK_KEY, markText, type TabMark } from '../../src/core/tabs/index.ts';

export interface FakeSheet {
  id: number;
  name: string;
  frozen: number;
}
export interface FakeMark {
  key: string;
  value: string;
  sheet: FakeSheet | null;
  removed: boolean;
}

export const markOf = (tab: TabMark['tab'], sheetId?: number): string =>
  markText({ tab, columns: ['Title'], blockRows: 3, dataAt: 1, ...(sheetId !== undefined && { sheetId }) });

export function fakeSpreadsheet(sheetNames: string[], marks: Array<{ on: string | null; value: string }>) {
  const sheets: FakeSheet[] = sheetNames.map((name, i) => ({ id: 100 + i, name, frozen: 0 }));
  const metadata: FakeMark[] = marks.map(({ on, value }) => ({
    key: MARK_KEY,
    value,
    sheet: sheets.find((s) => s.name === on) ?? null,
    removed: false,
  }));
  const calls: string[] = [];
  const counted =
    <A extends unknown[], R>(name: string, run: (...args: A) => R) =>
    (...args: A): R => {
      calls.push(name);
      return run(...args);
    };
  const port: SpreadsheetMarksPort<FakeSheet, FakeMark> = {
    findMarks: counted('findMarks', (key) => metadata.filter((m) => m.key === key && !m.removed)),
    markValue: counted('markValue', (m) => m.value),
    sheetOf: counted('sheetOf', (m) => m.sheet),
    sheetId: counted('sheetId', (s) => s.id),
    sheetName: counted('sheetName', (s) => s.name),
    sheetNames: counted('sheetNames', () => new Set(sheets.map((s) => s.name))),
    insertSheet: counted('insertSheet', (name, index) => {
      const sheet = { id: 100 + sheets.length, name, frozen: 0 };
      sheets.splice(index, 0, sheet);
      return sheet;
    }),
    freezeRows: counted('freezeRows', (sheet, rows) => {
      sheet.frozen = rows;
    }),
    rename: counted('rename', (sheet, name) => {
      sheet.name = name;
    }),
    removeMark: counted('removeMark', (m) => {
      m.removed = true;
    }),
    setMarkValue: counted('setMarkValue', (m, text) => {
      m.value = text;
    }),
    addMark: counted('addMark', (sheet, key, value) => {
      metadata.push({ key, value, sheet, removed: false });
    }),
  };
  return { port, sheets, metadata, calls };
}
