// The night when the Spreadsheet service times out from some step of its refresh on and does not come back
// (the emulator's serviceFault('spreadsheetsTimeout', { call: 'Range.setValues', from, thenEveryCall })):
// the tabs written before it hold the night's figures, the others keep theirs; the refresh's record and the
// night's record name each tab not refreshed and why, in the author's words; the morning e-mail still goes
// out and says so plainly. Google's own text reaches none of them.
import { describe, expect, it } from 'vitest';
import type { NightlyRun } from '../../src/core/flows/sidebar-state.ts';
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
      const banners = () => new Map([...ourTabs(addOn)].map(([tab, s]) => [tab, String(s.values[0]?.[0])]));
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

      // What it could: some tabs new, the rest as they were.
      const after = banners();
      const renewed = [...after].filter(([tab, text]) => text !== before.get(tab));
      expect(renewed.length).toBeGreaterThanOrEqual(3);
      expect(renewed.length).toBeLessThan(after.size);

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
