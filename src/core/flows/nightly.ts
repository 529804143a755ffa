// The nightly refresh in the author's words: which hour, and the one-line outcome the sidebar and the
// Status tab show in the morning (add-on triggers send no failure email, so this record is the only news).

import { OPEN_SIDEBAR, plural, sentence, TRUNCATION_WARNING } from '../base/phrases';
import { cutText, utf8Length } from '../base/text';
import { isObject, parseJson } from '../base/unknown';
import { mismatches, notAddingUp } from '../checks';
import { tabName } from '../refresh/problems';
import type { RefreshResult } from '../refresh/result';
import { failedAndTruncated } from '../refresh/status';
import type { Banner } from '../tabs';
import type { NightlyRun } from './sidebar-state';

export const DEFAULT_NIGHTLY_HOUR = 5;
/** Document properties: every editor sees the last night's outcome, whoever's trigger ran. */
export const NIGHTLY_RUN_PROPERTY = 'royalties.nightly.lastRun';

/** A whole hour 0–23; anything else is refused with what is accepted. */
export function nightlyHour(value: unknown): number {
  const hour = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof hour !== 'number' || !Number.isInteger(hour) || hour < 0 || hour > 23) {
    throw new Error(`"${String(value).slice(0, 20)}" is not an hour: choose a whole hour from 0 to 23.`);
  }
  return hour;
}

/** A refresh's result, or as much of it as its message reads: the tabs, and the checks when there are any. */
type RefreshTabs = Pick<RefreshResult, 'tabs'> & Partial<RefreshResult>;

/** A few sentences for a finished refresh: how many tabs, which failed and why (the rest were refreshed),
 * which may be incomplete. The per-tab detail is the Status tab's: the nightly record keeps only these. */
export function refreshMessage(result: RefreshTabs): string {
  const { tabs } = result;
  const { failed, truncated } = failedAndTruncated(tabs);
  const [first, ...more] = mismatches(result.checks || []);
  return [
    failed.length
      ? `${failed.length} of ${plural(tabs.length, 'tab')} failed.`
      : `Refreshed ${plural(tabs.length, 'tab')}.`,
    ...failed.map((t) => `${tabName(t)}: ${sentence(t.error!)}`),
    truncated.length > 0 && `${truncated.map(tabName).join(', ')}: ${TRUNCATION_WARNING}`,
    first && `${notAddingUp(first)}${more.length ? ` ${more.length} more in Checks on the status tab.` : ''}`,
  ]
    .filter(Boolean)
    .join(' ');
}

export function runFromRefresh(result: RefreshTabs, at: string): NightlyRun {
  return {
    at,
    ok: result.tabs.every((t) => !t.error),
    message: refreshMessage(result),
  };
}

export const REAUTHORISE_MESSAGE = `The nightly refresh could not run: the add-on needs your permission again. Open ${OPEN_SIDEBAR} to re-authorise it.`;

/** A run that found no active spreadsheet (Google documents none for clock triggers; docs/google-rules.md). */
export const NO_SPREADSHEET_AT_NIGHT =
  'The nightly refresh ran with no spreadsheet open to it, so nothing was refreshed.';

const COULD_NOT_OPEN = 'The nightly refresh could not open this spreadsheet';

/**
 * An add-on's night whose spreadsheet could not be opened by id. A failure can be passing (a service
 * error), so the first keeps the trigger and the second night running turns the nightly refresh off.
 */
export function spreadsheetGoneMessage(reason: string, turnedOff: boolean): string {
  const next = turnedOff
    ? 'It failed two nights running, so it was turned off: turn it on in the sidebar once you can open the spreadsheet.'
    : 'It will try again tomorrow night, and turn itself off if that fails too.';
  return `${COULD_NOT_OPEN} (deleted, or no longer shared with you: ${reason}). ${next}`;
}

/** Whether a night's record says its spreadsheet could not be opened. */
export function couldNotOpen(run: NightlyRun | null): boolean {
  return run?.message.startsWith(COULD_NOT_OPEN) ?? false;
}

/** A night that did not refresh: REAUTHORISE_MESSAGE, NIGHT_FAILED and a reason, or another sentence. */
export function failedRun(at: string, message: string): NightlyRun {
  return { at, ok: false, message };
}

export const NIGHT_FAILED = 'The nightly refresh failed: ';

/** Reads the stored record; anything unreadable counts as no record rather than breaking the sidebar. */
export function nightlyRunFromStored(json: string | null): NightlyRun | null {
  const raw = parseJson(json);
  if (!isObject(raw)) return null;
  const { at, ok, message, email } = raw;
  if (typeof at !== 'string' || typeof ok !== 'boolean' || typeof message !== 'string') return null;
  return { at, ok, message, ...(typeof email === 'string' && { email }) };
}

/** Properties hold at most 9 KB (UTF-8 bytes) per value: the record stays well inside it, whatever the
 * language of its message. */
export const MAX_STORED_BYTES = 8000;

export function nightlyRunToStored(run: NightlyRun): string {
  // JSON escapes (quotes, line breaks) add bytes: cut again until the stored text fits.
  for (let budget = MAX_STORED_BYTES - 100; ; budget = Math.floor(budget / 2)) {
    const email = run.email && cutText(run.email, Math.floor(budget / 4), 'bytes');
    const text = JSON.stringify({ ...run, message: cutText(run.message, budget, 'bytes'), email });
    if (utf8Length(text) <= MAX_STORED_BYTES || budget === 0) return text;
  }
}

/** The Status tab's banner for a night that did not refresh; `ranAt`: the run's instant in sheet time. */
export function unrunBanner(run: NightlyRun, ranAt: string): Banner {
  return { text: `Nightly refresh ${ranAt}: ${run.message}`, tone: 'failed' };
}

/** The Status tab's banner as the night's refresh wrote it, with what became of the morning e-mail. */
export function withMorningEmail(banner: string, sentence: string): string {
  return `${banner} Morning e-mail: ${sentence}`;
}
