// The morning e-mail through the built bundle in the emulator: sent after the nightly refresh as chosen,
// with the Summary tab's figures to the cent, at most one a night, within Google's quota, never failing the
// refresh, and sent after a night that failed when it still can. No key in any message.
import { afterEach, describe, expect, it } from 'vitest';
import type { SentMail } from '../../local/gas/index.ts';
import { ENDPOINTS } from '../../src/core/endpoints.ts';
import { NO_SPREADSHEET_AT_NIGHT } from '../../src/core/flows/nightly.ts';
import type { NightlyRun, NightlyState } from '../../src/core/flows/sidebar-state.ts';
import { moneyText, TOP_BOOKS } from '../../src/core/morning/index.ts';
import { type AddOn, type AddOnOptions, startAddOn } from '../support/addon.ts';
import { expectNoKeyLeak, findKeyLeaks } from '../support/leaks.ts';

const DAY = 24 * 60 * 60 * 1000;
let addOn: AddOn | undefined;

afterEach(async () => {
  if (addOn) {
    expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
    const texts = addOn.emulator.mail.sent().flatMap((m) => [m.subject, m.body, m.htmlBody ?? '']);
    expect(findKeyLeaks(texts, addOn.api.demoKey)).toEqual([]);
    await addOn.close();
    addOn = undefined;
  }
});

/** The demo key saved, the nightly refresh on at 05:00, and the morning e-mail as chosen. */
async function nightlyWith(mode: string | null, options: AddOnOptions = {}): Promise<AddOn> {
  addOn = await startAddOn(options);
  addOn.saveApiKeyFor();
  addOn.emulator.run('setNightlyRefresh', [true, 5]);
  if (mode !== null) addOn.emulator.run<NightlyState>('setMorningEmail', [mode]);
  return addOn;
}

function runNight(a: AddOn): NightlyRun {
  return a.emulator.runTrigger(a.emulator.triggers()[0]!.id) as NightlyRun;
}

function lastRun(a: AddOn): NightlyRun | null {
  return a.emulator.run<{ nightly: NightlyState }>('getSidebarState').nightly.lastRun;
}

/** The next /account answers with every platform connected and synced: a night with nothing wrong. */
async function allPlatformsFine(a: AddOn): Promise<void> {
  const response = await fetch(`${a.api.baseUrl}/account`, {
    headers: { Authorization: `Bearer ${a.api.demoKey}` },
  });
  const account = (await response.json()) as { platforms: Record<string, unknown>[] };
  const platforms = account.platforms.filter((p) => p.connected === true);
  const body = JSON.stringify({ ...account, platforms });
  await a.api.setFaults(ENDPOINTS.account.path, {
    statuses: [{ status: 200, body, contentType: 'application/json' }],
  });
}

/** The Summary tab's Value for a Field, as the tab holds it. */
function summaryValue(a: AddOn, field: string): number {
  const snapshot = a.emulator.sheetSnapshot('Summary');
  const header = snapshot.values[1]!;
  const key = (r: readonly unknown[]) => String(r[header.indexOf('Field')]).split('.').pop();
  const row = snapshot.values.find((r) => key(r) === field)!;
  return row[header.indexOf('Value')] as number;
}

describe('the choice', () => {
  it('is off by default: a night sends nothing', async () => {
    const a = await nightlyWith(null);
    expect(a.emulator.run<{ nightly: NightlyState }>('getSidebarState').nightly.morningEmail).toBe('off');
    const run = runNight(a);
    expect(run.ok).toBe(true);
    expect(run.email).toBeUndefined();
    expect(a.emulator.mail.sent()).toEqual([]);
  });

  it('is refused when it is not one of the three, and shown back when it is', async () => {
    const a = await nightlyWith(null);
    expect(() => a.emulator.run('setMorningEmail', ['weekly'])).toThrow(/not a morning e-mail choice/);
    const state = a.emulator.run<NightlyState>('setMorningEmail', ['problems']);
    expect(state.morningEmail).toBe('problems');
    // Each user's own choice: an editor's is still off.
    expect(
      a.emulator.run<{ nightly: NightlyState }>('getSidebarState', [], { as: 'editor@example.com' }).nightly
        .morningEmail,
    ).toBe('off');
  });
});

