// The one text cutter: within its length in UTF-16 units or UTF-8 bytes, with a visible "…", and never
// half a character.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUT_MARK, cutText, utf8Length } from '../../../src/core/base/text.ts';

describe('cutText', () => {
  it('leaves text that fits as it is', () => {
    expect(cutText('short', 5)).toBe('short');
    expect(cutText('', 0)).toBe('');
  });

  it('cuts longer text to the length, the mark included', () => {
    expect(cutText('abcdefgh', 5)).toBe(`abcd${CUT_MARK}`);
    expect(cutText('abcdefgh', 5)).toHaveLength(5);
  });

  it('never splits an emoji between its two halves', () => {
    // The cut at 4 units would keep the dragon's first half: the whole dragon goes instead.
    const cut = cutText('ab🐉cdef', 4);
    expect(cut).toBe(`ab${CUT_MARK}`);
    expect(/[\ud800-\udbff](?![\udc00-\udfff])/.test(cut)).toBe(false);
    // Where the cut falls after the whole emoji, it stays.
    expect(cutText('ab🐉cdef', 5)).toBe(`ab🐉${CUT_MARK}`);
  });

  it('gives nothing when not even the mark fits', () => {
    expect(cutText('abc', 0)).toBe('');
    expect(cutText('abc', 2, 'bytes')).toBe('');
  });
});

describe('cutText in UTF-8 bytes (what a property value holds)', () => {
  it('counts bytes, not characters, and the mark as its three bytes', () => {
    expect(cutText('Привет', 12, 'bytes')).toBe('Привет');
    expect(cutText('Привет', 11, 'bytes')).toBe(`Прив${CUT_MARK}`);
    expect(cutText('ab🐉cdef', 8, 'bytes')).toBe(`ab${CUT_MARK}`);
    expect(cutText('ab🐉cdef', 9, 'bytes')).toBe(`ab🐉${CUT_MARK}`);
  });

  it('keeps within the bytes, whole characters, and as much of the text as fits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.nat(120), (text, max) => {
        const cut = cutText(text, max, 'bytes');
        expect(utf8Length(cut)).toBeLessThanOrEqual(max);
        if (cut === text) return;
        if (cut === '') return void expect(max).toBeLessThan(utf8Length(CUT_MARK));
        const kept = cut.slice(0, -CUT_MARK.length);
        expect(text.startsWith(kept)).toBe(true);
        expect(/[\ud800-\udbff]$/.test(kept)).toBe(false);
        // One more character of the text would not have fitted.
        const next = String.fromCodePoint(text.codePointAt(kept.length)!);
        expect(utf8Length(kept + next + CUT_MARK)).toBeGreaterThan(max);
      }),
    );
  });
});
