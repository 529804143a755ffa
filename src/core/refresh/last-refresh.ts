// The last refresh in one record: when, by whom (sidebar, menu, night, npm start), its outcome, what is
// wrong and the headline figures. Kept in document properties, so the sidebar reopened the next day says
// what the last refresh did, and the test e-mail shows the figures it would send.

import { type RefreshAlerts, storedRefreshAlerts } from '../alerts/from-refresh';
import { cutText, utf8Length } from '../base/text';
import { isObject, parseJson } from '../base/unknown';
import type { MorningFigures } from '../morning/figures';
import { REFRESH_ORIGINS, type RefreshOrigin } from './origin';

export const LAST_REFRESH_PROPERTY = 'royalties.lastRefresh';
/** Said after a refresh whose record the storage had no room for (the Status tab's words for a cut). */
export const LAST_REFRESH_NOT_KEPT =
  "Add-on storage full, not kept: this refresh's outcome, for the sidebar and the morning e-mail.";
/** Properties hold 9 KB (UTF-8 bytes) per value: the record keeps well inside. */
export const MAX_LAST_REFRESH_BYTES = 8000;
const MAX_PROBLEMS = 12;

function withoutBooks({ moved: _, ...figures }: MorningFigures): MorningFigures {
  return { ...figures, topBooks: [] };
}

export interface LastRefresh {
  /** ISO 8601 instant the refresh finished. */
  readonly at: string;
  readonly by: RefreshOrigin;
  /** Every tab refreshed, none cut short. */
  readonly ok: boolean;
  /** The one-paragraph outcome (refreshMessage). */
  readonly message: string;
  readonly problems: readonly string[];
  readonly figures: MorningFigures | null;
  /** The alerts the figures raised (core/alerts); absent from a refresh that judged none. */
  readonly alerts?: RefreshAlerts;
}

export const REFRESHED_BY_WORDS: Readonly<Record<RefreshOrigin, string>> = {
  menu: 'from the menu',
  sidebar: 'from the sidebar',
  nightly: 'by the nightly refresh',
  local: 'by npm start',
};

/** The first `count` problems, each cut to `chars`, and a last line saying how many were left out. */
function keptProblems(problems: readonly string[], count: number, chars: number): string[] {
  const kept = problems.slice(0, count).map((p) => cutText(p, chars));
  const more = problems.length - kept.length;
  return more > 0 ? [...kept, `${more} more: see the Status tab.`] : kept;
}

/** JSON under the byte budget: when it does not fit, the books, then the days, then the figures are dropped,
 * and the problems shortened, then the outcome; a record that had problems always keeps one (the sidebar
 * would otherwise read "everything refreshed" over reports that do not add up). */
export function lastRefreshToStored(record: LastRefresh, maxBytes = MAX_LAST_REFRESH_BYTES): string {
  const { figures, problems } = record;
  const few = keptProblems(problems, 3, 300);
  const attempts: [string[], MorningFigures | null][] = [
    [keptProblems(problems, MAX_PROBLEMS, Infinity), figures],
    [few, figures && withoutBooks(figures)],
    [few, figures && { ...withoutBooks(figures), days: [] }],
    [few, null],
  ];
  for (const [problems, figures] of attempts) {
    const text = JSON.stringify({ ...record, problems, figures });
    if (utf8Length(text) <= maxBytes) return text;
  }
  const { alerts: _, ...rest } = record;
  let text = '';
  // At the least, the outcome and its first problem cut short: the sidebar's headline is never empty.
  for (const [chars, problem] of [
    [500, 200],
    [160, 80],
  ] as const) {
    const message = cutText(record.message, chars);
    text = JSON.stringify({ ...rest, message, problems: keptProblems(problems, 1, problem), figures: null });
    if (utf8Length(text) <= maxBytes) break;
  }
  return text;
}

/** Our own record read back; anything unreadable is no record rather than a broken sidebar. */
export function lastRefreshFromStored(text: string | null): LastRefresh | null {
  const raw = parseJson(text);
  if (!isObject(raw)) return null;
  const { at, by, ok, message, problems, figures } = raw;
  const alerts = storedRefreshAlerts(raw.alerts);
  if (typeof at !== 'string' || typeof message !== 'string' || typeof ok !== 'boolean') return null;
  if (!(REFRESH_ORIGINS as readonly unknown[]).includes(by)) return null;
  const figuresOk =
    isObject(figures) &&
    Array.isArray(figures.figures) &&
    Array.isArray(figures.days) &&
    Array.isArray(figures.topBooks);
  return {
    at,
    by: by as RefreshOrigin,
    ok,
    message,
    problems: Array.isArray(problems) ? problems.filter((item) => typeof item === 'string') : [],
    figures: figuresOk ? (figures as unknown as MorningFigures) : null,
    ...(alerts && { alerts }),
  };
}
