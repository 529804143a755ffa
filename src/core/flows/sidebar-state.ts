// The JSON the sidebar and the server exchange. Both sides import these types (the sidebar cannot see
// platform code), so a change here fails typecheck on whichever side falls behind. Plain data only:
// everything crosses google.script.run, which carries JSON-like values, never class instances.

import type { AccountSummary } from '../freshness';
import type { MorningEmailMode } from '../morning/mode';
import type { MissingPermission } from '../permissions';
import type { LastRefresh } from '../refresh/last-refresh';
import type { RefreshProgress } from '../refresh/progress';
import type { StatusBook } from '../refresh/status';
import type { RoyaltiesSettings } from '../settings';
import type { StoredMismatch } from '../tabs/refresh-checks';

// Where the stale platforms are decided, beside the rule; the sidebar's state carries them.
export type { AccountSummary, PlatformState } from '../freshness';

/** The last nightly run, kept in document properties so every editor sees it in the morning. */
export interface NightlyRun {
  /** ISO 8601 instant the run finished. */
  readonly at: string;
  readonly ok: boolean;
  /** One plain sentence: what happened, or what to do. */
  readonly message: string;
  /** What became of the morning e-mail (sent, or why not); absent when none was due. */
  readonly email?: string;
}

export interface NightlyState {
  /** Whether the current user has a nightly trigger on this spreadsheet. */
  readonly enabled: boolean;
  /** The hour chosen (0–23), or the default when never chosen. */
  readonly hour: number;
  /** The spreadsheet's time zone, which the hour is in (the trigger is made with inTimezone). */
  readonly timeZone: string;
  readonly lastRun: NightlyRun | null;
  /** This user's morning e-mail after the nightly refresh: off, only when something is wrong, every morning. */
  readonly morningEmail: MorningEmailMode;
}

export interface SidebarState {
  readonly keySaved: boolean;
  /** Null when no key is saved or the account could not be read (then `accountError` says why). */
  readonly account: AccountSummary | null;
  readonly accountError: string | null;
  readonly settings: RoyaltiesSettings;
  readonly isOwner: boolean;
  /** Whether formulas may use the owner's key; null when the current user cannot know (not the owner). */
  readonly formulaAccess: boolean | null;
  readonly nightly: NightlyState;
  /** A refresh Apps Script stopped at its limit that no later refresh has recorded yet: what happened. */
  readonly stoppedRefresh?: string;
  readonly version: string;
  /** The latest refresh in this spreadsheet (sidebar, menu or nightly), while the cache keeps it. */
  readonly refresh: RefreshProgress | null;
  /** The last refresh: when, by whom, its outcome and headline figures; null before the first. */
  readonly lastRefresh: LastRefresh | null;
  /** Per tab: last success, last failure, rows, truncation (the Status tab's record). */
  readonly status: StatusBook;
  /** The last refresh's checks that did not add up (reports that disagree with each other). */
  readonly mismatches?: readonly StoredMismatch[];
  /** The sections this user last left open or folded (as the sidebar saved them); undefined on a first visit. */
  readonly folds: unknown;
  /** One line per feature that lacks a permission this user did not grant (granular consent). */
  readonly permissions?: readonly MissingPermission[];
}
