// The ledger's first refresh with endpoints that never answer: the backfill spends what is left of the
// refresh's time with the API (core/refresh/time.ts), never a budget of its own. Round 1 loses a minute to
// a hanging report, the read-through (asked apart after a hang, in one round) another, and the reports asked
// again a third to the next hanging report (one named per round); a backfill with its own minute would then
// wait on a hanging `all_time` too and end past the time the refresh may give it. The 30 days round 1 fetched still make the ledger, and the backfill, which got no answer rather
// than a refusal, is asked for again by the next refresh.
// Each test starts an add-on of its own on a demo API shared by the file, its faults and request log cleared.
import { describe, expect, it } from 'vitest';
import { BACKFILL_PERIODS } from '../../src/core/history/backfill.ts';
import { refreshApiDeadline } from '../../src/core/refresh/index.ts';
import { type AddOn, startAddOnWithKey, useDemoApi } from '../support/addon.ts';
import { markOf, refresh } from '../tabs/support.ts';
import { ledger } from './support.ts';

const LIMIT_MS = refreshApiDeadline(0);

const demoApi = useDemoApi();

/** A fresh add-on with the owner's key saved, on the shared API with no faults and an empty request log. */
async function freshAddOn(): Promise<AddOn> {
  const addOn = await startAddOnWithKey(demoApi());
  await addOn.api.clearRequests();
  return addOn;
}

describe("the history's first refresh with endpoints that never answer", () => {
  it("keeps the whole refresh within the API's time and still starts the ledger with the 30 days it has", async () => {
    const addOn = await freshAddOn();
    await addOn.api.setFaults('/reports/books', { hang: true });
    await addOn.api.setFaults('/kenp', { hang: true });
    await addOn.api.setFaults('/series/*/read-through', { hang: true });
    await addOn.api.setFaults('/timeline?range=all_time', { hang: true });
    const start = addOn.emulator.clock.now();
    const result = refresh(addOn);
    const ms = addOn.emulator.clock.now() - start;

    // Every hanging round happened (so the test is not passing by a quick refresh)…
    expect(ms).toBeGreaterThanOrEqual(3 * 60_000);
    // …and the backfill did not add a fourth minute.
    expect(ms).toBeLessThan(LIMIT_MS);
    const history = result.tabs.find((t) => t.tab === 'history')!;
    expect(history.error).toBeNull();
    expect(history.rows).toBe(30);
    expect(new Set(ledger(addOn).rows.map((row) => row.date)).size).toBe(30);
    // The backfill was asked once, in the time the refresh had left, and got no answer: never asked again.
    const asked = (await addOn.api.requests()).filter((r) => r.path === '/timeline');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((r) => r.query.range !== 'last_30_days').length).toBeLessThanOrEqual(1);
    expect(history.note).toMatch(/all_time/);
    // Not a refusal, so the backfill stays due: the next refresh asks again.
    expect(history.note).toContain('the next refresh asks for the longer periods again');
    expect(markOf(ledger(addOn).snapshot)?.backfillDue).toEqual(['USD']);
  });

  it('asks for the longer periods again on the next refresh, and then no more', async () => {
    // A first refresh whose backfill got no answer (a server error for each longer period, quicker than the
    // hang above): the backfill is left due.
    const addOn = await freshAddOn();
    for (const range of BACKFILL_PERIODS)
      await addOn.api.setFaults(`/timeline?range=${range}`, { statuses: new Array(10).fill(503) });
    expect(refresh(addOn).tabs.find((t) => t.tab === 'history')!.error).toBeNull();
    expect(markOf(ledger(addOn).snapshot)?.backfillDue).toEqual(['USD']);
    await addOn.api.clearFaults();
    await addOn.api.clearRequests();
    const result = refresh(addOn);
    const history = result.tabs.find((t) => t.tab === 'history')!;
    expect(history.error).toBeNull();
    const asked = (await addOn.api.requests()).filter((r) => r.path === '/timeline');
    expect(asked.map((r) => r.query.range)).toContain('all_time');
    expect(ledger(addOn).rows.length).toBeGreaterThan(300);
    expect(history.note).not.toContain('asks for the longer periods again');
    expect(markOf(ledger(addOn).snapshot)?.backfillDue).toBeUndefined();

    await addOn.api.clearRequests();
    refresh(addOn);
    const again = (await addOn.api.requests()).filter((r) => r.path === '/timeline');
    expect(again.map((r) => r.query.range)).toEqual(['last_30_days']);
  });
});