describe('"only when something is wrong"', () => {
  it('sends nothing on a good night, and one e-mail naming the failed tab on a bad one', async () => {
    const a = await nightlyWith('problems');
    await allPlatformsFine(a);
    // The demo account's ads cross alert lines (test/alerts/): off here, nothing is wrong and nothing fired.
    a.emulator.run('saveAlertLines', [{ enabled: false }]);
    expect(runNight(a).email).toBeUndefined();
    expect(a.emulator.mail.sent()).toEqual([]);
    await a.api.setFaults(ENDPOINTS['books-report'].path, { statuses: Array(8).fill(404) });
    const run = runNight(a);
    expect(run.ok).toBe(false);
    const [mail] = a.emulator.mail.sent();
    expect(a.emulator.mail.sent()).toHaveLength(1);
    expect(mail).toMatchObject({
      from: a.emulator.owner,
      to: a.emulator.owner,
      name: 'Royalties for Sheets',
    });
    expect(mail!.subject).toBe('Royalties: 3 things to look at · Royalties');
    expect(mail!.body).toMatch(
      /Needs your attention\n- Books was not refreshed: .*\n- Royalties dashboard was not refreshed: Books could not be read: .*\n- Draft2Digital is disconnected/,
    );
    expect(run.email).toBe(`The morning e-mail was sent to ${a.emulator.owner}.`);
    expect(lastRun(a)?.email).toBe(run.email);
  });

  it('a night that failed outright still sends what went wrong', async () => {
    const a = await nightlyWith('problems');
    a.emulator.run('removeApiKey');
    expect(() => runNight(a)).toThrow(/No API key is saved/);
    const [mail] = a.emulator.mail.sent();
    expect(mail!.body).toContain(
      '- The nightly refresh failed: No API key is saved for you: save it in the Royalties sidebar, or try the demo account.',
    );
    expect(mail!.body).toContain('Open the spreadsheet: https://docs.google.com/spreadsheets/d/');
    expect(lastRun(a)).toMatchObject({
      ok: false,
      email: `The morning e-mail was sent to ${a.emulator.owner}.`,
    });
  });

  it('a night with no spreadsheet open to it still tells its creator, with the link', async () => {
    const a = await nightlyWith('problems');
    a.emulator.switches.clockTriggersSeeDocument(false);
    const run = runNight(a);
    expect(run.message).toBe(NO_SPREADSHEET_AT_NIGHT);
    const [mail] = a.emulator.mail.sent();
    expect(mail!.body).toContain(`- ${NO_SPREADSHEET_AT_NIGHT}`);
    expect(mail!.body).toContain(
      `https://docs.google.com/spreadsheets/d/${a.emulator.spreadsheet.getId()}/edit`,
    );
    a.emulator.switches.clockTriggersSeeDocument(true);
    expect(lastRun(a)?.email).toBe(`The morning e-mail was sent to ${a.emulator.owner}.`);
  });
});

