// The nightly trigger's run from plain inputs: every port a plain object that records each call it gets
// (its name and what it was given), the refresh a result handed back or an error thrown.
import { describe, expect, it } from 'vitest';
import type { SpreadsheetView } from '../../../src/core/flows/morning-email.ts';
import { type NightPorts, runTheNight } from '../../../src/core/flows/night.ts';
import {
  NIGHT_FAILED,
  NO_SPREADSHEET_AT_NIGHT,
  REAUTHORISE_MESSAGE,
} from '../../../src/core/flows/nightly.ts';
import type { NightlyRun } from '../../../src/core/flows/sidebar-state.ts';
import { emailFailed } from '../../../src/core/morning/outcome.ts';
import { emailNeedsPermission } from '../../../src/core/permissions.ts';
import type { RefreshResult } from '../../../src/core/refresh/result.ts';

const AT = '2026-11-21T05:00:00.000Z';
const SHEET: SpreadsheetView = {
  id: () => 'sheet-1',
  name: () => 'Royalties',
  url: () => 'https://docs.example/sheet-1',
  timeZone: () => 'Europe/Paris',
};
const REFRESHED: RefreshResult = {
  origin: 'nightly',
  startedAt: AT,
  finishedAt: AT,
  tabs: [{ tab: 'summary', sheetName: 'Summary', rows: 3, truncated: false, error: null }],
  checks: [],
};

interface Night {
  readonly active?: boolean;
  readonly opensById?: boolean;
  readonly reauthorise?: boolean;
  /** Features whose scopes are not granted. */
  readonly lacking?: readonly string[];
  readonly refreshFails?: boolean;
  /** The e-mail's outcome the mail port adds to the run. */
  readonly email?: string;
  readonly openFails?: boolean;
  readonly ownRecord?: NightlyRun | null;
}

function night(setup: Night = {}) {
  const calls: string[] = [];
  const got: Record<string, unknown[]> = {};
  const call = (name: string, ...args: unknown[]) => {
    calls.push(name);
    got[name] = args;
  };
  const ports: NightPorts = {
    now: () => AT,
    reauthorisationNeeded: () => setup.reauthorise === true,
    notGranted: (features) => features.filter((f) => setup.lacking?.includes(f)).map((f) => `scope:${f}`),
    activeSpreadsheet: () => {
      call('activeSpreadsheet');
      return setup.active === false ? null : SHEET;
    },
    spreadsheetOfTrigger: (uid) => (uid ? 'sheet-1' : null),
    opensById: setup.opensById === true,
    openSpreadsheet: (id) => {
      call('openSpreadsheet', id);
      if (setup.openFails) throw new Error('not found');
      return SHEET;
    },
    deleteTrigger: (id) => call('deleteTrigger', id),
    ownRecord: () => setup.ownRecord ?? null,
    saveOwnRecord: (id, run) => call('saveOwnRecord', id, run),
    refresh: () => {
      call('refresh');
      if (setup.refreshFails) throw new Error('the API is down');
      return REFRESHED;
    },
    mail: (id, spreadsheet, run, news) => {
      call('mail', id, spreadsheet, run, news);
      return setup.email ? { ...run, email: setup.email } : run;
    },
    record: (run) => call('record', run),
    recordInStatusTab: (run) => call('recordInStatusTab', run),
    addToStatusBanner: (sentence) => call('addToStatusBanner', sentence),
  };
  return { ports, calls, got, run: (uid = 'trigger-1') => runTheNight(uid, ports) };
}

describe('the nightly run', () => {
  it('refreshes, mails the news and records the outcome', () => {
    const n = night();
    const told = n.run();
    expect(n.calls).toEqual(['activeSpreadsheet', 'refresh', 'mail', 'record']);
    expect(told).toMatchObject({ at: AT, ok: true, message: 'Refreshed 1 tab.' });
    const [, , , news] = n.got.mail!;
    expect(news).toEqual({ problems: [], figures: null });
  });

  it('asks for permission again before it refreshes anything, and says so in both records', () => {
    const n = night({ reauthorise: true });
    const told = n.run();
    expect(told).toEqual({ at: AT, ok: false, message: REAUTHORISE_MESSAGE });
    expect(n.calls).toEqual(['activeSpreadsheet', 'mail', 'record', 'recordInStatusTab']);
  });

  it('records a refresh that failed, then throws on so Apps Script logs the execution as failed', () => {
    const n = night({ refreshFails: true });
    expect(() => n.run()).toThrow('the API is down');
    expect(n.got.record![0]).toMatchObject({ ok: false, message: `${NIGHT_FAILED}the API is down` });
    expect(n.calls).toContain('recordInStatusTab');
  });

  it('never asks for a spreadsheet it has no permission to see, and keeps the news in its own record', () => {
    const n = night({ lacking: ['spreadsheet'] });
    const told = n.run();
    expect(n.calls).toEqual(['mail', 'saveOwnRecord']);
    expect(told.message).toContain('nightly refresh could not run');
  });

  it("with no spreadsheet open, the bound build says so in the creator's own record", () => {
    const n = night({ active: false });
    expect(n.run().message).toBe(NO_SPREADSHEET_AT_NIGHT);
    expect(n.calls).toEqual(['activeSpreadsheet', 'mail', 'saveOwnRecord']);
    // A trigger whose spreadsheet is unknown: nothing to keep it under, nobody to mail.
    const unknown = night({ active: false });
    expect(unknown.run('').message).toBe(NO_SPREADSHEET_AT_NIGHT);
    expect(unknown.calls).toEqual(['activeSpreadsheet']);
  });

  it('in the add-on build, opens the spreadsheet by id and refreshes it', () => {
    const n = night({ active: false, opensById: true });
    expect(n.run().ok).toBe(true);
    expect(n.calls).toEqual(['activeSpreadsheet', 'openSpreadsheet', 'refresh', 'mail', 'record']);
  });

  it('turns itself off the second night running that its spreadsheet cannot be opened', () => {
    const first = night({ active: false, opensById: true, openFails: true });
    const told = first.run();
    expect(first.calls).not.toContain('deleteTrigger');
    expect(told.message).toContain('try again tomorrow night');
    const second = night({ active: false, opensById: true, openFails: true, ownRecord: told });
    expect(second.run().message).toContain('turned off');
    expect(second.got.deleteTrigger).toEqual(['sheet-1']);
  });

  it("adds to the Status tab's banner an e-mail it could not send for want of permission", () => {
    const sentence = emailFailed(emailNeedsPermission(['https://www.googleapis.com/auth/script.send_mail']));
    const n = night({ email: sentence });
    n.run();
    expect(n.calls).toEqual(['activeSpreadsheet', 'refresh', 'mail', 'record', 'addToStatusBanner']);
    expect(n.got.addToStatusBanner).toEqual([sentence]);
    // Any other outcome of the e-mail stays in the records.
    const sent = night({ email: 'Sent to jo@example.com.' });
    sent.run();
    expect(sent.calls).not.toContain('addToStatusBanner');
  });
});
