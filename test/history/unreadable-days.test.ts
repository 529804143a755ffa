// Timeline answers whose days the history cannot take for days: the built bundle in the emulator, the
// demo API serving the shape. The history keeps the figures it had and says why; it never guesses.
// One story: the tests share one add-on, started once in beforeAll, and run in order; a test may rely on what
// those before it left (the ledger of the first refresh). A fresh one per test would cost seconds each (the
// demo API's worker, the emulator loading the bundle, the key check, a refresh).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AddOn } from '../support/addon.ts';
import { apiGet, banner, chooseSettings, ourTab, refresh, rowsOf } from '../tabs/support.ts';
import { ledger, startOnDay } from './support.ts';

const TODAY = '2026-11-20';

let addOn: AddOn;

beforeAll(async () => {
  addOn = await startOnDay(TODAY);
  addOn.saveApiKeyFor();
  await addOn.api.setSettling({ lagDays: 3, ranges: ['last_30_days'] });
  chooseSettings(addOn, { tabs: ['history'] });
});
afterEach(async () => {
  await addOn?.api.clearFaults();
});
afterAll(async () => {
  await addOn?.close();
});

/** The next round-1 timeline (last_30_days) answers `body`. */
async function nextTimeline(body: Record<string, unknown>): Promise<void> {
  await addOn.api.setFaults('/timeline?range=last_30_days', {
    statuses: [{ status: 200, body: JSON.stringify(body), contentType: 'application/json' }],
  });
}

/** The history's line of the Status tab, as text. */
function statusLine(): string[] {
  const status = addOn.emulator.sheetSnapshot('Royalties status').values;
  return status.find((r) => r[0] === 'Royalties history')!.map(String);
}

describe('a timeline the history cannot take day by day', () => {
  it('starts the ledger from a timeline of days', () => {
    expect(refresh(addOn).tabs.map((t) => [t.tab, t.error])).toEqual([['history', null]]);
    expect(ledger(addOn).rows).toHaveLength(30);
  });

  it('refuses an answer that sends a day on two rows (one per platform), keeping the figures it had', async () => {
    const before = ledger(addOn);
    const body = await apiGet(addOn, '/timeline');
    const points = rowsOf(body, 'points');
    const day = String(points[points.length - 1]!.date);
    const split = points.flatMap((p) =>
      p.date === day
        ? [
            { ...p, platform: 'kdp', royalties: 50 },
            { ...p, platform: 'd2d', royalties: 7 },
          ]
        : [p],
    );
    await nextTimeline({ ...body, points: split });
    const error = refresh(addOn).tabs[0]!.error;
    expect(error).toBe(
      `The timeline sent 2 rows for ${day} (one per platform or store, perhaps), so the history cannot tell which is the day's figure: it keeps the figures it had.`,
    );
    expect(statusLine()).toContainEqual(expect.stringContaining(`The timeline sent 2 rows for ${day}`));
    expect(banner(ourTab(addOn, 'history'))).toContain(`The timeline sent 2 rows for ${day}`);
    expect(ledger(addOn).cells).toEqual(before.cells);
  });
});
