// Every bad argument, as Sheets would pass it, ends in a message that says what is wrong and what is
// accepted; checks made by the add-on cost no request; none of the messages reveals the key.
// Each test has an add-on of its own (useFormulasAddOn: key saved, formulas allowed, on the file's demo API)
// and reads nothing another test left; after every test, no text holds the key.
import { describe, expect, it } from 'vitest';
import type { AddOn } from '../support/addon.ts';
import { cellError, useFormulasAddOn } from './support.ts';

let addOn: AddOn;

useFormulasAddOn((started) => {
  addOn = started;
});

const httpCount = () => addOn.emulator.stats.http().length;
const failing = (name: string, args: unknown[]) =>
  cellError(() => addOn.emulator.runCustomFunction(name, args));

describe('bad arguments, refused before any request', () => {
  const block = [
    ['last_30_days', 'USD'],
    ['last_7_days', 'EUR'],
  ];
  const cases: ReadonlyArray<readonly [string, string, unknown[], readonly RegExp[]]> = [
    [
      'a range of cells for range',
      'ROYALTIES_SUMMARY',
      [block],
      [/range must be one value: type it, or point at one cell/],
    ],
    ['a range of cells for field', 'ROYALTIES_BOOKS', ['', '', block], [/field must be one value/]],
    [
      'a date for range',
      'ROYALTIES_BOOKS',
      [new Date(Date.UTC(2026, 9, 1))],
      [/range is a date/, /last_30_days/],
    ],
    ['a number for range', 'ROYALTIES_KENP', [30], [/range is the number 30/, /last_30_days/]],
    ['a range with spaces', 'ROYALTIES_KENP', ['last 30 days'], [/not a period name/, /last_30_days/]],
    ['a number for currency', 'ROYALTIES_SUMMARY', ['', 978], [/currency is the number 978/, /"USD"/]],
    ['a word for currency', 'ROYALTIES_SUMMARY', ['', 'euro'], [/three-letter/, /EUR/]],
    ['a boolean for currency', 'ROYALTIES_MARKETPLACES', ['', true], [/currency is true/]],
    ['an unknown interval', 'ROYALTIES_TIMELINE', ['', '', 'week'], [/"week"/, /"day" or "month"/]],
    ['no series_id', 'ROYALTIES_READ_THROUGH', [''], [/series_id is required/, /ROYALTIES_SERIES\(\)/]],
    ['a series_id block', 'ROYALTIES_READ_THROUGH', [block], [/series_id must be one value/]],
    ['a number for field', 'ROYALTIES_SUMMARY', ['', '', 12], [/field is the number 12/, /net_profit/]],
  ];
  it.each(cases)('%s', (_what, name, args, patterns) => {
    const before = httpCount();
    const message = failing(name, args);
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) expect(message).toMatch(pattern);
    expect(httpCount()).toBe(before);
  });
});

describe('arguments only the API can judge', () => {
  it('an unknown field lists the available ones', () => {
    const message = failing('ROYALTIES_SUMMARY', ['', '', 'profit_margin']);
    expect(message).toMatch(/ROYALTIES_SUMMARY has no field "profit_margin"\. Available: .*net_profit/);
    expect(failing('ROYALTIES_CATALOG', ['', '', 'blurb'])).toMatch(/Available: .*isbn/);
  });

  it("an unknown range gets the server's own message", async () => {
    const response = await fetch(`${addOn.api.baseUrl}/summary?range=last_3_decades`, {
      headers: { Authorization: `Bearer ${addOn.api.demoKey}` },
    });
    const serverMessage = ((await response.json()) as { error: { message: string } }).error.message;
    expect(failing('ROYALTIES_SUMMARY', ['last_3_decades'])).toContain(serverMessage);
  });

  it('an unknown series says there is no series with that id', () => {
    expect(failing('ROYALTIES_READ_THROUGH', ['ser_nope'])).toMatch(/ser_nope/);
  });

  it('an empty cell, a left-out argument and blanks all mean the default', () => {
    const before = httpCount();
    const a = addOn.emulator.runCustomFunction('ROYALTIES_FREE_UNITS', []);
    const b = addOn.emulator.runCustomFunction('ROYALTIES_FREE_UNITS', ['', '  ', '']);
    const c = addOn.emulator.runCustomFunction('ROYALTIES_FREE_UNITS', [null, undefined]);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(httpCount() - before).toBe(1);
  });
});
