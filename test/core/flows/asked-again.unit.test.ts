// Google's services asked again where that is safe, over plain fakes: a store's every call, a spreadsheet's
// reads and fixed writes (and those of what it hands out), never a call that could be done twice; what a
// wrapper is given reaches Google unwrapped, and Google's words reach the log port only.
import { describe, expect, it } from 'vitest';
import {
  askedAgainWhereSafe,
  REPEAT_WITHIN_MS,
  repeatableSpreadsheetCall,
  storeAskedAgain,
} from '../../../src/core/flows/asked-again.ts';
import { FakeClock } from '../../support/fake-ports.ts';

const RATE = (service: string) =>
  `Service invoked too many times in a short time: ${service} rateMax. Try Utilities.sleep(1000) between calls.`;
const SHEETS_TIMEOUT = 'Service Spreadsheets timed out while accessing document with id 1AbC.';
const URLFETCH_DAY = 'Service invoked too many times for one day: urlfetch.';

function ports() {
  const logged: string[] = [];
  return { clock: new FakeClock(0), log: (text: string) => void logged.push(text), logged };
}

/** A call refused with `texts` in turn, then answering `value`; counts its calls. */
function refusedFirst<T>(texts: readonly string[], value: T) {
  let calls = 0;
  const call = () => {
    const text = texts[calls++];
    if (text) throw new Error(text);
    return value;
  };
  return { call, calls: () => calls };
}

/** A Google object as Apps Script gives one: it says its class when made a string. */
class Fake {
  constructor(readonly kind: string) {}
  toString(): string {
    return this.kind;
  }
}

describe('a property store', () => {
  it('is got, and each of its calls made, again after a rate limit or a passing fault, within its time', () => {
    const p = ports();
    const getting = refusedFirst([RATE('properties')], { getProperties: () => ({}) });
    const read = refusedFirst([RATE('properties'), RATE('properties')], { key: 'value' });
    const written = refusedFirst([SHEETS_TIMEOUT], undefined);
    const store = storeAskedAgain(
      () => ({ ...getting.call(), getProperties: read.call, setProperty: written.call }),
      p,
    );
    expect(getting.calls()).toBe(2);
    expect(store.getProperties()).toEqual({ key: 'value' });
    expect(read.calls()).toBe(3);
    store.setProperty();
    expect(written.calls()).toBe(2);
    expect(p.clock.sleeps).toEqual([1_000, 1_000, 2_000]);
    expect(p.clock.now()).toBeLessThan(3 * REPEAT_WITHIN_MS);
  });

  it("still refused, throws the author's sentence; Google's words go to the log only", () => {
    const p = ports();
    const day = refusedFirst([URLFETCH_DAY, URLFETCH_DAY], {});
    const store = storeAskedAgain(() => ({ getProperties: day.call }), p);
    expect(() => store.getProperties()).toThrow(/daily allowance/);
    expect(day.calls()).toBe(1);
    const lasting = refusedFirst(Array(9).fill(RATE('properties')), {});
    const limited = storeAskedAgain(() => ({ getProperties: lasting.call }), p);
    expect(() => limited.getProperties()).toThrow(/slow down/);
    expect(lasting.calls()).toBe(3);
    expect(p.logged.join('\n')).toContain(URLFETCH_DAY);
    const ours = new Error('not Google');
    const failing = storeAskedAgain(
      () => ({
        getProperty: () => {
          throw ours;
        },
      }),
      p,
    );
    expect(() => failing.getProperty()).toThrow(ours);
  });
});

describe('a spreadsheet', () => {
  it('asks again its reads and the writes of given values into a fixed range, nothing else', () => {
    for (const safe of ['getValues', 'getSheetByName', 'find', 'withKey', 'setValues', 'setValue', 'flush'])
      expect(repeatableSpreadsheetCall(safe), safe).toBe(true);
    for (const unsafe of [
      'insertRowsAfter',
      'insertSheet',
      'deleteRows',
      'appendRow',
      'addDeveloperMetadata',
      'remove',
      'moveTo',
      'copyTo',
      'clear',
      'toast',
    ])
      expect(repeatableSpreadsheetCall(unsafe), unsafe).toBe(false);
  });

  it('under a rate limit, repeats a read, never an insertion, and wraps what it hands out', () => {
    const p = ports();
    const values = [[1, new Date(0)]];
    const read = refusedFirst([RATE('spreadsheets')], values);
    const inserted = refusedFirst([RATE('spreadsheets')], undefined);
    const given: unknown[] = [];
    const range = Object.assign(new Fake('Range'), { getValues: read.call });
    const sheet = Object.assign(new Fake('Sheet'), {
      getRange: () => range,
      insertRowsAfter: inserted.call,
      setActiveRange: (r: unknown) => void given.push(r),
    });
    const record = { key: 'value' };
    const spreadsheet = Object.assign(new Fake('Spreadsheet'), {
      getSheets: () => [sheet],
      getRecord: () => record,
    });
    const wrapped = askedAgainWhereSafe(spreadsheet, p, repeatableSpreadsheetCall, false);
    const [first] = wrapped.getSheets();
    expect(first).not.toBe(sheet);
    expect(String(first)).toBe('Sheet');
    const wrappedRange = first!.getRange();
    // One object, one wrapper; plain data as it came.
    expect(first!.getRange()).toBe(wrappedRange);
    expect(wrappedRange.getValues()).toBe(values);
    expect({ ...wrapped.getRecord() }).toEqual(record);
    expect(read.calls()).toBe(2);
    // What a wrapper is given reaches Google as Google's own.
    first!.setActiveRange(wrappedRange);
    expect(given).toEqual([range]);
    expect(given[0]).toBe(range);
    expect(() => first!.insertRowsAfter()).toThrow(/Service invoked/);
    expect(inserted.calls()).toBe(1);
    expect(p.clock.sleeps).toEqual([1_000]);
  });

  it('under a timeout, repeats nothing (a rate limit only)', () => {
    const p = ports();
    const read = refusedFirst([SHEETS_TIMEOUT], [[1]]);
    const wrapped = askedAgainWhereSafe({ getValues: read.call }, p, repeatableSpreadsheetCall, false);
    expect(() => wrapped.getValues()).toThrow(/took too long/);
    expect(read.calls()).toBe(1);
  });
});
