// The installation check's decisions over plain fakes: a port that throws costs its own line only, a
// permission refusal is named in Google's consent words (never its message), a night overdue is a problem.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/core/api/index.ts';
import { checkInstallation, type InstallationPorts } from '../../../src/core/flows/installation-check.ts';
import { supportText } from '../../../src/core/flows/installation-report.ts';

const NOW = Date.parse('2026-11-20T09:00:00Z');

function ports(over: Partial<InstallationPorts> = {}): InstallationPorts {
  return {
    now: () => NOW,
    formatTime: (ms) => new Date(ms).toISOString().slice(0, 16).replace('T', ' '),
    permissions: () => [],
    keySaved: () => true,
    askAccount: () => undefined,
    nightly: () => ({
      trigger: 'present',
      hour: 5,
      timeZone: 'Europe/London',
      lastRun: { at: '2026-11-20T05:02:00Z', ok: true, message: 'Refreshed 9 tabs.' },
    }),
    emailQuota: () => 100,
    cacheAnswers: () => true,
    lockAnswers: () => true,
    ...over,
  };
}

const line = (check: ReturnType<typeof checkInstallation>, id: string) =>
  check.lines.find((l) => l.id === id);

describe('checkInstallation', () => {
  it('all well: every line ok, the night and its time in the spreadsheet zone', () => {
    const check = checkInstallation(ports());
    expect(check.lines.filter((l) => l.status !== 'ok')).toEqual([]);
    expect(line(check, 'last-night')?.text).toBe(
      'The last nightly refresh (2026-11-20 05:02) went well: Refreshed 9 tabs.',
    );
  });

  it("a port refused for a permission names the permission in Google's consent words, not its message", () => {
    const refused = new Error(
      'You do not have permission to call MailApp.getRemainingDailyQuota. Required permissions: https://www.googleapis.com/auth/script.send_mail',
    );
    const text =
      line(
        checkInstallation(
          ports({
            emailQuota: () => {
              throw refused;
            },
          }),
        ),
        'email-quota',
      )?.text ?? '';
    expect(text).toContain('“Send email as you”');
    expect(text).not.toContain('You do not have permission');
  });

  it('any other throw costs its own line only, in our words', () => {
    const check = checkInstallation(
      ports({
        cacheAnswers: () => {
          throw new Error('Service Cache failed: internal');
        },
      }),
    );
    expect(line(check, 'cache')).toMatchObject({ status: 'unchecked' });
    expect(line(check, 'cache')?.text).not.toContain('internal');
    expect(line(check, 'lock')?.status).toBe('ok');
  });

  it('a night older than a day with the trigger there is a problem; the support text counts the problems', () => {
    const stale = ports({
      nightly: () => ({
        trigger: 'present',
        hour: 5,
        timeZone: 'UTC',
        lastRun: { at: '2026-11-17T05:02:00Z', ok: true, message: 'Refreshed 9 tabs.' },
      }),
      askAccount: () => {
        throw new ApiError('unauthorized', 'The API refused the API key (401).');
      },
    });
    const check = checkInstallation(stale);
    expect(line(check, 'last-night')?.status).toBe('problem');
    expect(line(check, 'api')?.text).toBe('The API answered but refused: The API refused the API key (401).');
    const text = supportText(check, { version: '1.0.0', route: 'bound', timeZone: 'UTC', at: 'now' });
    expect(text).toContain('2 problems found.');
  });
});
