// Many days at once: the same dates as asking two offsets per day, from far fewer questions, in zones
// whose offsets change often, oddly or never; and nothing asked again when an earlier cell's answers are given.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { midnightInZone, midnightsInZone } from '../../../src/core/formulas/midnight.ts';
import { knownOffsets, offsetAnchors, SAME_OFFSET_SPAN_MS } from '../../../src/core/formulas/offsets.ts';
import { offsetIn, TEST_ZONES, wallClock } from '../../formulas/wall-clock.ts';

const DAY_MS = 86_400_000;

/** A zone's offset function that counts its questions. */
function counted(zone: string): { ask: (ms: number) => number; asked: () => number } {
  const offset = offsetIn(zone);
  let n = 0;
  return {
    ask: (ms) => {
      n += 1;
      return offset(ms);
    },
    asked: () => n,
  };
}

/** Midnight of `iso` on the zone's wall clock or, where the clocks jump over midnight, the jump (the minute
 * before is the day before). Where midnight comes twice (clocks set back to 00:00), either shows the day. */
function expectStartOfDay(date: Date, iso: string, zone: string): void {
  const shown = wallClock(date, zone);
  expect(shown.slice(0, 10)).toBe(iso);
  if (shown !== `${iso} 00:00`)
    expect(wallClock(new Date(date.getTime() - 60_000), zone).slice(0, 10)).not.toBe(iso);
}

const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const run = (from: string, count: number, stepDays = 1) =>
  Array.from({ length: count }, (_, i) => isoOf(utcOf(from) + i * stepDays * DAY_MS));

describe('every day of a table at midnight in the zone', () => {
  it('gives the dates the day-by-day way gives, for runs of days and scattered days alike', () => {
    const start = fc.integer({ min: utcOf('1999-06-01'), max: utcOf('2040-06-01') }).map((ms) => isoOf(ms));
    const piece = fc.record({
      start,
      count: fc.integer({ min: 1, max: 40 }),
      step: fc.constantFrom(1, 1, 2, 7, 30),
    });
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...TEST_ZONES),
        (pieces, zone) => {
          const days = pieces.flatMap((p) => run(p.start, p.count, p.step));
          const dates = midnightsInZone(days, knownOffsets(offsetIn(zone)));
          expect(days.length).toBeGreaterThan(0);
          for (const iso of days) {
            expect(dates.get(iso)?.getTime()).toBe(midnightInZone(iso, offsetIn(zone)).getTime());
            expectStartOfDay(dates.get(iso)!, iso, zone);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds the week of summer time Recife had in October 2000 inside a run of days', () => {
    const days = run('2000-09-20', 60);
    const dates = midnightsInZone(days, knownOffsets(offsetIn('America/Recife')));
    for (const iso of days) expectStartOfDay(dates.get(iso)!, iso, 'America/Recife');
    // 8 October 2000 had no midnight there: the clocks went from 23:59 to 01:00.
    expect(wallClock(dates.get('2000-10-08')!, 'America/Recife')).toBe('2000-10-08 01:00');
  });

  it('asks once per stretch of six days where the offset does not change, twice for a day on its own', () => {
    const daily = run('2026-01-05', 90);
    const zone = counted('Asia/Kolkata');
    midnightsInZone(daily, knownOffsets(zone.ask));
    expect(zone.asked()).toBe(offsetAnchors(daily.map(utcOf)).length);
    // 90 days and the 26 hours a midnight may lie around them, one question per span and one to close.
    const stretch = (utcOf(daily.at(-1)!) - utcOf(daily[0]!)) / DAY_MS + 26 / 24;
    expect(zone.asked()).toBe(Math.ceil((stretch * DAY_MS) / SAME_OFFSET_SPAN_MS) + 1);
    expect(zone.asked()).toBeLessThan(daily.length / 4);

    const monthly = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01'];
    const sparse = counted('Asia/Kolkata');
    midnightsInZone(monthly, knownOffsets(sparse.ask));
    expect(sparse.asked()).toBe(2 * monthly.length);
  });

  it('costs a few more questions per change of offset, not two per day', () => {
    const days = run('2026-09-01', 90); // London leaves summer time on 25 October
    const london = counted('Europe/London');
    midnightsInZone(days, knownOffsets(london.ask));
    const anchors = offsetAnchors(days.map(utcOf)).length;
    expect(london.asked()).toBeGreaterThan(anchors);
    expect(london.asked()).toBeLessThanOrEqual(anchors + 6);
  });

  it('asks nothing when an earlier cell has already learnt the same days', () => {
    const days = run('2026-10-01', 45);
    const first = counted('America/New_York');
    const learnt = knownOffsets(first.ask);
    const dates = midnightsInZone(days, learnt);
    const again = counted('America/New_York');
    const later = midnightsInZone(days, knownOffsets(again.ask, learnt.samples()));
    expect(again.asked()).toBe(0);
    expect([...later]).toEqual([...dates]);
  });
});
