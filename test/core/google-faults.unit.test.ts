// One classification of Google's exceptions: each kind from Google's words, the author's sentence without
// them, and what each kind allows (asked again, or never).
import { describe, expect, it } from 'vitest';
import {
  callGoogle,
  GoogleRefusal,
  googleFaultOf,
  googleFaultSentence,
  optionalCall,
  plainGoogleError,
} from '../../src/core/google-faults';
import { FakeClock } from '../support/fake-ports';

const ID = '1AbCdEfGh';
const GOOGLE = {
  cacheRate:
    'Service invoked too many times in a short time: cache rateMax. Try Utilities.sleep(1000) between calls.',
  lockBean:
    'Service invoked too many times in a short time: lockBean rateMax. Try Utilities.sleep(1000) between calls.',
  lockOps: 'There are too many LockService operations against the same script.',
  urlfetchDay: 'Service invoked too many times for one day: urlfetch.',
  triggerDay: 'Service using too much computer time for one day',
  sheetsTimeout: `Service Spreadsheets timed out while accessing document with id ${ID}.`,
  sheetsFailed: `Service Spreadsheets failed while accessing document with id ${ID}.`,
  lockTimeout: 'Lock timeout: another process was holding the lock for too long.',
  permission:
    'You do not have permission to call UrlFetchApp.fetchAll. Required permissions: https://www.googleapis.com/auth/script.external_request',
};

describe('googleFaultOf', () => {
  it.each([
    [GOOGLE.cacheRate, 'rate-limit', 'cache'],
    [GOOGLE.lockBean, 'rate-limit', 'lockBean'],
    [GOOGLE.lockOps, 'rate-limit', 'lock'],
    [GOOGLE.urlfetchDay, 'daily-quota', 'urlfetch'],
    [GOOGLE.triggerDay, 'daily-quota', 'triggers'],
    [GOOGLE.sheetsTimeout, 'timeout', 'Spreadsheets'],
    [GOOGLE.sheetsFailed, 'unavailable', 'Spreadsheets'],
    [GOOGLE.lockTimeout, 'lock-busy', 'lock'],
    [GOOGLE.permission, 'permission', 'Apps Script'],
    ['Result too large', 'too-large', 'Apps Script'],
  ])('%s → %s', (text, kind, service) => {
    expect(googleFaultOf(new Error(text))).toEqual({ kind, service });
  });

  it('leaves errors that are not Google’s alone', () => {
    expect(googleFaultOf(new Error('The API refused the API key (401).'))).toBeNull();
    const ours = new Error('Choose a period.');
    expect(plainGoogleError(ours)).toBe(ours);
  });

  it('says each fault in the author’s words, never Google’s', () => {
    for (const text of Object.values(GOOGLE)) {
      const fault = googleFaultOf(text)!;
      const said = googleFaultSentence(fault);
      expect(said).not.toMatch(/Service|rateMax|Utilities|LockService|Exception|document with id/);
      expect(said).not.toContain(ID);
    }
    expect(googleFaultSentence(googleFaultOf(GOOGLE.urlfetchDay)!)).toMatch(
      /daily allowance of requests to the internet.*within 24 hours/,
    );
  });
});

describe('callGoogle', () => {
  const failing = (texts: string[]) => {
    let calls = 0;
    const run = () => {
      const text = texts[calls++];
      if (text) throw new Error(text);
      return 'answer';
    };
    return { run, calls: () => calls };
  };

  it('pauses and asks again after a rate limit, a bounded number of times within the time left', () => {
    const clock = new FakeClock(0);
    const twice = failing([GOOGLE.cacheRate, GOOGLE.cacheRate]);
    expect(callGoogle(twice.run, { clock, deadline: 60_000, safeToRepeat: false })).toBe('answer');
    expect(twice.calls()).toBe(3);
    expect(clock.now()).toBe(3000);
    const always = failing(Array(10).fill(GOOGLE.cacheRate));
    expect(() => callGoogle(always.run, { clock, deadline: 60_000, safeToRepeat: false })).toThrow(
      GoogleRefusal,
    );
    expect(always.calls()).toBe(3);
    // No pause past the deadline.
    const late = failing([GOOGLE.cacheRate]);
    expect(() => callGoogle(late.run, { clock, deadline: clock.now() + 500, safeToRepeat: false })).toThrow(
      /slow down/,
    );
    expect(late.calls()).toBe(1);
  });

  it('never asks a daily quota again, and asks a timeout again once only where safe', () => {
    const clock = new FakeClock(0);
    const log: string[] = [];
    const quota = failing([GOOGLE.urlfetchDay]);
    expect(() =>
      callGoogle(quota.run, { clock, deadline: 1e9, safeToRepeat: true, log: (t) => log.push(t) }),
    ).toThrow(/daily allowance/);
    expect(quota.calls()).toBe(1);
    expect(log.join('\n')).toContain(GOOGLE.urlfetchDay);
    const timedOut = failing([GOOGLE.sheetsTimeout, GOOGLE.sheetsTimeout]);
    expect(() => callGoogle(timedOut.run, { clock, deadline: 1e9, safeToRepeat: true })).toThrow(/too long/);
    expect(timedOut.calls()).toBe(2);
    const write = failing([GOOGLE.sheetsTimeout]);
    expect(() => callGoogle(write.run, { clock, deadline: 1e9, safeToRepeat: false })).toThrow(/too long/);
    expect(write.calls()).toBe(1);
  });

  it('passes on errors that are not Google’s as they are', () => {
    const ours = new Error('ours');
    expect(() =>
      callGoogle(
        () => {
          throw ours;
        },
        { clock: new FakeClock(0), deadline: 1e9, safeToRepeat: true },
      ),
    ).toThrow(ours);
  });
});

describe('optionalCall', () => {
  it('goes on with the fallback whatever the service throws, and logs Google’s words', () => {
    const log: string[] = [];
    const value = optionalCall(
      () => {
        throw new Error(GOOGLE.lockBean);
      },
      null,
      (t) => log.push(t),
    );
    expect(value).toBeNull();
    expect(log[0]).toContain('lockBean rateMax');
    expect(optionalCall(() => 'cached', null)).toBe('cached');
  });
});
