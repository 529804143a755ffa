import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarSerial, literalText, MAX_CELL_CHARS, sheetCell } from '../../../src/core/tabs/index.ts';
import { expectProperty } from '../../support/property.ts';

/** What Sheets stores for a typed string that starts with an apostrophe: the rest, as text. */
const stored = (typed: string): string => (typed.startsWith("'") ? typed.slice(1) : typed);

describe('literal text: the one way API text reaches a cell', () => {
  it('keeps any string exactly, behind one apostrophe', () => {
    expectProperty(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const typed = literalText(text);
        if (text === '') return typed === '';
        return typed.startsWith("'") && stored(typed) === text;
      }),
    );
  });

  it('protects what Sheets would parse, including a leading apostrophe of its own', () => {
    for (const text of [
      '=IMPORTXML("x")',
      '+44 20 7946 0000',
      '-5',
      '@here',
      '00123',
      '1/2',
      "'quoted",
      ' 5 ',
      'TRUE',
    ]) {
      expect(stored(literalText(text))).toBe(text);
      expect(literalText(text).startsWith("'")).toBe(true);
    }
  });

  it('cuts text so that it and its apostrophe fit a cell, with a visible ellipsis, never splitting an emoji', () => {
    const long = 'a'.repeat(MAX_CELL_CHARS + 10);
    expect(literalText(long).length).toBe(MAX_CELL_CHARS);
    const kept = stored(literalText(long));
    expect(kept.length).toBe(MAX_CELL_CHARS - 1);
    expect(kept.endsWith('…')).toBe(true);
    expect(kept.slice(0, -1)).toBe(long.slice(0, MAX_CELL_CHARS - 2));

    const emoji = `${'b'.repeat(MAX_CELL_CHARS - 2)}😀😀😀`;
    const cut = stored(literalText(emoji));
    expect(cut.length).toBeLessThanOrEqual(MAX_CELL_CHARS);
    expect(cut.endsWith('…')).toBe(true);
    const beforeMark = cut.charCodeAt(cut.length - 2);
    expect(beforeMark >= 0xd800 && beforeMark <= 0xdbff).toBe(false);
    expect(stored(literalText('x'.repeat(MAX_CELL_CHARS - 1)))).toBe('x'.repeat(MAX_CELL_CHARS - 1));
    expect(literalText('x'.repeat(MAX_CELL_CHARS))).toHaveLength(MAX_CELL_CHARS);
  });
});

describe('calendar days become serial numbers', () => {
  it('counts days from 1899-12-30, whatever the time zone', () => {
    expect(calendarSerial({ kind: 'calendar-date', iso: '1899-12-30' })).toBe(0);
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-03-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          const days = (Date.parse(`${iso}T00:00:00Z`) - Date.parse('1899-12-30T00:00:00Z')) / 86_400_000;
          return calendarSerial({ kind: 'calendar-date', iso }) === days;
        },
      ),
    );
  });

  it('reads a month as its first day', () => {
    const month = calendarSerial({ kind: 'calendar-date', iso: '2026-11' });
    expect(month).toBe(calendarSerial({ kind: 'calendar-date', iso: '2026-11-01' }));
  });
});

describe('sheetCell', () => {
  it('keeps numbers, booleans and instants, empties null and non-finite numbers', () => {
    const instant = new Date('2026-11-20T10:00:00.000Z');
    expect(sheetCell(12.5)).toBe(12.5);
    expect(sheetCell(false)).toBe(false);
    expect(sheetCell(instant)).toBe(instant);
    expect(sheetCell(null)).toBe('');
    expect(sheetCell(Number.NaN)).toBe('');
    expect(sheetCell('00123')).toBe(literalText('00123'));
    const day = { kind: 'calendar-date', iso: '2026-11-20' } as const;
    expect(sheetCell(day)).toBe(calendarSerial(day));
  });
});
