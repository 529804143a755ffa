// The night when the Spreadsheet service times out from some step of its refresh on and does not come back
// (the emulator's serviceFault('spreadsheetsTimeout', { call: 'Range.setValues', from, thenEveryCall })):
// the tabs written before it hold the night's figures, the others keep theirs; the refresh's record and the
// night's record name each tab not refreshed and why, in the author's words; the morning e-mail still goes
// out and says so plainly. Google's own text reaches none of them.
import { describe, expect, it } from 'vitest';
import type { NightlyRun } from '../../src/core/flows/sidebar-state.ts';
import { BANNER_BACKGROUND } from '../../src/core/tabs/index.ts';
import { startAddOn, useDemoApi } from '../support/addon.ts';
import { ourTabs } from '../tabs/support.ts';

const api = useDemoApi();
const GOOGLE_TEXT = /Service Spreadsheets|document with id|timed out while/;
const PLAIN = /Google took too long/;

describe('the night when the Spreadsheet service times out from a step of its refresh on', () => {
  it('writes what it can, records the rest and e-mails it plainly', async () => {
    await api().clearFaults();
    const addOn = await startAddOn({ api: api() });
    try {
      const { emulator } = addOn;
      addOn.saveApiKeyFor();
      emulator.run('refreshAllTabs');
      emulator.run('setNightlyRefresh', [true, 5]);
      emulator.run('setMorningEmail', ['problems']);
      const trigger = emulator.triggers()[0]!.id;
      const banners = () =>
        new Map(
          [...ourTabs(addOn)].map(([tab, s]) => [
            tab,
            { text: String(s.values[0]?.[0]), failed: s.backgrounds[0]?.[0] === BANNER_BACKGROUND.failed },
          ]),
        );
      const before = banners();
      const mails = emulator.mail.sent().length;
      emulator.clock.advance(24 * 60 * 60 * 1000);

      // Three tabs' values land; from the fourth write on, the service does not answer.
      emulator.switches.serviceFault('spreadsheetsTimeout', {
        call: 'Range.setValues',
        from: 4,
        thenEveryCall: true,
      });
      let thrown: string | null = null;
      try {
        emulator.runTrigger(trigger);
      } catch (err) {
        thrown = (err as Error).message;
      }
      emulator.switches.clearServiceFaults();
      expect(thrown).toBeNull();

      // What it could: some tabs new (a new banner, not the amber one saying the refresh failed), the rest
      // as they were (the service that stopped answering takes an amber banner too) or amber.
      const after = banners();
      expect(after.size).toBe(before.size);
      expect([...before.values()].filter((b) => b.failed)).toEqual([]);
      const renewed = [...after].filter(([tab, b]) => b.text !== before.get(tab)?.text && !b.failed);
      const failed = [...after].filter(([, b]) => b.failed);
      const kept = [...after].filter(([tab, b]) => b.text === before.get(tab)?.text);
      expect(renewed.length).toBeGreaterThanOrEqual(3);
      expect(kept.length).toBeGreaterThan(0);
      expect(renewed.length + failed.length + kept.length).toBe(after.size);

      // The records: each tab not refreshed, and why, in the author's words.
      const record = JSON.parse(emulator.properties.document()['royalties.lastRefresh']!) as {
        ok: boolean;
        problems: string[];
      };
      expect(record.ok).toBe(false);
      const notRefreshed = record.problems.filter((p) => / was not refreshed: /.test(p));
      expect(notRefreshed.length).toBeGreaterThan(0);
      // Each says why (a tab that needed another one, the dashboard the history, says that).
      expect(notRefreshed.filter((p) => PLAIN.test(p)).length).toBeGreaterThan(0);
      const night = emulator.run<{ nightly: { lastRun: NightlyRun } }>('getSidebarState').nightly.lastRun;
      expect(night.ok).toBe(false);
      expect(night.message).toMatch(/tabs? failed/);
      expect(night.message).toMatch(PLAIN);

      // The morning e-mail went out, and says it plainly.
      const sent = emulator.mail.sent().slice(mails);
      expect(sent).toHaveLength(1);
      expect(night.email).toMatch(/sent/i);
      expect(sent[0]!.body).toMatch(/ was not refreshed: /);
      expect(sent[0]!.body).toMatch(PLAIN);
      const seen = [
        ...[...after.values()].map((b) => b.text),
        thrown ?? '',
        JSON.stringify(record),
        JSON.stringify(night),
        sent[0]!.subject,
        sent[0]!.body,
      ];
      expect(seen.filter((t) => GOOGLE_TEXT.test(t))).toEqual([]);
    } finally {
      await addOn.close();
    }
  });
});
