// A book whose sales stopped, through the built bundle in the emulator on the demo API: an account whose
// steady standalone "Winter Orchard" (about 4 copies a day) sells nothing from 2026-11-13 raises it once the
// add-on has learnt its baseline, wherever the alerts show, and clears it when a period holds its sales
// again; a quiet catalogue (a book a fortnight each, zero days normal) going as silent raises nothing.
import { afterEach, describe, expect, it } from 'vitest';
import type { SidebarState } from '../../src/core/flows/sidebar-state.ts';
import { DEFAULT_SETTINGS } from '../../src/core/settings.ts';
import { warningsFor } from '../../src/sidebar/warnings.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { apiGet } from '../tabs/support.ts';

const DAY = 24 * 60 * 60 * 1000;
const STOPPED_KEY = 'rfs_live_stoppedbook2026';
const QUIET_KEY = 'rfs_live_quietshelf2026';
const STOPPED =
  /^"Winter Orchard": no units sold 2026-11-13 to 2026-11-19 \(7 days\), against its usual [\d.]+ a day \([\d.]+ expected: the chance of a silence this long was (about 1 in [\d,]+|less than 1 in a million)\), past the line of a silence under a 1% chance\.$/;

let addOn: AddOn | undefined;
afterEach(async () => {
  await addOn?.close();
  addOn = undefined;
});

async function nightlyOn(key: string): Promise<AddOn> {
  addOn = await startAddOn({
    demo: {
      accounts: [
        // Ads at a quarter: no ad line crossed, so the sales are all there is to tell.
        { key: STOPPED_KEY, adSpend: 0.25, salesStop: { title: 'Winter Orchard', from: '2026-11-13' } },
        { key: QUIET_KEY, adSpend: 0.25, sales: 0.02 },
      ],
    },
  });
  addOn.saveApiKeyFor(undefined, key);
  addOn.emulator.run('setNightlyRefresh', [true, 5]);
  addOn.emulator.run('setMorningEmail', ['problems']);
  return addOn;
}

/** A night on `period` (the demo's today stays 2026-11-20: each period ends 2026-11-19). */
function nightOn(a: AddOn, period: string): void {
  a.emulator.run('saveSettings', [{ ...DEFAULT_SETTINGS, period }]);
  a.emulator.runTrigger(a.emulator.triggers()[0]!.id);
  a.emulator.clock.advance(DAY);
}

const salesAlerts = (texts: readonly string[]) => texts.filter((t) => /no units sold/.test(t));
const cells = (a: AddOn, tab: string) => a.emulator.sheetSnapshot(tab).values.flat().map(String);
const mailLines = (a: AddOn) => (a.emulator.mail.sent().at(-1)?.body ?? '').split('\n');

describe('a steady book gone silent', { timeout: 120_000 }, () => {
  it('is raised against its baseline in the e-mail, the sidebar, the Status tab and the dashboard', async () => {
    const a = await nightOn90(STOPPED_KEY);
    // The first night learns the baseline: 90 days, the last 7 of them silent, nothing to judge yet.
    expect(salesAlerts(mailLines(a))).toEqual([]);
    nightOn(a, 'last_7_days');
    const [line] = salesAlerts(mailLines(a));
    expect(line).toMatch(/^- Alarm: /);
    expect(line!.slice('- Alarm: '.length)).toMatch(STOPPED);
    const state = a.emulator.run<SidebarState>('getSidebarState');
    expect(salesAlerts(warningsFor(state))).toHaveLength(1);
    expect(salesAlerts(cells(a, 'Royalties status')).filter((c) => STOPPED.test(c))).toHaveLength(1);
    expect(cells(a, 'Royalties dashboard').some((c) => STOPPED.test(c))).toBe(true);

    // A period that holds its sales again: cleared, and the e-mail says so.
    nightOn(a, 'last_30_days');
    expect(mailLines(a)).toContain(
      '- Cleared: "Winter Orchard": no longer past any line (it was at the alarm line).',
    );
    expect(salesAlerts(cells(a, 'Royalties status'))).toEqual([]);
  });
});

describe('a quiet catalogue', { timeout: 120_000 }, () => {
  it('raises nothing for books whose zero weeks are normal', async () => {
    const a = await nightOn90(QUIET_KEY);
    nightOn(a, 'last_7_days');
    // Some of its books did sell nothing these 7 days, after selling in the 90 (else it shows nothing).
    const unitsOf = async (range: string) =>
      ((await apiGet(a, '/reports/books', { range }, QUIET_KEY)).rows as { units_sold: number }[]).map(
        (r) => r.units_sold,
      );
    const [week, before] = [await unitsOf('last_7_days'), await unitsOf('last_90_days')];
    expect(week.some((units, i) => units === 0 && before[i]! > 0)).toBe(true);
    expect(salesAlerts(a.emulator.mail.sent().flatMap((m) => m.body.split('\n')))).toEqual([]);
    expect(salesAlerts(warningsFor(a.emulator.run<SidebarState>('getSidebarState')))).toEqual([]);
    expect(salesAlerts(cells(a, 'Royalties status'))).toEqual([]);
  });
});

async function nightOn90(key: string): Promise<AddOn> {
  const a = await nightlyOn(key);
  nightOn(a, 'last_90_days');
  return a;
}
