// Alerts through the built bundle in the emulator, on the demo API: the demo account's ads cross the lines
// (its standalone "The Lighthouse Keeper's Daughter" spends 97% of its royalties), and an account spending a
// quarter as much on ads crosses none. Where the author meets them: the morning e-mail (first), the
// sidebar's warnings, the Status tab and the dashboard; the lines set in the sidebar; told once.
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertLines } from '../../src/core/alerts/lines.ts';
import type { NightlyRun, SidebarState } from '../../src/core/flows/sidebar-state.ts';
import { warningsFor } from '../../src/sidebar/warnings.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';

const DAY = 24 * 60 * 60 * 1000;
/** An author whose ads cost a quarter of the demo account's: no line crossed. */
const QUIET_KEY = 'rfs_live_quietads2026';
const LIGHTHOUSE =
  /"The Lighthouse Keeper's Daughter": ad spend \$[\d,.]+ is 97% of its royalties \(\$[\d,.]+\), at or past the warning line of 70%, 2026-10-21 to 2026-11-19 \(30 days\)\./;

let addOn: AddOn | undefined;
afterEach(async () => {
  await addOn?.close();
  addOn = undefined;
});

async function nightlyOn(key: 'demo' | 'quiet', mode: string): Promise<AddOn> {
  addOn = await startAddOn({ demo: { accounts: [{ key: QUIET_KEY, adSpend: 0.25 }] } });
  addOn.saveApiKeyFor(undefined, key === 'demo' ? addOn.api.demoKey : QUIET_KEY);
  addOn.emulator.run('setNightlyRefresh', [true, 5]);
  addOn.emulator.run('setMorningEmail', [mode]);
  return addOn;
}

function night(a: AddOn): NightlyRun {
  const run = a.emulator.runTrigger(a.emulator.triggers()[0]!.id) as NightlyRun;
  a.emulator.clock.advance(DAY);
  return run;
}

const cells = (a: AddOn, tab: string) => a.emulator.sheetSnapshot(tab).values.flat().map(String);
const sidebarWarnings = (a: AddOn) => warningsFor(a.emulator.run<SidebarState>('getSidebarState'));
const mails = (a: AddOn) => a.emulator.mail.sent();

describe('the demo account', { timeout: 120_000 }, () => {
  it('raises its alerts in the e-mail first, in the sidebar, on the Status tab and on the dashboard', async () => {
    const a = await nightlyOn('demo', 'problems');
    night(a);
    const [mail] = mails(a);
    expect(mail!.subject).toMatch(/^Royalties: 3 alerts, \d+ things? to look at · /);
    // The alerts lead: before what is wrong and before the figures.
    expect(mail!.body.indexOf('Alerts\n- Warning: ')).toBeGreaterThan(0);
    expect(mail!.body.indexOf('Alerts\n')).toBeLessThan(mail!.body.indexOf('Needs your attention'));
    expect(mail!.body).toMatch(LIGHTHOUSE);
    expect(mail!.body).toContain('- Note: Series "Salt & Starlight Mysteries": ad spend');
    expect(mail!.body).toContain(
      'To change the alert lines or turn alerts off: "Alerts" in the Royalties sidebar.',
    );
    expect(mail!.htmlBody).toContain('<b>Alerts</b>');

    expect(sidebarWarnings(a).filter((w) => LIGHTHOUSE.test(w))).toHaveLength(1);
    expect(sidebarWarnings(a)[0]).toMatch(/^Warning: /);

    const status = cells(a, 'Royalties status');
    expect(status[0]).toContain('3 alerts: see Alerts below.');
    expect(status).toContain('Alerts');
    expect(status.some((c) => LIGHTHOUSE.test(c))).toBe(true);

    const dashboard = a.emulator.sheetSnapshot('Royalties dashboard').values;
    const saltRow = dashboard.find(
      (r) => r[0] === 'Salt & Starlight Mysteries' && r.includes('Note: see Alerts below'),
    );
    expect(saltRow, 'the series marked in Series economics').toBeDefined();
    expect(
      dashboard
        .flat()
        .map(String)
        .some((c) => LIGHTHOUSE.test(c)),
    ).toBe(true);
  });

  it('tells an alert once: not the next morning, again when it gets worse', async () => {
    const a = await nightlyOn('demo', 'daily');
    night(a);
    night(a);
    const [first, second] = mails(a);
    expect(first!.body).toMatch(LIGHTHOUSE);
    expect(second!.body).not.toContain('Alerts\n');
    expect(second!.subject).not.toMatch(/alert/);
    // Still standing: the sidebar and the Status tab keep showing it.
    expect(sidebarWarnings(a).some((w) => LIGHTHOUSE.test(w))).toBe(true);
    // "Winter Orchard" (about 63% of its royalties) now crosses the warning line: worse, so told again.
    a.emulator.run('saveAlertLines', [
      { adsNote: 30, adsWarning: 60, adsAlarm: 100, kenpFall: 30, kenpRise: 100 },
    ]);
    night(a);
    const third = mails(a)[2]!;
    expect(third.body).toMatch(
      /Alerts\n- Warning: "Winter Orchard": ad spend .* at or past the warning line of 60%/,
    );
    expect(third.body).not.toMatch(LIGHTHOUSE);
    expect(third.subject).toMatch(/^Royalties: 1 alert, /);
  });
});

describe('an account that crosses no line', { timeout: 120_000 }, () => {
  it('raises nothing anywhere, and its quiet night sends no e-mail of alerts', async () => {
    const a = await nightlyOn('quiet', 'problems');
    const run = night(a);
    expect(run.ok).toBe(true);
    // Only the demo's disconnected platform is wrong: the night's one e-mail names it, and no alert.
    expect(mails(a)).toHaveLength(1);
    for (const mail of mails(a)) expect(mail.body).not.toContain('Alerts\n');
    expect(sidebarWarnings(a).filter((w) => /^(Note|Warning|Alarm): /.test(w))).toEqual([]);
    expect(cells(a, 'Royalties status')).not.toContain('Alerts');
    expect(cells(a, 'Royalties dashboard').some((c) => c.startsWith('Alerts'))).toBe(false);
  });

  it('raises what a line set lower in the sidebar crosses, and nothing once alerts are off', async () => {
    const a = await nightlyOn('quiet', 'problems');
    expect(() => a.emulator.run('saveAlertLines', [{ adsNote: 'a lot' }])).toThrow(
      /The note line for ad spend "a lot" is not a percentage/,
    );
    const saved = a.emulator.run<AlertLines>('saveAlertLines', [
      { adsNote: 10, adsWarning: 20, adsAlarm: 25 },
    ]);
    expect(saved).toMatchObject({ enabled: true, adsNote: 0.1, adsWarning: 0.2, adsAlarm: 0.25 });
    expect(a.emulator.run<SidebarState>('getSidebarState').alertLines).toEqual(saved);
    night(a);
    expect(mails(a).at(-1)!.body).toMatch(/Alerts\n- (Alarm|Warning|Note): /);
    a.emulator.run('saveAlertLines', [{ enabled: false }]);
    night(a);
    expect(mails(a).at(-1)!.body).not.toContain('Alerts\n');
    expect(sidebarWarnings(a).filter((w) => /^(Note|Warning|Alarm): /.test(w))).toEqual([]);
  });
});
