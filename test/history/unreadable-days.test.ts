// Timeline answers whose days the history cannot take for days: the built bundle in the emulator, the
// demo API serving the shape. The history keeps the figures it had and says why; it never guesses.
// Each test starts an add-on of its own (the first one before its first refresh, the others with the ledger of
// a first refresh), on a demo API shared by the file.
import { describe, expect, it } from 'vitest';
import { type AddOn, useDemoApi } from '../support/addon.ts';
import { apiGet, banner, ourTab, refresh, rowsOf } from '../tabs/support.ts';
import { historyAfter, historyNote, ledger, startHistory } from './support.ts';

const demoApi = useDemoApi();

/** The next round-1 timeline (last_30_days) answers `body`. */
async function nextTimeline(addOn: AddOn, body: Record<string, unknown>): Promise<void> {
  await addOn.api.setFaults('/timeline?range=last_30_days', {
    statuses: [{ status: 200, body: JSON.stringify(body), contentType: 'application/json' }],
  });
}

/** The history's line of the Status tab, as text. */
function statusLine(addOn: AddOn): string[] {
  const status = addOn.emulator.sheetSnapshot('Royalties status').values;
  return status.find((r) => r[0] === 'Royalties history')!.map(String);
}

describe('a timeline the history cannot take day by day', () => {
  it('starts the ledger from the 30 days, taking no days from a backfill answered by month', async () => {
    const { addOn } = await startHistory(demoApi());
    const body = await apiGet(addOn, '/timeline');
    const months = ['2025-01-01', '2025-02-01', '2025-03-01'].map((date) => ({ date, royalties: 3400 }));
    await addOn.api.setFaults('/timeline?range=all_time', {
      statuses: [
        {
          status: 200,
          body: JSON.stringify({ ...body, interval: 'month', points: months }),
          contentType: 'application/json',
        },
      ],
    });
    expect(refresh(addOn).tabs.map((t) => [t.tab, t.error])).toEqual([['history', null]]);
    const dates = ledger(addOn).rows.map((r) => r.date);
    expect(dates).toEqual(rowsOf(body, 'points').map((p) => p.date));
    expect(historyNote(addOn)).toContain(
      'the API did not give last_365_days, last_90_days; the answer for all_time was passed over: The timeline\'s points are by "month", not by day',
    );
  });

  it('refuses an answer that sends a day on two rows (one per platform), keeping the figures it had', async () => {
    const { addOn } = await historyAfter(demoApi(), 0);
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
    await nextTimeline(addOn, { ...body, points: split });
    const error = refresh(addOn).tabs[0]!.error;
    expect(error).toBe(
      `The timeline sent 2 rows for ${day} (one per platform or store, perhaps), so the history keeps the figures it had.`,
    );
    expect(statusLine(addOn)).toContainEqual(expect.stringContaining(`The timeline sent 2 rows for ${day}`));
    expect(banner(ourTab(addOn, 'history'))).toContain(`The timeline sent 2 rows for ${day}`);
    expect(ledger(addOn).cells).toEqual(before.cells);
  });

  it('refuses points that are all on the first of a month, keeping the figures it had', async () => {
    const { addOn } = await historyAfter(demoApi(), 0);
    const before = ledger(addOn);
    const body = await apiGet(addOn, '/timeline');
    const points = [
      { date: '2026-10-01', royalties: 3400 },
      { date: '2026-11-01', royalties: 2900 },
    ];
    await nextTimeline(addOn, { ...body, points });
    const error = refresh(addOn).tabs[0]!.error;
    expect(error).toBe(
      "The timeline's points are all on the first of a month (2026-10-01 to 2026-11-01), like months, so the history keeps the figures it had.",
    );
    expect(ledger(addOn).cells).toEqual(before.cells);
  });

  it('refuses points the answer says are by month, keeping the figures it had', async () => {
    const { addOn } = await historyAfter(demoApi(), 0);
    const before = ledger(addOn);
    const body = await apiGet(addOn, '/timeline');
    await nextTimeline(addOn, { ...body, granularity: 'monthly' });
    expect(refresh(addOn).tabs[0]!.error).toBe(
      'The timeline\'s points are by "monthly", not by day, so the history keeps the figures it had.',
    );
    expect(ledger(addOn).cells).toEqual(before.cells);
  });
});
