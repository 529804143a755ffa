// What one custom-function cell costs in Apps Script service calls, call by call. Every cell is its own
// execution, so these budgets are the add-on's hot path: a recalculated cell (a cache hit) stays at ten
// calls or fewer and never touches LockService; a miss adds only what the request and single flight need.
import { describe, expect, it } from 'vitest';
import { FORMULA_ACCESS_OFF } from '../../../src/core/formulas/access.ts';
import { offsetAnchors } from '../../../src/core/formulas/offsets.ts';
import type { AddOn } from '../../support/addon.ts';
import { wallClock } from '../wall-clock.ts';
import { cellError, useFormulasAddOn } from './setup.ts';

let addOn: AddOn;
// A zone that never changes its offset, so the questions about it can be counted exactly.
const ZONE = 'Asia/Kolkata';

useFormulasAddOn(
  (started) => {
    addOn = started;
  },
  { emulator: { timeZone: ZONE } },
);

type Calls = Record<string, number>;

/** The owner's allowance, read before anything else. */
const ALLOWANCE: Calls = {
  'PropertiesService.getUserProperties': 1,
  'Properties.getProperties': 1, // the allowance and the key in one read
  'SpreadsheetApp.getActive': 1,
  'Spreadsheet.getId': 1, // the allowance is kept under the spreadsheet's id
};
/** Every cell that gets as far as its figures. */
const EVERY_CELL: Calls = {
  ...ALLOWANCE,
  'CacheService.getDocumentCache': 1, // responses, flight markers and zone offsets share it
  'Utilities.computeDigest': 2, // the key's fingerprint and the request's cache key
  'Cache.getAll': 1, // the cached response, its head and any chunks together
};
/** Only when an argument is left to the sidebar's settings. */
const SETTINGS: Calls = { 'PropertiesService.getDocumentProperties': 1, 'Properties.getProperty': 1 };
/** On a miss: claim the request under the lock, fetch it, keep it, tell the waiters. */
const MISS: Calls = {
  'LockService.getDocumentLock': 1,
  'Lock.tryLock': 1,
  'Lock.releaseLock': 1,
  'Cache.getAll': 2, // the flight marker, then the response once more under the claim
  'Cache.putAll': 3, // the claim, the response, "done"
  'UrlFetchApp.fetchAll': 1,
  'HTTPResponse.getResponseCode': 1,
  'HTTPResponse.getAllHeaders': 1,
  'HTTPResponse.getContentText': 1,
};
/** A cell that shows days: the zone, and what earlier cells learnt of its offsets. */
const DAYS: Calls = { 'Spreadsheet.getSpreadsheetTimeZone': 1, 'Cache.getAll': 1 };

function plus(...parts: Calls[]): Calls {
  const sum: Calls = {};
  for (const part of parts) for (const [name, n] of Object.entries(part)) sum[name] = (sum[name] ?? 0) + n;
  return sum;
}

/** Every call but UrlFetchApp's (the bench's measure too). */
function total(calls: Calls): number {
  return Object.entries(calls)
    .filter(([name]) => !name.startsWith('UrlFetchApp.') && !name.startsWith('HTTPResponse.'))
    .reduce((a, [, n]) => a + n, 0);
}

function cell(name: string, args: unknown[]): { out: unknown; calls: Calls } {
  addOn.emulator.stats.reset();
  const out = addOn.emulator.runCustomFunction(name, args);
  return { out, calls: addOn.emulator.stats.calls() };
}

describe('service calls per custom-function cell', () => {
  it('a miss adds the lock, the claim and the request; the recalculated cell makes ten calls and no lock', () => {
    const miss = cell('ROYALTIES_BOOKS', ['last_30_days']);
    expect(miss.calls).toEqual(plus(EVERY_CELL, SETTINGS, MISS));
    const hit = cell('ROYALTIES_BOOKS', ['last_30_days']);
    expect(hit.out).toEqual(miss.out);
    expect(hit.calls).toEqual(plus(EVERY_CELL, SETTINGS));
    expect(total(hit.calls)).toBeLessThanOrEqual(10);
  });

  it('reads no settings when the arguments give the period and the currency', () => {
    cell('ROYALTIES_SUMMARY', ['last_90_days', 'EUR', 'royalties']);
    expect(cell('ROYALTIES_SUMMARY', ['last_90_days', 'EUR', 'royalties']).calls).toEqual(EVERY_CELL);
    expect(cell('ROYALTIES_ACCOUNT', ['reporting_currency']).calls).toEqual(plus(EVERY_CELL, MISS));
  });

  it('refused cells stop after the allowance', () => {
    const owner = addOn.emulator.owner;
    addOn.emulator.run('setFormulaAccess', [false], { as: owner });
    addOn.emulator.stats.reset();
    expect(cellError(() => addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []))).toBe(FORMULA_ACCESS_OFF);
    expect(addOn.emulator.stats.calls()).toEqual(ALLOWANCE);
    addOn.emulator.run('setFormulaAccess', [true], { as: owner });
  });

  it('asks the zone a few questions for a table of days, and a recalculated cell none', () => {
    const first = cell('ROYALTIES_KENP', ['last_30_days', 'USD']);
    const rows = first.out as unknown[][];
    const dates = rows.flat().filter((v): v is Date => v instanceof Date);
    const days = [...new Set(dates.map((d) => wallClock(d, ZONE).slice(0, 10)))];
    expect(days.length).toBeGreaterThanOrEqual(28);
    for (const date of dates) expect(wallClock(date, ZONE)).toMatch(/ 00:00$/);

    const questions = offsetAnchors(days.map((iso) => Date.parse(`${iso}T00:00:00Z`))).length;
    expect(questions).toBeLessThan(days.length / 2);
    const learnt = { 'Utilities.formatDate': questions, 'Cache.putAll': 1 };
    expect(first.calls).toEqual(plus(EVERY_CELL, MISS, DAYS, learnt));

    const again = cell('ROYALTIES_KENP', ['last_30_days', 'USD']);
    expect(again.out).toEqual(first.out);
    expect(again.calls).toEqual(plus(EVERY_CELL, DAYS));
    expect(total(again.calls)).toBeLessThanOrEqual(10);
  });
});
