// Help ▸ Check this installation through the built bundle in the emulator, against the demo API: all well
// first, then each line made to fail the way Google or the API would, and the support text never holding
// the key nor Google's own words.
import { describe, expect, it } from 'vitest';
import type { InstallationCheck, LineStatus } from '../../src/core/flows/installation-check.ts';
import { NIGHTLY_RUN_PROPERTY } from '../../src/core/flows/nightly.ts';
import { manifestScopes, SCOPES } from '../../src/core/permissions.ts';
import { type AddOn, startAddOnWithKey, useDemoApi } from '../support/addon.ts';

const api = useDemoApi();

function check(a: AddOn, as?: string): InstallationCheck {
  return a.emulator.run<InstallationCheck>('checkInstallation', [], as ? { as } : {});
}

function statusOf(result: InstallationCheck, id: string): { status: LineStatus; text: string } {
  const line = result.lines.find((l) => l.id === id);
  if (!line) throw new Error(`no line ${id} in ${result.lines.map((l) => l.id).join(', ')}`);
  return line;
}

/** The dialog the check showed last. */
function dialog(a: AddOn): string {
  const shown = a.emulator.ui().dialogs.at(-1);
  expect(shown?.title).toBe('Check this installation');
  return shown?.html ?? '';
}

const GOOGLE_TEXT =
  /You do not have permission|Required permissions|Service .* failed|Exception|googleapis\.com\/auth/;

describe('Help ▸ Check this installation', { timeout: 120_000 }, () => {
  it('with everything in order: every line well, one dialog with the lines and a support text without the key', async () => {
    const a = await startAddOnWithKey(api());
    a.emulator.run('setNightlyRefresh', [true, 5]);
    const result = check(a);
    const problems = result.lines.filter((l) => l.status === 'problem' || l.status === 'unchecked');
    expect(problems).toEqual([]);
    expect(statusOf(result, 'api')).toMatchObject({ status: 'ok' });
    expect(statusOf(result, 'nightly').text).toContain('on at 05:00');
    expect(statusOf(result, 'email-quota').text).toContain('e-mail 100 more recipients today');
    expect(statusOf(result, 'cache').status).toBe('ok');
    expect(statusOf(result, 'lock').status).toBe('ok');
    for (const id of ['spreadsheet', 'sidebar', 'api', 'nightly', 'allowance', 'email'])
      expect(statusOf(result, `permission.${id}`).status).toBe('ok');
    const html = dialog(a);
    expect(html).toContain('id="support-text"');
    expect(html).toContain('No problem found.');
    expect(html).not.toContain(a.api.demoKey);
    expect(a.emulator.capturedText().join('\n')).not.toContain(a.api.demoKey);
  });

  it('a permission unticked: its feature a problem with where to grant it; the e-mail quota then unchecked', async () => {
    const a = await startAddOnWithKey(api());
    a.emulator.switches.grantScopes(
      a.emulator.owner,
      manifestScopes('bound').filter((s) => s !== SCOPES.sendMail),
    );
    const result = check(a);
    expect(statusOf(result, 'permission.email')).toMatchObject({ status: 'problem' });
    expect(statusOf(result, 'permission.email').text).toContain('“Send email as you”');
    expect(statusOf(result, 'permission.email').text).toContain('grant it there');
    expect(statusOf(result, 'email-quota').status).toBe('unchecked');
    expect(statusOf(result, 'permission.api').status).toBe('ok');
    expect(dialog(a)).toContain('1 problem found.');
    expect(dialog(a)).not.toMatch(GOOGLE_TEXT);
  });

  it('the API: no key saved, the key refused, the API not answering', async () => {
    const a = await startAddOnWithKey(api());
    expect(statusOf(check(a, a.emulator.editors[0]), 'api')).toMatchObject({ status: 'problem' });
    expect(statusOf(check(a, a.emulator.editors[0]), 'api').text).toContain('No API key is saved for you');
    await a.api.setFaults('/account', { statuses: [401] });
    const refused = statusOf(check(a), 'api');
    expect(refused.status).toBe('problem');
    expect(refused.text).toContain('refused the API key (401)');
    await a.api.setFaults('/account', { statuses: [503, 503, 503, 503, 503, 503] });
    const down = statusOf(check(a), 'api');
    expect(down.status).toBe('problem');
    expect(down.text).toContain('could not be reached or did not answer in time');
    expect(dialog(a)).not.toContain(a.api.demoKey);
  });

  it('the nightly trigger: none of yours, then gone from Google while its id is kept', async () => {
    const a = await startAddOnWithKey(api());
    expect(statusOf(check(a), 'nightly')).toMatchObject({ status: 'off' });
    a.emulator.run('setNightlyRefresh', [true, 5]);
    const id = a.emulator.spreadsheet.getId();
    a.emulator.properties.setUser(a.emulator.owner, `royalties.nightly.trigger.${id}`, 'trigger-deleted');
    const gone = statusOf(check(a), 'nightly');
    expect(gone.status).toBe('problem');
    expect(gone.text).toContain('turn the nightly refresh off and on again');
  });

  it("last night's outcome: a failed night says so, in the night's own words", async () => {
    const a = await startAddOnWithKey(api());
    expect(statusOf(check(a), 'last-night')).toMatchObject({ status: 'off' });
    a.emulator.properties.setDocument(
      NIGHTLY_RUN_PROPERTY,
      JSON.stringify({
        at: '2026-11-20T05:03:00.000Z',
        ok: false,
        message: 'The nightly refresh failed: 2 of 9 tabs failed.',
      }),
    );
    const night = statusOf(check(a), 'last-night');
    expect(night.status).toBe('problem');
    expect(night.text).toContain('did not go well: The nightly refresh failed: 2 of 9 tabs failed.');
  });

  it('the e-mail quota used up, the cache failing, the lock held by another refresh', async () => {
    const a = await startAddOnWithKey(api());
    a.emulator.switches.mailRecipientsPerDay(0);
    a.emulator.switches.failCall('Cache.put', { message: 'Service Cache failed' });
    a.emulator.switches.holdLock('document');
    const result = check(a);
    expect(statusOf(result, 'email-quota')).toMatchObject({ status: 'problem' });
    expect(statusOf(result, 'email-quota').text).toContain('quota for your account is used up');
    expect(statusOf(result, 'cache')).toMatchObject({ status: 'unchecked' });
    expect(statusOf(result, 'lock')).toMatchObject({ status: 'off' });
    expect(statusOf(result, 'lock').text).toContain('Another refresh holds the lock');
    const html = dialog(a);
    expect(html).not.toMatch(GOOGLE_TEXT);
    expect(html).not.toContain('Service Cache failed');
  });
});
