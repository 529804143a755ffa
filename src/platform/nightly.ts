// The nightly refresh: one time-based trigger per user and spreadsheet (the add-on rule), whose handler
// refreshes every tab with its creator's key and records the outcome where the author looks in the
// morning: the sidebar (the document store, document.ts) and the Status tab. Add-on triggers send no
// failure email. A run that finds no active spreadsheet (an installed add-on's clock trigger has none:
// docs/google-rules.md) opens it by id in the add-on build, the id kept with its trigger; the bound build
// cannot (spreadsheets.currentonly), nor can a night whose spreadsheet was deleted or unshared: either
// records why in its creator's user properties, keyed by the spreadsheet, where that user's sidebar shows it.

import { messageOf } from '../core/base/unknown';
import {
  couldNotOpen,
  DEFAULT_NIGHTLY_HOUR,
  failedRun,
  NIGHT_FAILED,
  NIGHTLY_RUN_PROPERTY,
  NO_SPREADSHEET_AT_NIGHT,
  nightlyHour,
  nightlyRunFromStored,
  nightlyRunToStored,
  REAUTHORISE_MESSAGE,
  runFromRefresh,
  spreadsheetGoneMessage,
} from '../core/nightly';
import {
  type FeatureId,
  nightNeedsPermission,
  saysPermissionMissing,
  scopesRefused,
} from '../core/permissions';
import type { RefreshResult } from '../core/refresh';
import { morningProblems } from '../core/refresh';
import type { NightlyRun, NightlyState } from '../core/sidebar-state';
import { literalText } from '../core/tabs';
import {
  documentStore,
  openSpreadsheet,
  refreshLock,
  type StoredValues,
  sheetZone,
  theSpreadsheet,
  userProperties,
} from './document';
import { mailTheNight, morningEmailModeOf, storeMorningEmail } from './morning-email';
import {
  createNightlyTrigger,
  deleteNightlyTrigger,
  findNightlyTrigger,
  spreadsheetOfTrigger,
} from './nightly-trigger';
import { notGranted, reauthorisationNeeded } from './permissions';
import { runRefresh } from './refresh';
import { lastNightWithStopped } from './refresh-start';
import { sheetTime } from './sheet-time';
import { TabDirectory } from './sheets/directory';
import { loadStatusBook, writeStatusTab } from './sheets/status-tab';

/** User properties + spreadsheet id: a run that had no document to write to (only its creator sees it). */
const UNRUN_PREFIX = 'royalties.nightly.unrun.';
/** Trigger creation is not instant; two sidebars saving at once must not leave two triggers. */
const LOCK_WAIT_MS = 10_000;

/** The chosen hour is this user's, for this spreadsheet: user properties, keyed by the spreadsheet. */
function hourProperty(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): string {
  return `royalties.nightly.hour.${spreadsheet.getId()}`;
}

function storedHour(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  user: StoredValues = userProperties(),
): number {
  try {
    // Nothing stored (null) is no hour either.
    return nightlyHour(user.getProperty(hourProperty(spreadsheet)));
  } catch {
    return DEFAULT_NIGHTLY_HOUR;
  }
}

/** This user's own record of a night that had no document to write to. */
function ownRecord(spreadsheetId: string, user: StoredValues = userProperties()): NightlyRun | null {
  return nightlyRunFromStored(user.getProperty(UNRUN_PREFIX + spreadsheetId));
}

/** The newer of the shared record (every editor sees the last night's outcome, whoever's trigger ran) and
 * this user's own record of a night with no document. */
function lastNightlyRun(
  spreadsheetId: string,
  user: StoredValues,
  document: StoredValues,
): NightlyRun | null {
  const shared = nightlyRunFromStored(document.getProperty(NIGHTLY_RUN_PROPERTY));
  const own = ownRecord(spreadsheetId, user);
  // ISO 8601 instants in UTC compare as text.
  return own && (!shared || own.at > shared.at) ? own : shared;
}

