// Flags read for what they say, whatever their JSON type (core/base/flags.ts): plain inputs.
import { describe, expect, it } from 'vitest';
import { flagAsSent, readFlag } from '../../../src/core/base/flags.ts';

describe('a flag', () => {
  it('says yes as true, "true", 1, "yes", whatever the case or spaces', () => {
    for (const value of [true, 'true', 'True', ' TRUE ', 1, 'yes', 'Y', 'on', '1'])
      expect(readFlag(value), JSON.stringify(value)).toBe(true);
  });
  it('says no as their opposites', () => {
    for (const value of [false, 'false', 'False', 0, 'no', 'N', 'off', '0'])
      expect(readFlag(value), JSON.stringify(value)).toBe(false);
  });
  it('is absent when missing, null or empty text', () => {
    for (const value of [undefined, null, '', '  ']) expect(readFlag(value)).toBeUndefined();
  });
  it('is unclear, never false, for anything else', () => {
    for (const value of ['maybe', 2, -1, 0.5, [], {}, 'truee'])
      expect(readFlag(value), JSON.stringify(value)).toBe('unclear');
  });
  it('is quoted as sent, cut short', () => {
    expect(flagAsSent('maybe')).toBe('"maybe"');
    expect(flagAsSent(2)).toBe('2');
    expect(flagAsSent('x'.repeat(60))).toHaveLength(40);
  });
});
