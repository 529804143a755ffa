// The one text cutter: within its length, with a visible "…", and never half an emoji.
import { describe, expect, it } from 'vitest';
import { CUT_MARK, cutText } from '../../../src/core/base/text.ts';

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
});
