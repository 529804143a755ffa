// Cutting text to a length, in one place: cells, the Status tab, the morning e-mail and the workbook
// `npm start` writes all cut the same way. Lengths are counted as Sheets and Excel count them, in UTF-16
// units; a cut never falls between the two halves of a character outside the Basic Multilingual Plane (an
// emoji), which would leave half a character. Intl.Segmenter, which knows whole graphemes, is not promised
// in Apps Script, so a flag or a family emoji may still lose its later parts, never be split mid-unit.

/** The mark a cut text ends with. */
export const CUT_MARK = '…';

/** `text` when it is at most `max` units long; else cut so that it and the "…" fit in `max`. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - CUT_MARK.length);
  const last = text.charCodeAt(end - 1);
  // A high surrogate last: its low half would be cut off, so the whole character goes.
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + CUT_MARK;
}
