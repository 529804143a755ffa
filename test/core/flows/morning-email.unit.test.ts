// The morning e-mail from plain inputs: the ports plain objects that record what was sent and noted.
import { describe, expect, it } from 'vitest';
import {
  type MorningEmailPorts,
  mailTheNight,
  type SpreadsheetView,
  sendTestEmail,
} from '../../../src/core/flows/morning-email.ts';
import type { NightlyRun } from '../../../src/core/flows/sidebar-state.ts';
import type { MorningEmailMode } from '../../../src/core/morning/mode.ts';
import {
  ALREADY_SENT,
  emailFailed,
  emailSent,
  NO_ADDRESS,
  NO_QUOTA,
} from '../../../src/core/morning/outcome.ts';
import { emailNeedsPermission } from '../../../src/core/permissions.ts';

const AT = '2026-11-21T05:00:00.000Z';
const RUN: NightlyRun = { at: AT, ok: true, message: 'Refreshed 3 tabs.' };
const SHEET: SpreadsheetView = {
  id: () => 'sheet-1',
  name: () => 'My royalties',
  url: () => 'https://docs.example/sheet-1',
  timeZone: () => 'Europe/Paris',
};
const NEWS = { problems: [], figures: null };

interface Setup {
  readonly mode?: MorningEmailMode;
  readonly lastSent?: string | null;
  readonly address?: string;
  readonly quota?: number;
  readonly lacking?: boolean;
  /** Sending throws Google's refusal of a permission. */
  readonly refused?: boolean;
}

function ports(setup: Setup = {}) {
  const sent: { to: string; subject: string; body: string }[] = [];
  const noted: string[] = [];
  const zones: string[] = [];
  const port: MorningEmailPorts = {
    mode: () => setup.mode ?? 'daily',
    notGranted: (features) => (setup.lacking ? features.map((f) => `scope:${f}`) : []),
    lastSent: () => ({ at: setup.lastSent ?? null, note: (at) => noted.push(at) }),
    address: () => setup.address ?? 'jo@example.com',
    remainingDailyQuota: () => setup.quota ?? 100,
    send: (message) => {
      if (setup.refused) {
        throw new Error(
          'You do not have permission to call MailApp.sendEmail. Required permissions: https://www.googleapis.com/auth/script.send_mail',
        );
      }
      sent.push(message);
    },
    scriptTimeZone: () => 'Etc/UTC',
    timeIn: (zone, ms) => {
      zones.push(zone);
      return new Date(ms).toISOString();
    },
  };
  return { port, sent, noted, zones };
}

describe('the morning e-mail after a night', () => {
  it('sends the chosen e-mail, notes the night, and says to whom', () => {
    const p = ports();
    expect(mailTheNight('sheet-1', SHEET, RUN, NEWS, p.port)).toEqual({
      ...RUN,
      email: emailSent('jo@example.com'),
    });
    expect(p.sent).toHaveLength(1);
    expect(p.sent[0]!.body).toContain('My royalties');
    expect(p.noted).toEqual([AT]);
    expect(p.zones).toEqual(['Europe/Paris']);
  });

  it('sends nothing when none is due, and the run stays as it was', () => {
    const off = ports({ mode: 'off' });
    expect(mailTheNight('sheet-1', SHEET, RUN, NEWS, off.port)).toBe(RUN);
    const quiet = ports({ mode: 'problems' });
    expect(mailTheNight('sheet-1', SHEET, RUN, NEWS, quiet.port)).toBe(RUN);
    expect([...off.sent, ...quiet.sent]).toEqual([]);
    // A night that could not refresh is a problem: "only when something is wrong" sends it.
    const failed = ports({ mode: 'problems' });
    mailTheNight(
      'sheet-1',
      SHEET,
      { at: AT, ok: false, message: 'The nightly refresh failed: x' },
      null,
      failed.port,
    );
    expect(failed.sent).toHaveLength(1);
  });

  it('sends one a night: a second run within hours says it was already sent', () => {
    const p = ports({ lastSent: '2026-11-21T02:00:00.000Z' });
    expect(mailTheNight('sheet-1', SHEET, RUN, NEWS, p.port).email).toBe(ALREADY_SENT);
    expect(p.sent).toEqual([]);
    const nextNight = ports({ lastSent: '2026-11-20T05:00:00.000Z' });
    expect(mailTheNight('sheet-1', SHEET, RUN, NEWS, nextNight.port).email).toBe(emailSent('jo@example.com'));
  });

  it('says why it could not send: no address, no quota, no permission, a refusal in plain words', () => {
    expect(mailTheNight('sheet-1', SHEET, RUN, NEWS, ports({ address: '' }).port).email).toBe(NO_ADDRESS);
    expect(mailTheNight('sheet-1', SHEET, RUN, NEWS, ports({ quota: 0 }).port).email).toBe(NO_QUOTA);
    expect(mailTheNight('sheet-1', SHEET, RUN, NEWS, ports({ lacking: true }).port).email).toBe(
      emailFailed(emailNeedsPermission(['scope:email'])),
    );
    const refused = mailTheNight('sheet-1', SHEET, RUN, NEWS, ports({ refused: true }).port).email;
    expect(refused).toMatch(/^No morning e-mail was sent: /);
    expect(refused).not.toContain('You do not have permission');
  });

  it('for a night with no spreadsheet open, links the spreadsheet by id in the script zone', () => {
    const p = ports();
    mailTheNight('sheet/1', null, RUN, NEWS, p.port);
    expect(p.sent[0]!.body).toContain('https://docs.google.com/spreadsheets/d/sheet%2F1/edit');
    expect(p.zones).toEqual(['Etc/UTC']);
  });
});

describe('the test e-mail', () => {
  it('sends the last refresh as a test, or throws why it cannot', () => {
    const p = ports({ lastSent: AT });
    expect(sendTestEmail(SHEET, null, Date.parse(AT), p.port)).toContain('jo@example.com');
    expect(p.sent[0]!.body).toContain('Test e-mail');
    // A test is not a night: it notes nothing.
    expect(p.noted).toEqual([]);
    expect(() => sendTestEmail(SHEET, null, Date.parse(AT), ports({ quota: 0 }).port)).toThrow(NO_QUOTA);
  });
});
