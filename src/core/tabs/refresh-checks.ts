// The reconciliation of one refresh (core/checks): built from every report the refresh read, chosen tab
// or not (the dashboard's sources included), so no request is added for it; and what it leaves behind,
// the checks that do not add up, kept small enough for one document property.

import { cutText, utf8Length } from '../base/text';
import { isObject, parseJson } from '../base/unknown';
import { type Check, mismatches, type ReconcileTables, reconcile } from '../checks';
import { ENDPOINT_IDS, type EndpointId, showsPeriod } from '../endpoints';
import { type Fetched, type ReadThroughFetched, type TabContent, tabContents } from './contents';

/** Document properties: the last refresh's checks that did not add up, for the sidebar's warnings. */
export const CHECKS_PROPERTY = 'royalties.checks';

/** The reports reconciliation reads, besides the read-through (round 2): every report whose figures follow
 * the period. */
export const RECONCILED = ENDPOINT_IDS.filter((id) => showsPeriod(id) && id !== 'read-through');

/** `contents`: the tables the tabs already made (each response is read once); the rest read here. */
export function refreshChecks(
  contents: readonly TabContent[],
  firstRound: ReadonlyMap<EndpointId, Fetched>,
  readThrough: ReadThroughFetched | undefined,
): Check[] {
  const tables: ReconcileTables = {};
  const missing = [...RECONCILED, 'read-through' as const].filter(
    (tab) =>
      !contents.some((c) => c.tab === tab) && (tab === 'read-through' ? readThrough : firstRound.has(tab)),
  );
  for (const content of [...contents, ...tabContents(missing, firstRound, readThrough)]) {
    tables[content.tab] = content.kind === 'table' ? content.table : 'failed';
  }
  const readThroughTable = tables['read-through'];
  return reconcile(tables, readThroughTable && readThroughTable !== 'failed' ? readThroughTable : null);
}

export type StoredMismatch =
  | {
      readonly subject: string;
      readonly text: string;
      /** On the last one kept: how many more did not fit (the Status tab's Checks has them all). */
      readonly more?: number;
    }
  /** Not even one fitted: how many do not add up, alone, so the sidebar still says so. */
  | { readonly more: number };

/** The mismatches as one property value: whole ones first, cut to fit `maxBytes` (UTF-8; the Status tab
 * passes what its 9 KB property has room for); the last one kept counts those left out, and when none fits
 * the count is kept alone (at its shortest: `mismatchesText(checks, 0)`). */
export function mismatchesText(checks: readonly Check[], maxBytes: number): string {
  const all = mismatches(checks);
  const kept: StoredMismatch[] = [];
  for (const check of all) {
    kept.push({ subject: cutText(check.subject, 300, 'bytes'), text: cutText(check.text, 700, 'bytes') });
    // Room kept for the count.
    if (utf8Length(JSON.stringify(kept)) > maxBytes - 16) {
      kept.pop();
      break;
    }
  }
  const more = all.length - kept.length;
  if (more > 0) kept.push({ ...kept.pop(), more });
  return JSON.stringify(kept);
}

export function storedMismatches(json: string | null): StoredMismatch[] {
  const raw = parseJson(json);
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((m): StoredMismatch[] => {
    if (!isObject(m)) return [];
    if (typeof m.subject === 'string' && typeof m.text === 'string') return [m as StoredMismatch];
    return typeof m.more === 'number' ? [{ more: m.more }] : [];
  });
}
