// An instant as the tabs write it: the oracle is the emulator's Utilities.formatDate (local/gas), the very
// call platform/sheet-time.ts makes for a banner, not a second copy of formatInstant.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../local/gas/format-date.ts';
import { formatInstant } from '../../../src/core/base/instants.ts';
import { TEST_ZONES } from '../../formulas/wall-clock.ts';

const AS_TABS_WRITE = 'yyyy-MM-dd HH:mm';

describe('formatInstant', () => {
  it('shows an instant as a tab beside it does, in every kind of zone', () => {
    const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) });
    fc.assert(
      fc.property(instant, fc.constantFrom(...TEST_ZONES), (ms, zone) => {
        const iso = new Date(ms).toISOString();
        expect(formatInstant(iso, zone)).toBe(formatDate(ms, zone, AS_TABS_WRITE));
      }),
      { numRuns: 400 },
    );
  });

  it('says never for no instant, keeps text that is no instant, and names UTC for an unknown zone', () => {
    expect(formatInstant(null, 'Europe/Paris')).toBe('never');
    expect(formatInstant('soon', 'Europe/Paris')).toBe('soon');
    const ms = Date.UTC(2026, 10, 21, 8, 5);
    expect(formatInstant(new Date(ms).toISOString(), 'Mars/Olympus')).toBe(
      `${formatDate(ms, 'UTC', AS_TABS_WRITE)} UTC`,
    );
  });
});
