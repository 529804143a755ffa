// Acceptance: a KENP rate the author typed in the dashboard's what-if cell is theirs, whatever the
// dashboard's record of ours says: after a period with no KENP rate (ours was "missing"), and with that record
// gone or unreadable. The built add-on in the emulator, against the demo API over HTTP.
// Each test has an add-on of its own (key saved, every tab but the history chosen) on the file's demo API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_KEY, WHAT_IF_ROW } from '../../src/core/dashboard/index.ts';
import { TAB_CHOICES } from '../../src/core/tab-ids.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { apiGet, chooseSettings, refresh } from '../tabs/support.ts';
import { dashboardSheet } from './support.ts';

const demoApi = useDemoApi();
let addOn: AddOn;

beforeEach(async () => {
  addOn = await startAddOn({ api: demoApi() });
  addOn.saveApiKeyFor();
  chooseSettings(addOn, { tabs: TAB_CHOICES.filter((t) => t !== 'history') });
});
afterEach(async () => {
  await addOn?.close();
});

const rateCell = () => dashboardSheet(addOn).getRange(WHAT_IF_ROW + 2, 2);
/** The dashboard's record of its last write (developer metadata on its tab), read through the test's view. */
const record = () =>
  dashboardSheet(addOn)
    .getDeveloperMetadata()
    .find((m) => m.getKey() === DASHBOARD_KEY)!;

describe('the what-if rate the author typed', () => {
  it('survives a refresh after a period with no KENP rate', async () => {
    // No KENP pages read this period: no rate per page, the cell says "missing".
    const summary = await apiGet(addOn, '/summary');
    const noPages = JSON.stringify({ ...summary, totals: { ...(summary.totals as object), kenp_pages: 0 } });
    await addOn.api.setFaults('/summary', {
      statuses: [1, 2, 3].map(() => ({ status: 200, body: noPages })),
    });
    expect(refresh(addOn).tabs.find((t) => t.tab === 'dashboard')?.error).toBeNull();
    await addOn.api.clearFaults();
    expect(rateCell().getValue()).toBe('missing');
    expect(JSON.parse(record().getValue()!).rate).toBeNull();
    rateCell().setValue(0.0045);
    // The next refresh has a rate again: the author's stays.
    refresh(addOn);
    expect(rateCell().getValue()).toBe(0.0045);
  });

  it('survives a refresh when the record of our last rate is gone or unreadable', () => {
    refresh(addOn); // the dashboard drawn once
    const ours = rateCell().getValue();
    expect(typeof ours).toBe('number');
    const damages = [
      (m: GoogleAppsScript.Spreadsheet.DeveloperMetadata) => m.remove(),
      (m: GoogleAppsScript.Spreadsheet.DeveloperMetadata) => m.setValue('not json'),
    ];
    for (const damage of damages) {
      rateCell().setValue(0.0045);
      damage(record());
      refresh(addOn);
      expect(rateCell().getValue()).toBe(0.0045);
    }
    // A formula of theirs stays a formula; cleared, the cell is this period's rate again.
    rateCell().setFormula('=0.9/200');
    refresh(addOn);
    expect(rateCell().getFormula()).toBe('=0.9/200');
    rateCell().setValue('');
    refresh(addOn);
    expect(rateCell().getValue()).toBe(ours);
  });
});
