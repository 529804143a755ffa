// What one custom-function cell costs in Apps Script service calls, call by call. Every cell is its own
// execution, so these budgets are the add-on's hot path: a recalculated cell (a cache hit) makes at most
// five calls, allowance, key and response included, and never touches SpreadsheetApp, LockService or
// Utilities; a miss adds only what the request and single flight need.
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

/** Every cell: the owner's user properties in one read (the allowance, the key and its fingerprint), and
 * the document cache, whose first read brings the spreadsheet's facts (its id, for the allowance; its
 * time zone and offsets; the settings) with the response. */
const EVERY_CELL: Calls = {
  'PropertiesService.getUserProperties': 1,
  'Properties.getProperties': 1,
  'CacheService.getDocumentCache': 1,
  'Cache.getAll': 1,
};
/** Only when an argument is left to the sidebar's settings: the facts are read first, the response after. */
const SETTINGS: Calls = { 'Cache.getAll': 1 };
/** The first cell after the facts expired (or were dropped by saveSettings) asks the spreadsheet and keeps
 * the answers for the next cells. */
const LEARN_ID: Calls = { 'SpreadsheetApp.getActive': 1, 'Spreadsheet.getId': 1, 'Cache.putAll': 1 };
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

/** The budget for a recalculated (cached) cell, everything included. */
const CACHED_CELL_BUDGET = 5;

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
  it('a miss adds the lock, the claim and the request; the recalculated cell makes five calls at most', () => {
    addOn.emulator.switches.evictCaches(); // the facts too: this first cell learns them
    const miss = cell('ROYALTIES_BOOKS', ['last_30_days']);
    expect(miss.calls).toEqual(
      plus(EVERY_CELL, SETTINGS, LEARN_ID, MISS, {
        'PropertiesService.getDocumentProperties': 1,
        'Properties.getProperty': 1,
      }),
    );
    const hit = cell('ROYALTIES_BOOKS', ['last_30_days']);
    expect(hit.out).toEqual(miss.out);
    expect(hit.calls).toEqual(plus(EVERY_CELL, SETTINGS));
    expect(total(hit.calls)).toBeLessThanOrEqual(CACHED_CELL_BUDGET);
  });

  it('reads the response and the facts in one cache call when the arguments say it all', () => {
    cell('ROYALTIES_SUMMARY', ['last_90_days', 'EUR', 'royalties']);
    const hit = cell('ROYALTIES_SUMMARY', ['last_90_days', 'EUR', 'royalties']);
    expect(hit.calls).toEqual(EVERY_CELL);
    expect(total(hit.calls)).toBe(4);
    expect(cell('ROYALTIES_ACCOUNT', ['reporting_currency']).calls).toEqual(plus(EVERY_CELL, MISS));
  });

  it('refused cells stop at the allowance, before any request', () => {
    const owner = addOn.emulator.owner;
    addOn.emulator.run('setFormulaAccess', [false], { as: owner });
    try {
      addOn.emulator.stats.reset();
      expect(cellError(() => addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []))).toBe(
        FORMULA_ACCESS_OFF,
      );
      expect(addOn.emulator.stats.calls()).toEqual(EVERY_CELL);
      expect(addOn.emulator.stats.http()).toEqual([]);
    } finally {
      addOn.emulator.run('setFormulaAccess', [true], { as: owner });
    }
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
    // The zone and its offsets join the facts: one write for both.
    const learnt = {
      'Utilities.formatDate': questions,
      'SpreadsheetApp.getActive': 1,
      'Spreadsheet.getSpreadsheetTimeZone': 1,
      'Cache.putAll': 1,
    };
    expect(first.calls).toEqual(plus(EVERY_CELL, MISS, learnt));

    const again = cell('ROYALTIES_KENP', ['last_30_days', 'USD']);
    expect(again.out).toEqual(first.out);
    expect(again.calls).toEqual(EVERY_CELL);
    expect(total(again.calls)).toBeLessThanOrEqual(CACHED_CELL_BUDGET);
  });

  it('a key saved before fingerprints were costs one digest, and still never a cache key with the key', () => {
    const owner = addOn.emulator.owner;
    const props = addOn.emulator.properties.user(owner);
    expect(props['royalties.apiKeyFingerprint']).toMatch(/^[0-9a-f]{16}$/);
    addOn.emulator.run('removeApiKey');
    addOn.emulator.properties.setUser(owner, 'royalties.apiKey', addOn.api.demoKey);
    try {
      cell('ROYALTIES_SUMMARY', ['last_7_days', 'EUR', 'royalties']);
      const hit = cell('ROYALTIES_SUMMARY', ['last_7_days', 'EUR', 'royalties']);
      expect(hit.calls).toEqual(plus(EVERY_CELL, { 'Utilities.computeDigest': 1 }));
    } finally {
      addOn.saveApiKeyFor();
    }
  });
});
