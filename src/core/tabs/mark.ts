// Our mark on a tab (developer metadata on the sheet, so a renamed tab stays ours): which report it holds,
// the column keys of the last write in order (so columns keep their places), the height of the block written
// (so stale rows can be cleared) and when the figures shown were read (for the amber banner).

import { isObject, parseJson } from '../base/unknown';
import { isTabId, type TabId } from '../tab-ids';
import type { TotalsPlace } from './totals';

export const MARK_KEY = 'royalties.tab';

export interface TabMark {
  readonly tab: TabId;
  readonly columns: readonly string[];
  /** Rows of the block last written, banner and header included. */
  readonly blockRows: number;
  /** Epoch ms of the figures shown, or null when the tab never had any. */
  readonly dataAt: number | null;
  /** The id of the sheet the mark was written on: a copy of our tab (Duplicate) carries the mark too, but
   * sits on another sheet, so it is the author's snapshot and is never written. */
  readonly sheetId?: number;
  /** Where the Totals block stands (totals.ts); absent when the tab has none. */
  readonly totals?: TotalsPlace;
  /** The history only: currencies whose backfill got no answer in time, tried again next refresh. */
  readonly backfillDue?: readonly string[];
  /** The history only: written with the public demo key, so its days are the demo account's fictional
   * figures, never to be mixed with an author's own. */
  readonly demo?: true;
  /** The history only: the headers written in row 2, which its columns are checked against before a read. */
  readonly headers?: readonly string[];
  /** A report tab: what its figures are for (`last_30_days USD`), so the next refresh knows what it compares;
   * a year's tab: the sections it keeps, joined by ", " (`by marketplace`, the year so far's rows, read back
   * once the year is past; `months by marketplace`, read back at every refresh). */
  readonly basis?: string;
}

const CUT_SHORT = ', cut short';

/** What a report tab's figures are for, in words kept in its mark (`basis`): `last 30 days, USD`; a tab the
 * API cut short says so, since the books missing from it are not at 0. */
export function figuresBasis(range: string, currency: string | null, truncated = false): string {
  return `${range.replace(/_/g, ' ')}, ${currency || 'currency not sent'}${truncated ? CUT_SHORT : ''}`;
}

/** Whether a mark's `basis` says the API cut those figures short; false when there is none. */
export function isCutShortBasis(basis: string | null | undefined): boolean {
  return (basis || '').endsWith(CUT_SHORT);
}

export function markText(mark: TabMark): string {
  return JSON.stringify({ v: 1, ...mark });
}

/** The strings of a list, or undefined when it is not one. */
function texts(list: unknown): string[] | undefined {
  return Array.isArray(list) ? list.filter((item) => typeof item === 'string') : undefined;
}

/** The place of the Totals block a mark recorded, or undefined for anything else. */
function totalsPlace(raw: unknown): TotalsPlace | undefined {
  if (!isObject(raw)) return undefined;
  const { at } = raw;
  const keys = texts(raw.keys);
  return keys && typeof at === 'number' && Number.isInteger(at) && at >= 1 ? { at, keys } : undefined;
}

/** Reads a mark; anything that is not one of ours (another add-on's metadata, a damaged value) is null. */
export function parseMark(text: string | null): TabMark | null {
  const raw = parseJson(text);
  if (!isObject(raw) || !isTabId(raw.tab)) return null;
  const { blockRows, dataAt, sheetId, basis } = raw;
  const due = texts(raw.backfillDue);
  return {
    tab: raw.tab,
    columns: texts(raw.columns) || [],
    blockRows: typeof blockRows === 'number' && blockRows >= 0 ? Math.floor(blockRows) : 0,
    dataAt: typeof dataAt === 'number' && Number.isFinite(dataAt) ? dataAt : null,
    totals: totalsPlace(raw.totals),
    backfillDue: due?.length ? due : undefined,
    demo: raw.demo === true || undefined,
    sheetId: typeof sheetId === 'number' ? sheetId : undefined,
    headers: texts(raw.headers),
    basis: typeof basis === 'string' ? basis : undefined,
  };
}

/** A name for a new tab that no existing sheet has: the title, else "Title (Royalties)", "Title (Royalties 2)"… */
export function freeTabName(title: string, taken: ReadonlySet<string>): string {
  const lower = new Set([...taken].map((n) => n.toLowerCase()));
  for (let n = 0; ; n++) {
    const name = n ? `${title} (Royalties${n > 1 ? ` ${n}` : ''})` : title;
    if (!lower.has(name.toLowerCase())) return name;
  }
}