/** Whether this user's trigger is there; without "Allow this application to run when you are not present"
 * nothing can be known of it, and the sidebar's permissions line says why (the night still runs, if it can). */
function nightlyTriggerFound(spreadsheetId: string, user: StoredValues): boolean {
  try {
    return findNightlyTrigger(spreadsheetId, user) !== null;
  } catch (error) {
    if (scopesRefused(messageOf(error))) return false;
    throw error;
  }
}

/** `user` and `document`: the stores, or what a caller read of them whole (document.ts). */
export function nightlyState(
  spreadsheet = SpreadsheetApp.getActive(),
  user: StoredValues = userProperties(),
  document: StoredValues = documentStore(),
): NightlyState {
  const id = spreadsheet.getId();
  // The trigger's hour is read in the spreadsheet's zone (inTimezone), not the script's Etc/UTC.
  const timeZone = sheetZone();
  return {
    enabled: nightlyTriggerFound(id, user),
    hour: storedHour(spreadsheet, user),
    timeZone,
    lastRun: lastNightWithStopped(lastNightlyRun(id, user, document), timeZone, document),
    morningEmail: morningEmailModeOf(id, user),
  };
}

/** The sidebar's three choices for the morning e-mail: 'off', 'problems' (only when something is wrong), 'daily'. */
export function setMorningEmail(mode: unknown): NightlyState {
  storeMorningEmail(mode);
  return nightlyState();
}

/** Turns the nightly refresh on at `hour` (replacing any earlier trigger of this user here) or off. */
export function setNightlyRefresh(enabled: unknown, hour: unknown): NightlyState {
  if (typeof enabled !== 'boolean') throw new Error('Choose whether the nightly refresh is on or off.');
  const spreadsheet = SpreadsheetApp.getActive();
  const chosen = enabled || hour != null ? nightlyHour(hour) : storedHour(spreadsheet);
  const lock = LockService.getUserLock();
  if (!lock.tryLock(LOCK_WAIT_MS)) {
    throw new Error('The nightly refresh is being changed from another window. Try again in a moment.');
  }
  try {
    deleteNightlyTrigger(spreadsheet.getId());
    if (enabled) createNightlyTrigger(spreadsheet, chosen);
    userProperties().setProperty(hourProperty(spreadsheet), String(chosen));
  } finally {
    lock.releaseLock();
  }
  return nightlyState(spreadsheet);
}

/** Why this night cannot refresh for want of permission, or null: re-authorisation as a whole, else the
 * scopes of the refresh's own features (a feature it does not need, the e-mail, stops nothing). */
function refreshBlocked(features: readonly FeatureId[]): string | null {
  if (reauthorisationNeeded()) return REAUTHORISE_MESSAGE;
  const lacking = notGranted(features);
  return lacking.length ? nightNeedsPermission(lacking) : null;
}

function record(run: NightlyRun): void {
  documentStore().setProperty(NIGHTLY_RUN_PROPERTY, nightlyRunToStored(run));
}

/**
 * A night that did not get as far as refreshing (a completed refresh writes the Status tab itself):
 * say so in the Status tab's banner, keeping its per-tab history. Skipped when a refresh holds the
 * document lock, since that refresh is about to rewrite the tab anyway.
 */
function recordInStatusTab(run: NightlyRun): void {
  const lock = refreshLock();
  if (!lock.tryLock(LOCK_WAIT_MS)) return;
  try {
    const at = Date.parse(run.at);
    const banner = {
      text: `Nightly refresh ${sheetTime(sheetZone(), at)}: ${run.message}`,
      tone: 'failed' as const,
    };
    writeStatusTab(TabDirectory.open(theSpreadsheet()), loadStatusBook(), banner, at);
    SpreadsheetApp.flush();
  } finally {
    lock.releaseLock();
  }
}

