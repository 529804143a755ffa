// What one custom-function cell costs in Apps Script service calls, call by call. Every cell is its own
// execution, so these budgets are the add-on's hot path: a recalculated cell whose answer is kept makes two
// calls (the document cache, one read of it: the answer with the facts) and asks no property; a cell with no
// kept answer reads the owner's properties once, then its response; a miss adds only what the request and
// single flight need. Turning formulas off, changing the key or the settings drops the kept answers' basis.
// Each test has an add-on of its own (useFormulasAddOn: key saved, formulas allowed, on the file's demo API)
// and reads nothing another test left; after every test, no text holds the key.
import { describe, expect, it } from 'vitest';
import { FORMULA_ACCESS_OFF } from '../../src/core/formulas/access.ts';
import { offsetAnchors } from '../../src/core/formulas/offsets.ts';
import type { AddOn } from '../support/addon.ts';
import { cellError, useFormulasAddOn } from './support.ts';
import { wallClock } from './wall-clock.ts';

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

/** Every cell: the document cache, and one read of it bringing the kept answer with the spreadsheet's
 * facts (its id; its time zone and offsets; the settings; the key formulas may use). */
const EVERY_CELL: Calls = { 'CacheService.getDocumentCache': 1, 'Cache.getAll': 1 };
/** A cell with no kept answer: the owner's user properties in one read (allowance, key, fingerprint), then
 * its response from the cache (single flight's marker with it), and one write keeping its answer (with any
 * fact it learnt, and on a miss the response and the waiters' "done"). */
const NO_ANSWER: Calls = {
  'PropertiesService.getUserProperties': 1,
  'Properties.getProperties': 1,
  'Cache.getAll': 1,
  'Cache.putAll': 1,
};
/** The first cell after the facts expired (or were dropped) asks the spreadsheet its id, and its time
 * zone while it is open: no later cell opens the spreadsheet to show dates. */
const LEARN_ID: Calls = {
  'SpreadsheetApp.getActive': 1,
  'Spreadsheet.getId': 1,
  'Spreadsheet.getSpreadsheetTimeZone': 1,
};
/** ... and the settings, when an argument is left to them. */
const LEARN_SETTINGS: Calls = { 'PropertiesService.getDocumentProperties': 1, 'Properties.getProperty': 1 };
/** On a miss: claim the request under the lock (the response and the marker read once more, together) and
 * fetch it with no further look; keeping it and telling the waiters join the cell's one write (NO_ANSWER). */
const MISS: Calls = {
  'LockService.getDocumentLock': 1,
  'Lock.tryLock': 1,
  'Lock.releaseLock': 1,
  'Cache.getAll': 1, // the response and the flight marker under the lock
  'Cache.putAll': 1, // the claim
  'UrlFetchApp.fetchAll': 1,
  'HTTPResponse.getResponseCode': 1,
  'HTTPResponse.getAllHeaders': 1,
  'HTTPResponse.getContentText': 1,
};

