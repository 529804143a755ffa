// Emulated tabs → .xlsx: values, dates in the sheet's time zone, number formats, bold headers, banner colours,
// frozen rows, Excel's limits on text and sheet names. Read back with read-excel-file and the XML itself.
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { EXCEL_TEXT_LIMIT, fitText, isDateFormat, toXlsxCell, wallClock } from '../../local/cli/cells.ts';
import { exportTabFrom } from '../../local/cli/snapshot.ts';
import { type ExportTab, excelSheetName, workbookBytes } from '../../local/cli/workbook.ts';
import { inspectXlsx } from './xlsx-inspect.ts';

const DAY_MS = 86_400_000;
const SHEET_EPOCH = Date.UTC(1899, 11, 30);

const banner = 'Updated 21 Nov 2026 08:00 · last_30_days · USD';
const instant = new Date('2026-11-21T08:00:00Z');
const daySerial = (Date.UTC(2026, 10, 20) - SHEET_EPOCH) / DAY_MS;
const longText = 'x'.repeat(50_000);

const summary: ExportTab = {
  name: 'Summary',
  frozenRows: 2,
  cells: [
    [
      { value: banner, background: '#f4cccc', fontColor: '#990000' },
      { value: '', background: '#f4cccc' },
    ],
    [
      { value: 'Metric', fontWeight: 'bold' },
      { value: 'Value', fontWeight: 'bold' },
    ],
    [{ value: 'Royalties' }, { value: 1234.56, numberFormat: '[$$]#,##0.00' }],
    [{ value: 'Day' }, { value: daySerial, numberFormat: 'yyyy-mm-dd' }],
    [{ value: 'Updated' }, { value: instant, numberFormat: 'yyyy-mm-dd hh:mm' }],
    [{ value: '=1+1' }, { value: '00123', numberFormat: '@' }],
    [{ value: 'Long' }, { value: longText }],
    [{ value: 'Flag' }, { value: true }],
  ],
};
const status: ExportTab = {
  name: 'Status',
  frozenRows: 1,
  cells: [[{ value: 'Tab', fontWeight: 'bold' }], [{ value: 'Summary' }]],
};

describe('workbookBytes', () => {
  it('writes every tab with its values, dates as dates in the sheet time zone, and text as text', async () => {
    const bytes = await workbookBytes([summary, status], 'America/New_York');
    const sheets = await readXlsxFile(Buffer.from(bytes));
    expect(sheets.map((s) => s.sheet)).toEqual(['Summary', 'Status']);
    const rows = sheets[0]?.data ?? [];
    expect(rows[0]?.[0]).toBe(banner);
    expect(rows[2]).toEqual(['Royalties', 1234.56]);
    // A calendar day stays that day; an instant shows New York's wall clock.
    expect(rows[3]?.[1]).toEqual(new Date(Date.UTC(2026, 10, 20)));
    expect(rows[4]?.[1]).toEqual(wallClock(instant, 'America/New_York'));
    expect(wallClock(instant, 'America/New_York').toISOString()).toBe('2026-11-21T03:00:00.000Z');
    // Text that Sheets or Excel might parse stays the exact string.
    expect(rows[5]).toEqual(['=1+1', '00123']);
    const long = String(rows[6]?.[1]);
    expect(long.length).toBe(EXCEL_TEXT_LIMIT);
    expect(long.endsWith('…')).toBe(true);
    expect(rows[7]?.[1]).toBe(true);
    expect(sheets[1]?.data).toEqual([['Tab'], ['Summary']]);
  });

  it('keeps number formats, bold headers, banner colours and frozen rows', async () => {
    const { sheets } = inspectXlsx(await workbookBytes([summary, status], 'Europe/London'));
    const [sum, stat] = sheets;
    expect(sum?.frozenRows).toBe(summary.frozenRows);
    expect(stat?.frozenRows).toBe(status.frozenRows);
    expect(sum?.style('A1')).toMatchObject({ background: '#f4cccc', fontColor: '#990000', bold: false });
    expect(sum?.style('B1')).toMatchObject({ background: '#f4cccc' });
    expect(sum?.style('A2')).toMatchObject({ bold: true });
    expect(sum?.style('B2')).toMatchObject({ bold: true });
    expect(sum?.style('B3')).toMatchObject({ numberFormat: '[$$]#,##0.00', bold: false });
    expect(sum?.style('B4')?.numberFormat).toBe('yyyy-mm-dd');
    expect(sum?.style('B5')?.numberFormat).toBe('yyyy-mm-dd hh:mm');
    expect(sum?.style('B6')?.numberFormat).toBe('@');
    // The formula-looking text is a shared string, not a formula.
    expect(inspectXlsx(await workbookBytes([summary], 'UTC')).allText).not.toContain('<f>');
  });

  it('refuses to write a workbook with no tab', async () => {
    await expect(workbookBytes([], 'UTC')).rejects.toThrow('no tab');
  });
});

