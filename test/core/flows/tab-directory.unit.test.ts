// Which sheets are ours, from a plain fake spreadsheet (test/support/fake-spreadsheet.ts).
import { describe, expect, it } from 'vitest';
import { openTabDirectory } from '../../../src/core/flows/tab-directory.ts';
import { parseMark } from '../../../src/core/tabs/index.ts';
import { fakeSpreadsheet, markOf } from '../../support/fake-spreadsheet.ts';

describe('the tab directory', () => {
  it('finds a renamed tab by its mark, reading nothing of the tabs it is not asked for', () => {
    const fake = fakeSpreadsheet(
      ['My notes', 'Renamed summary'],
      [
        { on: 'Renamed summary', value: markOf('summary') },
        { on: 'My notes', value: markOf('catalog') },
      ],
    );
    const directory = openTabDirectory(fake.port);
    const summary = directory.find('summary');
    expect(summary?.sheet.name).toBe('Renamed summary');
    expect(summary?.mark.tab).toBe('summary');
    expect(fake.calls).toEqual(['findMarks', 'markValue', 'markValue', 'sheetOf']);
    expect(summary?.name).toBe('Renamed summary');
    expect(directory.find('timeline')).toBeUndefined();
  });

  it('skips marks that are not ours to read and marks on no sheet', () => {
    const fake = fakeSpreadsheet(
      ['Summary'],
      [
        { on: 'Summary', value: 'not json' },
        { on: null, value: markOf('summary') },
      ],
    );
    expect(openTabDirectory(fake.port).find('summary')).toBeUndefined();
  });

  it('of a duplicated tab, takes the sheet the mark was written on, never the copy', () => {
    const fake = fakeSpreadsheet(
      ['Copy of Summary', 'Summary'],
      [
        { on: 'Copy of Summary', value: markOf('summary', 101) },
        { on: 'Summary', value: markOf('summary', 101) },
      ],
    );
    expect(openTabDirectory(fake.port).find('summary')?.sheet.id).toBe(101);
  });

  it("creates a missing tab at the end, under a free name beside the author's sheet of that name", () => {
    const fake = fakeSpreadsheet(['Summary', 'Notes'], []);
    const directory = openTabDirectory(fake.port);
    const created = directory.findOrCreate('summary');
    expect(created.name).toBe('Summary (Royalties)');
    expect(fake.sheets.map((s) => s.name)).toEqual(['Summary', 'Notes', 'Summary (Royalties)']);
    expect(created.sheet.frozen).toBe(2);
    expect(created.metadata).toBeNull();
    // Asked again: the same tab, nothing more made.
    expect(directory.findOrCreate('summary')).toBe(created);
    expect(fake.calls.filter((c) => c === 'insertSheet')).toHaveLength(1);
  });

  it('marks a new tab on its first write, with its sheet id, and rewrites a found mark in place', () => {
    const fake = fakeSpreadsheet(['Catalog'], [{ on: 'Catalog', value: markOf('catalog', 100) }]);
    const directory = openTabDirectory(fake.port);
    const created = directory.findOrCreate('summary');
    directory.remember(created, { tab: 'summary', columns: ['Units'], blockRows: 4, dataAt: 5 });
    const added = fake.metadata.find((m) => m.sheet === created.sheet);
    expect(parseMark(added?.value ?? null)).toMatchObject({ tab: 'summary', blockRows: 4, sheetId: 101 });
    const catalog = directory.find('catalog')!;
    directory.remember(catalog, { ...catalog.mark, blockRows: 9 });
    expect(parseMark(fake.metadata[0]!.value)).toMatchObject({ tab: 'catalog', blockRows: 9, sheetId: 100 });
    expect(fake.metadata).toHaveLength(2);
  });

  it('sets a tab aside under a new name, its mark gone, and makes a new one when asked next', () => {
    const fake = fakeSpreadsheet(
      ['Royalties history'],
      [{ on: 'Royalties history', value: markOf('history') }],
    );
    const directory = openTabDirectory(fake.port);
    const old = directory.find('history')!;
    expect(directory.setAside(old, 'demo')).toBe('Royalties history (demo)');
    expect(fake.metadata[0]!.removed).toBe(true);
    expect(directory.find('history')).toBeUndefined();
    const fresh = directory.findOrCreate('history');
    expect(fresh.sheet).not.toBe(old.sheet);
    expect(fresh.name).toBe('Royalties history');
  });
});
