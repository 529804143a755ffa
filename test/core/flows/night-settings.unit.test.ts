// The nightly refresh's settings from plain inputs: the stores maps, the trigger a flag, the lock a switch.
import { describe, expect, it } from 'vitest';
import * as night from '../../../src/core/flows/night-settings.ts';
import {
  DEFAULT_NIGHTLY_HOUR,
  NIGHTLY_RUN_PROPERTY,
  nightlyRunToStored,
} from '../../../src/core/flows/nightly.ts';
import type { NightlyRun } from '../../../src/core/flows/sidebar-state.ts';

const store = (values: Record<string, string> = {}) => ({
  values,
  getProperty: (key: string) => values[key] ?? null,
  setProperty: (key: string, value: string) => {
    values[key] = value;
  },
});

const run = (at: string, ok: boolean): NightlyRun => ({
  at,
  ok,
  message: ok ? 'Refreshed' : 'No spreadsheet',
});

function statePort(setup: {
  user?: Record<string, string>;
  document?: Record<string, string>;
  trigger?: () => boolean;
}) {
  return {
    spreadsheetId: () => 'sheet-1',
    sheetZone: () => 'Europe/Paris',
    user: store(setup.user),
    document: store(setup.document),
    triggerFound: setup.trigger ?? (() => true),
    lastNightWithStopped: (last: NightlyRun | null) => last,
    morningEmail: () => 'problems' as const,
  };
}

describe('the nightly refresh in the sidebar', () => {
  it("shows this user's trigger and hour, the default hour when none was chosen", () => {
    const chosen = night.nightlyState(statePort({ user: { [night.hourProperty('sheet-1')]: '7' } }));
    expect(chosen).toMatchObject({
      enabled: true,
      hour: 7,
      timeZone: 'Europe/Paris',
      morningEmail: 'problems',
    });
    const none = night.nightlyState(statePort({ user: { [night.hourProperty('sheet-1')]: 'x' } }));
    expect(none.hour).toBe(DEFAULT_NIGHTLY_HOUR);
  });

  it('shows the trigger as off when the triggers permission is not granted, and passes any other failure on', () => {
    const refused = () => {
      throw new Error(
        'You do not have permission to call ScriptApp.getProjectTriggers. Required permissions: https://www.googleapis.com/auth/script.scriptapp',
      );
    };
    expect(night.nightlyState(statePort({ trigger: refused })).enabled).toBe(false);
    const broken = () => {
      throw new Error('Something else');
    };
    expect(() => night.nightlyState(statePort({ trigger: broken }))).toThrow('Something else');
  });

  it("shows the newer of the shared last night and this user's own record of a night with no document", () => {
    const shared = run('2026-01-02T05:00:00.000Z', true);
    const own = run('2026-01-03T05:00:00.000Z', false);
    const user = store();
    night.saveOwnRecord('sheet-1', own, user);
    const document = { [NIGHTLY_RUN_PROPERTY]: nightlyRunToStored(shared) };
    expect(night.nightlyState(statePort({ user: user.values, document })).lastRun).toEqual(own);
    const older = store();
    night.saveOwnRecord('sheet-1', run('2026-01-01T05:00:00.000Z', false), older);
    expect(night.nightlyState(statePort({ user: older.values, document })).lastRun).toEqual(shared);
  });

  it('switches on at the hour chosen, under the lock, replacing the trigger; off keeps the stored hour', () => {
    const calls: string[] = [];
    const port = {
      lock: () => ({ tryLock: () => true, releaseLock: () => calls.push('release') }),
      deleteTrigger: () => calls.push('delete'),
      createTrigger: (hour: number) => calls.push(`create ${hour}`),
      saveHour: (hour: number) => calls.push(`hour ${hour}`),
    };
    night.switchNightly(true, '6', () => 3, port);
    expect(calls).toEqual(['delete', 'create 6', 'hour 6', 'release']);
    calls.length = 0;
    night.switchNightly(false, null, () => 3, port);
    expect(calls).toEqual(['delete', 'hour 3', 'release']);
  });

  it('refuses what is not a choice, and a change while another window makes one', () => {
    const port = {
      lock: () => ({ tryLock: () => false, releaseLock: () => {} }),
      deleteTrigger: () => {},
      createTrigger: () => {},
      saveHour: () => {},
    };
    expect(() => night.switchNightly('yes', 5, () => 3, port)).toThrow('on or off');
    expect(() => night.switchNightly(true, 24, () => 3, port)).toThrow('not an hour');
    expect(() => night.switchNightly(true, 5, () => 3, port)).toThrow('another window');
  });

  it("adds the morning e-mail's sentence to the Status banner as text, never a formula", () => {
    expect(night.bannerWithMorningEmail('=Refreshed', 'not sent.')).toBe(
      "'=Refreshed Morning e-mail: not sent.",
    );
  });
});
