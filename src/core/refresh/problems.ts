// Everything wrong that the morning e-mail puts first: tabs that failed or were cut short, checks that do
// not add up, platforms disconnected or stale, a night that could not run. One sentence each, in the
// author's words; the per-tab detail stays in the Status tab.
import { accountView, type PlatformView } from '../api';
import { sentence, TRUNCATION_WARNING } from '../base/phrases';
import { cutText } from '../base/text';
import { isStale } from '../freshness';
import { tabTitle } from '../tab-ids';
import type { Fetched } from '../tabs';
import type { TabOutcome } from './result';
import { failedAndTruncated } from './status';

/** A message from an API or a service can be long: the e-mail keeps each to a readable length. */
const MAX_PROBLEM_CHARS = 400;

/** The tab's sheet, else (a tab that failed before it had one) what the author calls it. */
export function tabName(t: TabOutcome): string {
  return t.sheetName || tabTitle(t.tab);
}

/** A disconnected or stale platform in one sentence (null when neither): the e-mail, the refresh's record
 * and the sidebar's warnings all say it in these words, so the sidebar shows it once. */
export function platformProblem(p: PlatformView, stale: boolean): string | null {
  const name = p.name || p.platformId || 'A platform';
  if (!p.connected) return `${name} is disconnected: reconnect it in your royalties account.`;
  const through = p.coveredThrough ? ` (data through ${p.coveredThrough})` : '';
  return stale ? `${name}'s figures are out of date${through}.` : null;
}

/** Disconnected and stale platforms, from the /account response the refresh fetched. */
export function platformProblems(account: Fetched | undefined, nowMs: number): string[] {
  let platforms: ReturnType<typeof accountView>['platforms'] = [];
  try {
    if (account?.ok) platforms = accountView(account.data).platforms;
  } catch {
    // An account answer that cannot be read names no platform.
  }
  return platforms.flatMap((p) => platformProblem(p, isStale(p, nowMs)) ?? []);
}

interface ProblemSources {
  /** The refresh's tabs; absent when the night could not refresh. */
  readonly tabs?: readonly TabOutcome[];
  readonly statusError?: string;
  readonly platforms?: readonly string[];
  /**
   * The reconciliation's "checks that do not add up" (a report whose rows do not sum to its totals, a
   * period that does not match): each a sentence. Empty until the refresh reports them.
   */
  readonly checksThatDoNotAddUp?: readonly string[];
  /** Why the night could not run (no spreadsheet, re-authorisation needed, a failure). */
  readonly night?: string;
  readonly figuresUnread?: string | null;
}

/** The problems in the order the e-mail lists them: the night first, then tabs, checks, platforms. */
export function morningProblems(sources: ProblemSources): string[] {
  const { night, statusError, checksThatDoNotAddUp = [], platforms = [], figuresUnread } = sources;
  const { failed, truncated } = failedAndTruncated(sources.tabs || []);
  const all = [
    night,
    ...failed.map((t) => `${tabName(t)} was not refreshed: ${sentence(t.error!)}`),
    ...truncated.map((t) => `${tabName(t)} may be incomplete: ${TRUNCATION_WARNING}`),
    statusError,
    ...checksThatDoNotAddUp,
    ...platforms,
    // A tab that failed says why the figures are missing.
    failed.length ? null : figuresUnread,
  ];
  return [
    ...new Set(all.filter((p): p is string => !!p).map((p) => cutText(sentence(p), MAX_PROBLEM_CHARS))),
  ];
}
