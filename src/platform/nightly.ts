// The nightly refresh: one time-based trigger per user and spreadsheet (the add-on rule), whose handler
// refreshes every tab with its creator's key and records the outcome where the author looks in the
// morning: the sidebar (the document store, document.ts) and the Status tab. Add-on triggers send no
// failure email. A run that finds no active spreadsheet (an installed add-on's clock trigger has none:
// docs/google-rules.md) opens it by id in the add-on build, the id kept with its trigger; the bound build
// cannot (spreadsheets.currentonly), nor can a night whose spreadsheet was deleted or unshared: either
// records why in its creator's user properties, keyed by the spreadsheet, where that user's sidebar shows it.

import { type NightPorts, runTheNight } from '../core/flows/night';
import * as settings from '../core/flows/night-settings';
import {
  NIGHTLY_RUN_PROPERTY,
  NO_SPREADSHEET_AT_NIGHT,
  nightlyRunToStored,
  unrunBanner,
} from '../core/flows/nightly';
import type { NightlyRun, NightlyState } from '../core/flows/sidebar-state';
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
import { sheetsApp } from './optional-services';
import { notGranted, reauthorisationNeeded } from './permissions';
import { runRefresh } from './refresh';
import { lastNightWithStopped } from './refresh-start';
import { sheetTime } from './sheet-time';
import { TabDirectory } from './sheets/directory';
import { loadStatusBook, writeStatusTab } from './sheets/status-tab';

/** A refresh about to rewrite the Status tab holds its lock this long at most before the night gives way. */
const LOCK_WAIT_MS = 10_000;

/** `user` and `document`: the stores, or what a caller read of them whole (document.ts). */
export function nightlyState(
  spreadsheet = sheetsApp().getActive(),
  user: StoredValues = userProperties(),
  document: StoredValues = documentStore(),
): NightlyState {
  return settings.nightlyState({
    spreadsheetId: () => spreadsheet.getId(),
    sheetZone,
    user,
    document,
    triggerFound: (id) => findNightlyTrigger(id, user) !== null,
    lastNightWithStopped: (last, timeZone) => lastNightWithStopped(last, timeZone, document),
    morningEmail: (id) => morningEmailModeOf(id, user),
  });
}

/** The sidebar's three choices for the morning e-mail: 'off', 'problems' (only when something is wrong), 'daily'. */
export function setMorningEmail(mode: unknown): NightlyState {
  storeMorningEmail(mode);
  return nightlyState();
}

/** Turns the nightly refresh on at `hour` (replacing any earlier trigger of this user here) or off. */
export function setNightlyRefresh(enabled: unknown, hour: unknown): NightlyState {
  const spreadsheet = sheetsApp().getActive();
  const storedHour = () =>
    settings.storedHour({ spreadsheetId: () => spreadsheet.getId(), user: userProperties() });
  settings.switchNightly(enabled, hour, storedHour, {
    lock: () => LockService.getUserLock(),
    deleteTrigger: () => deleteNightlyTrigger(spreadsheet.getId()),
    createTrigger: (chosen) => createNightlyTrigger(spreadsheet, chosen),
    saveHour: (chosen) =>
      userProperties().setProperty(settings.hourProperty(spreadsheet.getId()), String(chosen)),
  });
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
    sheetsApp().flush();
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
    banner.setValue(settings.bannerWithMorningEmail(banner.getDisplayValue(), sentence));
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
    const active = sheetsApp().getActive() as GoogleAppsScript.Spreadsheet.Spreadsheet | null;
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
  ownRecord: (id) => settings.ownRecord(id, userProperties()),
  saveOwnRecord: (id, run) => settings.saveOwnRecord(id, run, userProperties()),
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
