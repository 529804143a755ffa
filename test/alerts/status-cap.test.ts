// The Status tab's Alerts block on a large account, through the built bundle in the emulator: a catalogue
// of 600 books spending forty times the demo's on ads raises far more alerts than a tab should list; the
// block lists the most serious 25, then how many more and where every one is (the dashboard's table).
import { afterEach, expect, it } from 'vitest';
import { type AddOn, startAddOn } from '../support/addon.ts';

const LARGE_KEY = 'rfs_live_largecatalog2026';
const MOST_LISTED = 25;

let addOn: AddOn | undefined;
afterEach(async () => {
  await addOn?.close();
  addOn = undefined;
});

const lastText = (row: readonly string[]) => row.filter((c) => c !== '').at(-1);

/** The rows of a block that starts with `header` in its first cell, up to the first empty row. */
function block(values: readonly (readonly unknown[])[], header: (first: string) => boolean): string[][] {
  const start = values.findIndex((r) => header(String(r[0])));
  expect(start, 'the block is there').toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const row of values.slice(start + 1)) {
    if (row.every((c) => c === '' || c === null)) break;
    rows.push(row.map(String));
  }
  return rows;
}

it('lists the 25 most serious alerts, then how many more and where they are', {
  timeout: 180_000,
}, async () => {
  addOn = await startAddOn({
    demo: {
      accounts: [
        { key: LARGE_KEY, adSpend: 40, scale: { books: 600, marketplaces: 3, years: 1, series: 20 } },
      ],
    },
  });
  addOn.saveApiKeyFor(undefined, LARGE_KEY);
  addOn.emulator.run('refreshAllTabs');
  // The dashboard's table: a header row, then every alert.
  const every = block(addOn.emulator.sheetSnapshot('Royalties dashboard').values, (c) =>
    c.startsWith('Alerts ('),
  ).slice(1);
  expect(every.length).toBeGreaterThan(MOST_LISTED + 10);

  const status = addOn.emulator.sheetSnapshot('Royalties status').values;
  const listed = block(status, (c) => c === 'Alerts');
  expect(listed).toHaveLength(MOST_LISTED + 1);
  const more = listed.at(-1)!;
  expect(more[0]).toBe(`and ${every.length - MOST_LISTED} more`);
  expect(lastText(more)).toMatch(
    /^(\d+ (alarms?|warnings?|notes?)(, )?)+: every alert is in the dashboard's Alerts table\.$/,
  );
  // The worst first: no listed alert is less serious than one left out.
  const rank = (level: string) => ['Note', 'Warning', 'Alarm'].indexOf(level);
  const leastListed = Math.min(...listed.slice(0, MOST_LISTED).map((r) => rank(r[1]!)));
  const listedTexts = new Set(listed.map(lastText));
  const left = every.filter((r) => !listedTexts.has(r[2]));
  expect(left).toHaveLength(every.length - MOST_LISTED);
  expect(Math.max(...left.map((r) => rank(r[1]!)))).toBeLessThanOrEqual(leastListed);
});
