// Offsets from a zone's own formatting of an instant.
import { describe, expect, it } from 'vitest';
import { offsetsFrom } from '../../../src/core/flows/zone-offsets.ts';

describe("a zone's offsets", () => {
  it('reads the "Z" pattern as minutes east of UTC, for the instant asked', () => {
    const asked: number[] = [];
    const offsets = offsetsFrom((ms) => {
      asked.push(ms);
      return ms < 100 ? '+0100' : '-0430';
    });
    expect(offsets(1)).toBe(60);
    expect(offsets(200)).toBe(-270);
    expect(asked).toEqual([1, 200]);
  });
});