describe('"every morning"', () => {
  it('sends one e-mail with the Summary tab figures to the cent, one a night', async () => {
    const a = await nightlyWith('daily');
    runNight(a);
    const sent = a.emulator.mail.sent();
    expect(sent).toHaveLength(1);
    const { body, htmlBody } = sent[0] as SentMail;
    for (const [label, field] of [
      ['Royalties', 'royalties'],
      ['Ad spend', 'ad_spend'],
      ['Net profit', 'net_profit'],
    ]) {
      const figure = moneyText(summaryValue(a, field!), 'USD');
      expect(body).toContain(`- ${label}: ${figure}`);
      expect(htmlBody).toContain(figure);
    }
    expect(body).toMatch(/Latest days \(provisional ones may still change\)\n- 2026-11-19 /);
    expect(body).toContain('Top books this period\n1. ');
    // The same night again (an hour changed, a second trigger run): no second e-mail.
    a.emulator.clock.advance(60 * 60 * 1000);
    expect(runNight(a).email).toBe('The morning e-mail had already been sent tonight.');
    expect(a.emulator.mail.sent()).toHaveLength(1);
    a.emulator.clock.advance(DAY);
    runNight(a);
    expect(a.emulator.mail.sent()).toHaveLength(2);
  });

  it('a night without quota sends nothing and says why; the refresh is done all the same', async () => {
    const a = await nightlyWith('daily');
    a.emulator.switches.mailRecipientsPerDay(0);
    const run = runNight(a);
    expect(run.ok).toBe(true);
    expect(a.emulator.mail.sent()).toEqual([]);
    expect(lastRun(a)?.email).toMatch(/daily quota/);
  });

  it('a send that throws is recorded, never failing the refresh', async () => {
    const a = await nightlyWith('daily');
    a.emulator.switches.failCall('MailApp.sendEmail', { message: 'Service unavailable: Gmail' });
    const run = runNight(a);
    expect(run).toMatchObject({ ok: true, message: expect.stringMatching(/^Refreshed \d+ tabs\.$/) });
    // Said in the author's words: Google's own text goes to the log only.
    expect(lastRun(a)?.email).toBe(
      'No morning e-mail was sent: Google could not work on one of its services just now (a passing fault at Google). Try again in a few minutes.',
    );
    expect(a.emulator.mail.sent()).toEqual([]);
  });

  it('a user who must re-authorise is told by e-mail if Google still lets it send', async () => {
    const a = await nightlyWith('daily');
    a.emulator.switches.requireAuthorization(a.emulator.owner, true, { refuse: ['UrlFetchApp'] });
    const run = runNight(a);
    expect(run.message).toMatch(/needs your permission again/);
    expect(a.emulator.mail.sent()[0]!.body).toMatch(/needs your permission again/);
  });

  it('keeps hostile titles as text', async () => {
    const a = await nightlyWith('daily', { demo: { dangerousData: true } });
    runNight(a);
    const { body, htmlBody } = a.emulator.mail.sent()[0]!;
    expect(body).toMatch(
      /\n\d\. (=IMPORTXML|=1\+1|🐉 Dragons & 🚀|@SUM|\+44|-1|1\/2|00123|A very long|كتاب)/,
    );
    expect(htmlBody).not.toMatch(/<[^/a-z!]/i);
    expect(htmlBody).not.toContain('"https://example.invalid');
    expect(body.length).toBeLessThan(5_000);
  });
});

describe('a 2,000-book account', () => {
  it('gets a short e-mail: the top books and how many more', async () => {
    const a = await nightlyWith('daily', { demo: { scale: { books: 2000, marketplaces: 2, years: 1 } } });
    runNight(a);
    const { body, htmlBody } = a.emulator.mail.sent()[0]!;
    expect(htmlBody).not.toBeNull();
    expect(body.split('\n').filter((l) => /^\d+\. /.test(l))).toHaveLength(TOP_BOOKS);
    expect(body).toContain('…and 1,995 more books in the Books tab.');
    expect(body.length).toBeLessThan(5_000);
    expect(htmlBody!.length).toBeLessThan(15_000);
  });
});

describe('the test e-mail', () => {
  it('goes to whoever asks, marked as a test, with the last refresh figures', async () => {
    const a = await nightlyWith(null);
    a.emulator.run('refreshAllTabs');
    const said = a.emulator.run<string>('sendTestMorningEmail');
    expect(said).toBe(`A test e-mail with the last refresh's figures was sent to ${a.emulator.owner}.`);
    const [mail] = a.emulator.mail.sent();
    expect(mail!.subject).toMatch(/^Test: Royalties: /);
    expect(mail!.body).toContain(`- Royalties: ${moneyText(summaryValue(a, 'royalties'), 'USD')}`);
    a.emulator.switches.mailRecipientsPerDay(1);
    expect(() => a.emulator.run('sendTestMorningEmail')).toThrow(/daily quota/);
  });
});
