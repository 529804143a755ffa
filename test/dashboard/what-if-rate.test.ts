// Acceptance: a KENP rate the author typed in the dashboard's what-if cell is theirs, whatever the
// dashboard's record of ours says: after a period with no KENP rate (ours was "missing"), and with that record
// gone or unreadable. The built add-on in the emulator, against the demo API over HTTP.
// A rate of ours with more digits than a sheet keeps is still ours, under both readings of how many it keeps.
// Each test has an add-on of its own (key saved, every tab but the history chosen) on the file's demo API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_KEY, WHAT_IF_ROW } from '../../src/core/dashboard/index.ts';
import { TAB_CHOICES } from '../../src/core/tab-ids.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { apiGet, chooseSettings, refresh } from '../tabs/support.ts';
import { dashboardSheet } from './support.ts';

const demoApi = useDemoApi();
let addOn: AddOn;

const TABS = TAB_CHOICES.filter((t) => t !== 'history');

async function startWith(numbersKeep15Digits?: boolean): Promise<void> {
  addOn = await startAddOn({
    api: demoApi(),
    ...(numbersKeep15Digits === undefined ? {} : { emulator: { numbersKeep15Digits } }),
  });
  addOn.saveApiKeyFor();
  chooseSettings(addOn, { tabs: TABS });
}
afterEach(async () => {
  await addOn?.close();
});

const rateCell = () => dashboardSheet(addOn).getRange(WHAT_IF_ROW + 2, 2);
/** The dashboard's record of its last write (developer metadata on its tab), read through the test's view. */
const record = () =>
  dashboardSheet(addOn)
    .getDeveloperMetadata()
    .find((m) => m.getKey() === DASHBOARD_KEY)!;

/** Refreshes once with the demo's /summary of the period chosen (the default one when none is given) but
 * these KENP totals, for every fetch of it in the refresh. */
async function refreshWithKenp(royalties: number, pages: number, range?: string): Promise<void> {
  if (range !== undefined) chooseSettings(addOn, { range, tabs: TABS });
  const summary = await apiGet(addOn, '/summary', range === undefined ? undefined : { range });
  const totals = { ...(summary.totals as object), kenp_royalties: royalties, kenp_pages: pages };
  const body = JSON.stringify({ ...summary, totals });
  await addOn.api.setFaults('/summary', { statuses: [1, 2, 3].map(() => ({ status: 200, body })) });
  expect(refresh(addOn).tabs.find((t) => t.tab === 'dashboard')?.error).toBeNull();
  await addOn.api.clearFaults();
}

describe.each([
  ['keeps 15 significant digits', true],
  ['keeps every digit', false],
])('a rate of ours with 17 significant digits, when a sheet %s', (_, keeps15) => {
  beforeEach(() => startWith(keeps15));

  it("is replaced by the next period's, not taken for the author's", async () => {
    const oldRate = 100 / 30_000; // 0.0033333333333333335: 17 significant digits
    await refreshWithKenp(100, 30_000);
    expect(rateCell().getValue()).toBe(keeps15 ? Number(oldRate.toPrecision(15)) : oldRate);
    expect(JSON.parse(record().getValue()!).rate).toBe(oldRate);
    // A new period, with another rate: ours from the last period gives way to it.
    await refreshWithKenp(200, 30_000, 'last_7_days');
    const newRate = 200 / 30_000;
    expect(rateCell().getValue()).toBe(keeps15 ? Number(newRate.toPrecision(15)) : newRate);
  });
});

describe('the what-if rate the author typed', () => {
  beforeEach(() => startWith());

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