/** The budget for a recalculated cell whose answer is kept, everything included. */
const CACHED_CELL_BUDGET = 3;

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
  it('a miss adds the lock, the claim and the request; the recalculated cell makes two calls, no property read', () => {
    addOn.emulator.switches.evictCaches(); // the facts too: this first cell learns them
    const miss = cell('ROYALTIES_BOOKS', ['last_30_days']);
    expect(miss.calls).toEqual(plus(EVERY_CELL, NO_ANSWER, LEARN_ID, LEARN_SETTINGS, MISS));
    const hit = cell('ROYALTIES_BOOKS', ['last_30_days']);
    expect(hit.out).toEqual(miss.out);
    expect(hit.calls).toEqual(EVERY_CELL);
    expect(total(hit.calls)).toBeLessThanOrEqual(CACHED_CELL_BUDGET);
  });

  it('a cell asking a cached response for the first time reads it once, then keeps its own answer', () => {
    addOn.emulator.switches.evictCaches(); // saving the key kept the account: this test asks it afresh
    cell('ROYALTIES_SUMMARY', ['last_90_days', 'EUR', 'royalties']);
    const other = cell('ROYALTIES_SUMMARY', ['last_90_days', 'EUR', 'net_profit']);
    expect(other.calls).toEqual(plus(EVERY_CELL, NO_ANSWER));
    expect(cell('ROYALTIES_SUMMARY', ['last_90_days', 'EUR', 'net_profit']).calls).toEqual(EVERY_CELL);
    expect(cell('ROYALTIES_ACCOUNT', ['reporting_currency']).calls).toEqual(
      plus(EVERY_CELL, NO_ANSWER, MISS),
    );
  });

  it('refused cells stop at the allowance, before any request, and never show a kept answer', () => {
    const owner = addOn.emulator.owner;
    const kept = cell('ROYALTIES_BOOKS', []);
    expect(cell('ROYALTIES_BOOKS', []).calls).toEqual(EVERY_CELL);
    addOn.emulator.run('setFormulaAccess', [false], { as: owner });
    try {
      addOn.emulator.stats.reset();
      expect(cellError(() => addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []))).toBe(
        FORMULA_ACCESS_OFF,
      );
      // setFormulaAccess dropped the facts: the refused cell learns the id and settings again, keeps them.
      const learnt = { ...LEARN_ID, ...LEARN_SETTINGS, 'Cache.putAll': 1 };
      expect(addOn.emulator.stats.calls()).toEqual(
        plus(EVERY_CELL, learnt, {
          'PropertiesService.getUserProperties': 1,
          'Properties.getProperties': 1,
        }),
      );
      expect(addOn.emulator.stats.http()).toEqual([]);
    } finally {
      addOn.emulator.run('setFormulaAccess', [true], { as: owner });
    }
    expect(cell('ROYALTIES_BOOKS', []).out).toEqual(kept.out);
  });

  it('asks the zone a few questions for a table of days, and a recalculated cell none', () => {
    cell('ROYALTIES_SERIES', []); // an earlier cell, with no dates, learns the spreadsheet's id and zone
    const first = cell('ROYALTIES_KENP', ['last_30_days', 'USD']);
    const rows = first.out as unknown[][];
    const dates = rows.flat().filter((v): v is Date => v instanceof Date);
    const days = [...new Set(dates.map((d) => wallClock(d, ZONE).slice(0, 10)))];
    expect(days.length).toBeGreaterThanOrEqual(28);
    for (const date of dates) expect(wallClock(date, ZONE)).toMatch(/ 00:00$/);

    const questions = offsetAnchors(days.map((iso) => Date.parse(`${iso}T00:00:00Z`))).length;
    expect(questions).toBeLessThan(days.length / 2);
    // The zone came with the id (an earlier cell): no spreadsheet call. Its offsets join the facts,
    // written with the answer: one write for all.
    expect(first.calls).toEqual(plus(EVERY_CELL, NO_ANSWER, MISS, { 'Utilities.formatDate': questions }));

    const again = cell('ROYALTIES_KENP', ['last_30_days', 'USD']);
    expect(again.out).toEqual(first.out);
    expect(again.calls).toEqual(EVERY_CELL);
  });

  it('a kept answer that read the settings gives way to new settings at once', () => {
    const before = cell('ROYALTIES_SUMMARY', ['', '', 'royalties']);
    expect(cell('ROYALTIES_SUMMARY', ['', '', 'royalties']).calls).toEqual(EVERY_CELL);
    addOn.emulator.run('saveSettings', [{ period: 'last_90_days', currency: 'JPY' }]);
    try {
      const after = cell('ROYALTIES_SUMMARY', ['', '', 'royalties']);
      expect(after.out).not.toEqual(before.out);
      expect(after.calls).toMatchObject(LEARN_SETTINGS);
    } finally {
      addOn.emulator.run('saveSettings', [{}]);
    }
    expect(cell('ROYALTIES_SUMMARY', ['', '', 'royalties']).out).toEqual(before.out);
  });

  it("turning formulas off takes effect within the facts' lifetime even when dropping them fails", () => {
    const owner = addOn.emulator.owner;
    const kept = cell('ROYALTIES_FREE_UNITS', ['last_7_days']);
    expect(cell('ROYALTIES_FREE_UNITS', ['last_7_days']).calls).toEqual(EVERY_CELL);
    addOn.emulator.switches.failCall('Cache.remove');
    addOn.emulator.run('setFormulaAccess', [false], { as: owner });
    try {
      // The kept answer may still show for a while (the owner's properties are not read on a hit) ...
      expect(cell('ROYALTIES_FREE_UNITS', ['last_7_days']).out).toEqual(kept.out);
      // ... but never once the facts have expired: ten minutes.
      addOn.emulator.clock.advance(10 * 60_000);
      expect(cellError(() => addOn.emulator.runCustomFunction('ROYALTIES_FREE_UNITS', ['last_7_days']))).toBe(
        FORMULA_ACCESS_OFF,
      );
    } finally {
      addOn.emulator.run('setFormulaAccess', [true], { as: owner });
    }
  });
});
