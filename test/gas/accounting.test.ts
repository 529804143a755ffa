// Accounting: service calls by Class.method, grouped by service, and the captured text for leak scans.
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { emulatorFor } from './support/scripts.ts';

let emulator: Emulator;
afterEach(() => emulator?.close());

const CODE = `
function work(rows) {
  var sheet = SpreadsheetApp.getActiveSpreadsheet().insertSheet('Books');
  sheet.getRange(1, 1, rows.length, rows[0].length).setValues(rows);
  CacheService.getDocumentCache().putAll({ 'cache-key': 'cache-value' }, 60);
  PropertiesService.getUserProperties().getProperty('key');
  Logger.log('logged %s', 'line');
  console.warn({ note: 'console' });
  SpreadsheetApp.getActiveSpreadsheet().toast('Refreshed', 'Royalties');
  throw new Error('thrown message');
}`;

describe('accounting', () => {
  it('counts every call of the script by Class.method and by service, never the test’s own', () => {
    emulator = emulatorFor(CODE);
    expect(() => emulator.run('work', [[['a', 'b']]])).toThrow('thrown message');
    expect(emulator.stats.calls()).toEqual({
      'SpreadsheetApp.getActiveSpreadsheet': 2,
      'Spreadsheet.insertSheet': 1,
      'Sheet.getRange': 1,
      'Range.setValues': 1,
      'CacheService.getDocumentCache': 1,
      'Cache.putAll': 1,
      'PropertiesService.getUserProperties': 1,
      'Properties.getProperty': 1,
      'Logger.log': 1,
      'console.warn': 1,
      'Spreadsheet.toast': 1,
    });
    expect(emulator.stats.callsByService()).toEqual({
      SpreadsheetApp: 6,
      CacheService: 2,
      PropertiesService: 2,
      Logger: 1,
      console: 1,
    });
    emulator.spreadsheet.getSheetByName('Books')!.getRange('A1').getValue();
    expect(emulator.stats.calls()['Sheet.getRange']).toBe(1);
    emulator.stats.reset();
    expect(emulator.stats.calls()).toEqual({});
  });

  it('records the cells of each Range call, and which executions touched the spreadsheet', () => {
    emulator = emulatorFor(`
function write(rows) {
  var sheet = SpreadsheetApp.getActiveSpreadsheet().insertSheet('Grid');
  sheet.getRange(1, 1, rows.length, rows[0].length).setValues(rows);
  sheet.getRange(1, 1, 2, 1).setValues([[1], [2]]);
  sheet.getRange(1, 1, 2, 1).setValues([[3], [4]]);
  return sheet.getRange(1, 1, rows.length, rows[0].length).getValues().length;
}
function cacheOnly() {
  return CacheService.getDocumentCache().getAll(['a']);
}`);
    emulator.run('write', [Array.from({ length: 30 }, () => ['a', 'b', 'c'])]);
    emulator.run('cacheOnly');
    emulator.run('cacheOnly');
    expect(emulator.stats.cells()).toEqual({
      'Range.setValues': { 90: 1, 2: 2 },
      'Range.getValues': { 90: 1 },
    });
    expect(emulator.stats.executions()).toEqual({ all: 3, spreadsheet: 1 });
    emulator.stats.reset();
    expect(emulator.stats.cells()).toEqual({});
    expect(emulator.stats.executions()).toEqual({ all: 0, spreadsheet: 0 });
  });

  it('captures logs, cell text, cache entries, toasts and thrown messages', () => {
    emulator = emulatorFor(CODE);
    expect(() => emulator.run('work', [[['cell text', 'b']]])).toThrow();
    const text = emulator.capturedText();
    expect(emulator.logs).toEqual(['logged line', 'WARN: {"note":"console"}']);
    for (const expected of [
      'cell text',
      'cache-key',
      'cache-value',
      'Royalties: Refreshed',
      'thrown message',
      'Books',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
