// Google's services refusing in the large (switches.serviceFault): Google's words, from the Nth call on,
// for so long on the emulated clock, one service (or one method) at a time.
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

let emulator: Emulator;
afterEach(() => emulator?.close());

const SCRIPT = `
  function cache() { return CacheService.getDocumentCache().get('k'); }
  function prop() { return PropertiesService.getUserProperties().getProperty('k'); }
  function lock() { var l = LockService.getDocumentLock(); l.waitLock(1000); l.releaseLock(); return l.tryLock(0); }
  function tryOnly() { return LockService.getDocumentLock().tryLock(0); }
  function read() { return SpreadsheetApp.getActiveSpreadsheet().getSheets()[0].getRange(1, 1).getValue(); }
  function fetch() { return UrlFetchApp.fetchAll([]).length; }`;

describe('a service refusing (switches.serviceFault)', () => {
  it('refuses every call of its service from the Nth on, in Google words, and only that service', () => {
    emulator = emulatorFor(SCRIPT);
    emulator.switches.serviceFault('cacheRateLimit', { from: 3 });
    // getDocumentCache and get: calls 1 and 2 pass; the next execution's first call is the 3rd.
    expect(emulator.run('cache')).toBeNull();
    expect(thrownBy(() => emulator.run('cache'))).toBe(
      'Service invoked too many times in a short time: cache rateMax. Try Utilities.sleep(1000) between calls.',
    );
    expect(emulator.run('prop')).toBeNull();
    expect(emulator.serviceFaultRefusals('cacheRateLimit')).toBe(1);
  });

  it('lasts for so long on the emulated clock from its first refusal, then the service answers', () => {
    emulator = emulatorFor(SCRIPT);
    emulator.switches.serviceFault('propertiesRateLimit', { forMs: 1000 });
    expect(thrownBy(() => emulator.run('prop'))).toBe(messages.rateLimit('properties'));
    emulator.clock.advance(999);
    expect(thrownBy(() => emulator.run('prop'))).toBe(messages.rateLimit('properties'));
    emulator.clock.advance(1);
    expect(emulator.run('prop')).toBeNull();
  });

  it('plays each fault with its own words: daily quota, timeout, unavailable, lock faults', () => {
    emulator = emulatorFor(SCRIPT);
    const id = emulator.spreadsheet.getId();
    emulator.switches.serviceFault('urlFetchDailyQuota');
    expect(thrownBy(() => emulator.run('fetch'))).toBe(
      'Service invoked too many times for one day: urlfetch.',
    );
    emulator.switches.serviceFault('spreadsheetsTimeout', { call: 'Range.getValue' });
    expect(thrownBy(() => emulator.run('read'))).toBe(
      `Service Spreadsheets timed out while accessing document with id ${id}.`,
    );
    emulator.switches.clearServiceFaults();
    emulator.switches.serviceFault('spreadsheetsUnavailable');
    expect(thrownBy(() => emulator.run('read'))).toBe(messages.serviceFailed(id));
    emulator.switches.clearServiceFaults();
    emulator.switches.serviceFault('lockOperations');
    expect(thrownBy(() => emulator.run('tryOnly'))).toBe(
      'There are too many LockService operations against the same script.',
    );
    emulator.switches.clearServiceFaults();
    emulator.switches.serviceFault('lockRateLimit');
    expect(thrownBy(() => emulator.run('tryOnly'))).toBe(messages.rateLimit('lockBean'));
    emulator.switches.clearServiceFaults();
    // A lock timeout is waitLock's alone: tryLock still answers.
    emulator.switches.serviceFault('lockTimeout');
    expect(emulator.run('tryOnly')).toBe(true);
    expect(thrownBy(() => emulator.run('lock'))).toBe(messages.lockTimeout);
  });

  it('with thenEveryCall, refuses every call of the service once the named call has, and names it', () => {
    emulator = emulatorFor(`
      function write() {
        var sheet = SpreadsheetApp.getActiveSpreadsheet().getSheets()[0];
        sheet.getRange(1, 1).setValues([['a']]);
        try { sheet.getRange(2, 1).setValues([['b']]); } catch (e) {}
        return sheet.getName();
      }`);
    emulator.switches.serviceFault('spreadsheetsTimeout', {
      call: 'Range.setValues',
      from: 2,
      thenEveryCall: true,
    });
    // The second setValues refuses, then getName (any Spreadsheet call) does too.
    expect(thrownBy(() => emulator.run('write'))).toBe(
      messages.spreadsheetsTimedOut(emulator.spreadsheet.getId()),
    );
    expect(emulator.serviceFaultFirst('spreadsheetsTimeout')).toBe('Range.setValues on Sheet1');
    expect(emulator.sheetSnapshot('Sheet1').values).toEqual([['a']]);
  });

  it("refuses a time-based trigger's execution as it starts when the day's trigger runtime is spent", () => {
    emulator = emulatorFor(`
      function install() { ScriptApp.newTrigger('night').timeBased().everyDays(1).atHour(3).create(); }
      function night() { PropertiesService.getUserProperties().setProperty('ran', 'yes'); }`);
    emulator.run('install');
    const [trigger] = emulator.triggers();
    emulator.switches.serviceFault('triggerDailyQuota', { forMs: 60_000 });
    expect(thrownBy(() => emulator.runTrigger(trigger!.id))).toBe(messages.computerTimeQuota);
    expect(emulator.properties.user(emulator.owner)).toEqual({});
    emulator.clock.advance(60_000);
    emulator.runTrigger(trigger!.id);
    expect(emulator.properties.user(emulator.owner)).toEqual({ ran: 'yes' });
  });
});
