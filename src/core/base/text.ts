// Cutting text to a length, in one place: cells, the Status tab, the morning e-mail, the records kept in
// properties and the workbook `npm start` writes all cut the same way, ending in the one "…". Lengths are
// counted as Sheets and Excel count them, in UTF-16 units, or, for what Google's property stores hold, in
// UTF-8 bytes. A cut never falls inside a character: in UTF-16, never between the two halves of a character
// outside the Basic Multilingual Plane (an emoji), which would leave half a character. Intl.Segmenter,
// which knows whole graphemes, is not promised in Apps Script, so a flag or a family emoji may still lose
// its later parts, never be split mid-unit.

/** The mark a cut text ends with. */
export const CUT_MARK = '…';

/** Bytes of text in UTF-8: what Google's 9 KB per property value counts, not characters (an API message in
 * Cyrillic or Japanese takes two or three bytes a character). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** How a length is counted: UTF-16 units (a cell, a workbook) or UTF-8 bytes (a property value). */
export type TextMeasure = 'units' | 'bytes';

/** `text` when it is at most `max` long; else cut at a character's end so that it and the "…" fit in `max`
 * (nothing at all when not even the "…" fits). */
export function cutText(text: string, max: number, measure: TextMeasure = 'units'): string {
  if (measure === 'bytes') return cutBytes(text, max);
  if (text.length <= max) return text;
  if (max < CUT_MARK.length) return '';
  let end = max - CUT_MARK.length;
  const last = text.charCodeAt(end - 1);
  // A high surrogate last: its low half would be cut off, so the whole character goes.
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + CUT_MARK;
}

function cutBytes(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text;
  let room = maxBytes - utf8Length(CUT_MARK);
  if (room < 0) return '';
  let end = 0;
  for (const ch of text) {
    room -= utf8Length(ch);
    if (room < 0) break;
    end += ch.length;
  }
  return text.slice(0, end) + CUT_MARK;
}
