// The alerts' records in the installed add-on's metadata room (ROYALTIES_ROUTE=addon), through its built
// bundle: the room of a spreadsheet's metadata is shared (30,000 characters as reported, UNCONFIRMED:
// docs/google-rules.md), so what the night raised and the books' sales baseline are counted in the room
// check with the status book and cut to fit: the raised record first (the morning e-mail's), then the
// baseline's best sellers, the Status tab saying what was cut. Never a record dropped whole for growing,
// never a failed night.
import { afterEach, expect, it } from 'vitest';
import { ALERTS_RAISED_PROPERTY } from '../../src/core/alerts/raised.ts';
import { SALES_BASELINE_PROPERTY } from '../../src/core/alerts/sales-stop.ts';
import type { NightlyRun } from '../../src/core/flows/sidebar-state.ts';
import { STATUS_PROPERTY } from '../../src/core/refresh/index.ts';
import { tabTitle } from '../../src/core/tab-ids.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { installedAddOnDist } from '../support/bundles.ts';

let addOn: AddOn | undefined;
afterEach(async () => {
  await addOn?.close();
  addOn = undefined;
});

const stored = (a: AddOn) =>
  new Map(a.emulator.spreadsheet.getDeveloperMetadata().map((m) => [m.getKey(), m.getValue() ?? '']));
const size = (entries: Map<string, string>) =>
  [...entries].reduce((n, [key, value]) => n + key.length + value.length, 0);
const keys = (text: string | undefined) =>
  Object.keys(JSON.parse(text ?? '{}').books ?? JSON.parse(text ?? '{}'));

it('cuts the alerts records to the room left, the raised record whole first', {
  timeout: 120_000,
}, async () => {
  const a = await startAddOn({ distDir: await installedAddOnDist(), emulator: { deployment: 'addon' } });
  addOn = a;
  a.emulator.run('useDemoKey');
  a.emulator.run('setNightlyRefresh', [true, 5]);
  const trigger = a.emulator.triggers().find((t) => t.handler === 'nightlyRefresh')!.id;
  const night = () => {
    a.emulator.clock.advance(24 * 60 * 60_000);
    return a.emulator.runTrigger(trigger) as NightlyRun;
  };
  expect(night().ok).toBe(true);
  expect(String(a.emulator.sheetSnapshot(tabTitle('status')).values[0]![0])).not.toContain('storage full');
  const before = stored(a);
  const baselineBooks = keys(before.get(SALES_BASELINE_PROPERTY)).length;
  expect(baselineBooks).toBeGreaterThan(5);
  expect(keys(before.get(ALERTS_RAISED_PROPERTY))).toHaveLength(3);

  // Lines at 1%, 2%, 3% raise every series and book; another add-on leaves 100 characters free.
  a.emulator.run('saveAlertLines', [{ adsNote: 1, adsWarning: 2, adsAlarm: 3 }]);
  const other = 30_000 - size(stored(a)) - 100 - 'another.addon'.length;
  a.emulator.spreadsheet.addDeveloperMetadata('another.addon', 'x'.repeat(other));
  expect(night().ok).toBe(true);

  const after = stored(a);
  expect(size(after)).toBeLessThanOrEqual(30_000);
  expect(after.get('another.addon')).toHaveLength(other);
  expect(after.has(STATUS_PROPERTY)).toBe(true);
  // Every series and standalone book is told once: all five remembered.
  expect(keys(after.get(ALERTS_RAISED_PROPERTY))).toHaveLength(5);
  // The baseline gave up its slowest sellers for it, and keeps the rest.
  const kept = keys(after.get(SALES_BASELINE_PROPERTY)).length;
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(baselineBooks);
  // The Status tab says what the room cut: the baseline, not the raised record kept whole.
  const banner = String(a.emulator.sheetSnapshot(tabTitle('status')).values[0]![0]);
  expect(banner).toContain("Add-on storage full, not kept whole: the books' usual sales.");
  expect(banner).not.toContain('the alerts told');
});
