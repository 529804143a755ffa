// The nightly refresh: one time-based trigger per user and spreadsheet (the add-on rule), whose handler
// refreshes every tab with its creator's key and records the outcome where the author looks in the
// morning: the sidebar (the document store, document.ts) and the Status tab. Add-on triggers send no
// failure email. A run that finds no active spreadsheet (an installed add-on's clock trigger has none:
// docs/google-rules.md) opens it by id in the add-on build, the id kept with its trigger; the bound build
// cannot (spreadsheets.currentonly), nor can a night whose spreadsheet was deleted or unshared: either
// records why in its creator's user properties, keyed by the spreadsheet, where that user's sidebar shows it.

import { messageOf } from '../core/base/unknown';
import { type NightPorts, runTheNight } from '../core/flows/night';
import {
  DEFAULT_NIGHTLY_HOUR,
  NIGHTLY_RUN_PROPERTY,
  NO_SPREADSHEET_AT_NIGHT,
  nightlyHour,
  nightlyRunFromStored,
  nightlyRunToStored,
  unrunBanner,
  withMorningEmail,
} from '../core/flows/nightly';
import type { NightlyRun, NightlyState } from '../core/flows/sidebar-state';
import { scopesRefused } from '../core/permissions';
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
import { mailTheNight, morningEmailModeOf, spreadsheetView, storeMorningEmail } from './morning-email';
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

function record(run: NightlyRun): void {
  documentStore().setProperty(NIGHTLY_RUN_PROPERTY, nightlyRunToStored(run));
}

/** The Status tab's banner says why the night did not refresh (its per-tab history kept), unless a refresh
 * holds the document lock, about to rewrite the tab anyway. */
function recordInStatusTab(run: NightlyRun): void {
  const lock = refreshLock();
  if (!lock.tryLock(LOCK_WAIT_MS)) return;
  try {
    const at = Date.parse(run.at);
    const banner = unrunBanner(run, sheetTime(sheetZone(), at));
    writeStatusTab(TabDirectory.open(theSpreadsheet()), loadStatusBook(), banner, at);
    SpreadsheetApp.flush();
  } finally {
    lock.releaseLock();
  }
}

/** After the night's refresh wrote the Status tab: a sentence more in its banner (the e-mail it skipped). */
function addToStatusBanner(sentence: string): void {
  try {
    const status = TabDirectory.open(theSpreadsheet()).find('status');
    if (!status) return;
    const banner = status.sheet.getRange(1, 1);
    banner.setValue(literalText(withMorningEmail(banner.getDisplayValue(), sentence)));
  } catch {
    // The record and the sidebar carry it still.
  }
}

const nightPorts: NightPorts = {
  now: () => new Date().toISOString(),
  reauthorisationNeeded,
  notGranted,
  // (Google types getActive() as never null, though a night may find none.)
  activeSpreadsheet: () => {
    const active = SpreadsheetApp.getActive() as GoogleAppsScript.Spreadsheet.Spreadsheet | null;
    return active && spreadsheetView(active);
  },
  spreadsheetOfTrigger,
  opensById: __ROYALTIES_ADDON_ROUTE__,
  // The bound build has only spreadsheets.currentonly: no openById is compiled into it.
  openSpreadsheet: __ROYALTIES_ADDON_ROUTE__
    ? (id) => spreadsheetView(openSpreadsheet(id))
    : () => {
        throw new Error(NO_SPREADSHEET_AT_NIGHT);
      },
  deleteTrigger: deleteNightlyTrigger,
  ownRecord: (id) => ownRecord(id),
  saveOwnRecord: (id, run) => userProperties().setProperty(UNRUN_PREFIX + id, nightlyRunToStored(run)),
  refresh: () => runRefresh('nightly'),
  mail: mailTheNight,
  record,
  recordInStatusTab,
  addToStatusBanner,
};

/** The trigger's handler: the night's run (core/flows/night.ts) over Apps Script. */
export function nightlyRefresh(event?: { triggerUid?: unknown }): NightlyRun {
  return runTheNight(typeof event?.triggerUid === 'string' ? event.triggerUid : '', nightPorts);
}