describe('toXlsxCell', () => {
  it('leaves empty unstyled cells out and drops Sheets defaults', () => {
    expect(toXlsxCell({ value: '' }, 'UTC')).toBeNull();
    expect(toXlsxCell({ value: null, background: '#ffffff', fontColor: '#000000' }, 'UTC')).toBeNull();
    expect(toXlsxCell({ value: 3, numberFormat: 'General' }, 'UTC')).toEqual({ type: Number, value: 3 });
    expect(toXlsxCell({ value: 'x', fontColor: 'red' }, 'UTC')).toMatchObject({ textColor: '#ff0000' });
    expect(toXlsxCell({ value: 'x', background: '#abc' }, 'UTC')).toMatchObject({
      backgroundColor: '#aabbcc',
    });
  });

  it('tells date formats from number formats', () => {
    for (const f of ['yyyy-mm-dd', 'yyyy-mm', 'd mmm yyyy', 'yyyy-mm-dd hh:mm:ss', 'mmm yyyy', 'hh:mm']) {
      expect(isDateFormat(f)).toBe(true);
    }
    // The add-on's money formats quote their symbol or code (src/core/tabs/formats.ts).
    for (const f of [
      '#,##0',
      '"$"#,##0.00',
      '"CA$"#,##0.00',
      '#,##0 "JPY"',
      '[$$]#,##0.00',
      '0.0%',
      '@',
      '"days" 0',
    ]) {
      expect(isDateFormat(f)).toBe(false);
    }
  });
});

describe('fitText', () => {
  it('keeps text that fits, and cuts longer text to the limit with a visible … without splitting an emoji', () => {
    expect(fitText('short')).toBe('short');
    const cut = fitText('a'.repeat(EXCEL_TEXT_LIMIT + 1));
    expect(cut.length).toBe(EXCEL_TEXT_LIMIT);
    expect(cut.endsWith('…')).toBe(true);
    const emoji = fitText(`${'a'.repeat(EXCEL_TEXT_LIMIT - 2)}🐉🐉`);
    expect(emoji.length).toBeLessThanOrEqual(EXCEL_TEXT_LIMIT);
    expect(emoji.endsWith('a…')).toBe(true);
  });
});

describe('excelSheetName', () => {
  it('fits Excel: no forbidden characters, at most 31 characters, unique ignoring case', () => {
    expect(excelSheetName('Read-through', new Set())).toBe('Read-through');
    expect(excelSheetName('A/B: [x]?', new Set())).not.toMatch(/[[\]:*?/\\]/);
    const long = 'A very long tab name that Sheets allows but Excel does not';
    expect(excelSheetName(long, new Set())).toBe(long.slice(0, 31).trim());
    const taken = new Set(['books']);
    const second = excelSheetName('Books', taken);
    expect(second).toBe('Books (2)');
    taken.add(second.toLowerCase());
    expect(excelSheetName('BOOKS', taken)).toBe('BOOKS (3)');
  });
});

describe('exportTabFrom', () => {
  it('pairs each stored value with its format, weight, colours and the column widths Sheets counts from 1', () => {
    const tab = exportTabFrom({
      name: 'Books',
      values: [['Title', 'Royalties']],
      numberFormats: [['@', '#,##0.00']],
      fontWeights: [['bold', 'normal']],
      fontColors: [['#000000', '#111111']],
      backgrounds: [['#ffffff', '#eeeeee']],
      frozenRows: 2,
      columnWidths: { 2: 140 },
    });
    expect(tab.cells[0]?.[1]).toEqual({
      value: 'Royalties',
      numberFormat: '#,##0.00',
      fontWeight: 'normal',
      fontColor: '#111111',
      background: '#eeeeee',
    });
    expect(tab.columnWidths).toEqual([undefined, 140]);
    expect(tab.frozenRows).toBe(2);
  });
});