/** Both records, each on its own: a failure to write one must not lose the other. */
function recordUnrun(run: NightlyRun): void {
  for (const attempt of [record, recordInStatusTab]) {
    try {
      attempt(run);
    } catch {
      // Nothing else can carry the news at night; the other record may still get through.
    }
  }
}

/**
 * The trigger's handler. Checks authorisation first (triggers keep firing after the add-on needs new
 * permission), then refreshes. Whatever happens is recorded, with what became of the morning e-mail; an
 * unexpected failure is also rethrown so the execution shows as failed in Apps Script's own log.
 */
export function nightlyRefresh(event?: { triggerUid?: unknown }): NightlyRun {
  const now = () => new Date().toISOString();
  // Without the spreadsheet's permission even asking for it fails: such a night is one with no document.
  const noSpreadsheet = notGranted(['spreadsheet']);
  // (Typed as Google types getActive(): never null, though a night may find none.)
  let active = (
    noSpreadsheet.length ? null : SpreadsheetApp.getActive()
  ) as GoogleAppsScript.Spreadsheet.Spreadsheet;
  if (!active) {
    const spreadsheetId = spreadsheetOfTrigger(typeof event?.triggerUid === 'string' ? event.triggerUid : '');
    // No document at hand: the creator's own user properties, under the spreadsheet the trigger was made in.
    const unrun = (message: string): NightlyRun => {
      const run = failedRun(now(), message);
      if (spreadsheetId === null) return run;
      const told = mailTheNight(spreadsheetId, null, run, null);
      userProperties().setProperty(UNRUN_PREFIX + spreadsheetId, nightlyRunToStored(told));
      return told;
    };
    if (noSpreadsheet.length) return unrun(nightNeedsPermission(noSpreadsheet));
    // The bound build has only spreadsheets.currentonly: it cannot open a spreadsheet by id (the branch
    // below is not compiled into it).
    if (!__ROYALTIES_ADDON_ROUTE__ || spreadsheetId === null) return unrun(NO_SPREADSHEET_AT_NIGHT);
    if (__ROYALTIES_ADDON_ROUTE__) {
      // Before openById, whose scope may be the one awaiting the user's consent.
      const blocked = refreshBlocked(['nightly', 'spreadsheet', 'api']);
      if (blocked) return unrun(blocked);
      try {
        active = openSpreadsheet(spreadsheetId);
      } catch (error) {
        // Deleted, or no longer shared with this user. Two nights running: no night can refresh it.
        const again = couldNotOpen(ownRecord(spreadsheetId));
        if (again) deleteNightlyTrigger(spreadsheetId);
        return unrun(spreadsheetGoneMessage(messageOf(error), again));
      }
    }
  }
  const id = active.getId();
  const blocked = refreshBlocked(['spreadsheet', 'api']);
  if (blocked) {
    const told = mailTheNight(id, active, failedRun(now(), blocked), null);
    recordUnrun(told);
    return told;
  }
  let run: NightlyRun;
  let summary: RefreshResult;
  try {
    summary = runRefresh('nightly');
    run = runFromRefresh(summary, now());
  } catch (error) {
    recordUnrun(mailTheNight(id, active, failedRun(now(), NIGHT_FAILED + messageOf(error)), null));
    throw error;
  }
  // The night's news for the e-mail; when the record could not be saved, its problems from the tabs.
  const told = mailTheNight(
    id,
    active,
    run,
    summary.lastRefresh ?? { problems: morningProblems(summary), figures: null },
  );
  record(told);
  if (saysPermissionMissing(told.email)) addToStatusBanner(told.email!);
  return told;
}

/** After the night's refresh wrote the Status tab: a sentence more in its banner (the e-mail it skipped). */
function addToStatusBanner(sentence: string): void {
  try {
    const status = TabDirectory.open(theSpreadsheet()).find('status');
    if (!status) return;
    const banner = status.sheet.getRange(1, 1);
    banner.setValue(literalText(`${banner.getDisplayValue()} Morning e-mail: ${sentence}`));
  } catch {
    // The record and the sidebar carry it still.
  }
}
