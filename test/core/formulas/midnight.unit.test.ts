import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { midnightInZone, offsetMinutes } from '../../../src/core/formulas/midnight.ts';
import { offsetIn, wallClock } from '../../formulas/wall-clock.ts';

// Zones whose clocks never jump over midnight, so every day has a 00:00 (zone-days.test.ts covers the others).
const ZONES = [
  'Europe/London',
  'America/New_York',
  'Asia/Kolkata',
  'Pacific/Auckland',
  'America/St_Johns',
  'UTC',
];

describe('a calendar day as a sheet date', () => {
  it('is midnight of that day in the spreadsheet zone, across daylight-saving changes', () => {
    const day = fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2040-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.constantFrom(...ZONES), (iso, zone) => {
        const date = midnightInZone(iso, offsetIn(zone));
        expect(wallClock(date, zone)).toBe(`${iso} 00:00`);
      }),
      { numRuns: 300 },
    );
  });

  it('reads Java zone offsets', () => {
    expect(offsetMinutes('+0100')).toBe(60);
    expect(offsetMinutes('-0330')).toBe(-210);
    expect(offsetMinutes('+05:30')).toBe(330);
  });
});
