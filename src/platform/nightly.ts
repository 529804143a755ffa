// The nightly refresh: one time-based trigger per user and spreadsheet (the add-on rule), whose handler
// refreshes every tab with its creator's key and records the outcome where the author looks in the
// morning: the sidebar (document properties) and the Status tab. Add-on triggers send no failure email.
import {
  DEFAULT_NIGHTLY_HOUR,
  failedRun,
  NIGHTLY_RUN_PROPERTY,
  nightlyHour,
  nightlyRunFromStored,
  nightlyRunToStored,
  reauthorisationRun,
  runFromRefresh,
} from '../core/nightly';
import type { NightlyRun, NightlyState } from '../core/sidebar-state';
import { messageOf } from '../core/unknown';
import { runRefresh } from './refresh';
import { lastNightWithStopped } from './refresh-start';
import { sheetTime } from './sheet-time';
import { TabDirectory } from './sheets/directory';
import { loadStatusBook, writeStatusTab } from './sheets/status-tab';

export const NIGHTLY_HANDLER = 'nightlyRefresh';
const LAST_RUN_PROPERTY = NIGHTLY_RUN_PROPERTY;
/** Trigger creation is not instant; two sidebars saving at once must not leave two triggers. */
const LOCK_WAIT_MS = 10_000;

/** The chosen hour is this user's, for this spreadsheet: user properties, keyed by the spreadsheet. */
function hourProperty(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): string {
  return `royalties.nightly.hour.${spreadsheet.getId()}`;
}

function nightlyTriggers(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
): GoogleAppsScript.Script.Trigger[] {
  return ScriptApp.getUserTriggers(spreadsheet).filter((t) => t.getHandlerFunction() === NIGHTLY_HANDLER);
}

function storedHour(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): number {
  const stored = PropertiesService.getUserProperties().getProperty(hourProperty(spreadsheet));
  try {
    return stored === null ? DEFAULT_NIGHTLY_HOUR : nightlyHour(stored);
  } catch {
    return DEFAULT_NIGHTLY_HOUR;
  }
}

export function lastNightlyRun(): NightlyRun | null {
  return nightlyRunFromStored(PropertiesService.getDocumentProperties().getProperty(LAST_RUN_PROPERTY));
}

export function nightlyState(spreadsheet = SpreadsheetApp.getActive()): NightlyState {
  return {
    enabled: nightlyTriggers(spreadsheet).length > 0,
    hour: storedHour(spreadsheet),
    timeZone: Session.getScriptTimeZone(),
    lastRun: lastNightWithStopped(lastNightlyRun(), () => spreadsheet.getSpreadsheetTimeZone()),
  };
}

/** Turns the nightly refresh on at `hour` (replacing any earlier trigger of this user here) or off. */
export function setNightlyRefresh(enabled: unknown, hour: unknown): NightlyState {
  if (typeof enabled !== 'boolean') throw new Error('Choose whether the nightly refresh is on or off.');
  const spreadsheet = SpreadsheetApp.getActive();
  const chosen =
    enabled || (hour !== undefined && hour !== null) ? nightlyHour(hour) : storedHour(spreadsheet);
  const lock = LockService.getUserLock();
  if (!lock.tryLock(LOCK_WAIT_MS)) {
    throw new Error('The nightly refresh is being changed from another window. Try again in a moment.');
  }
  try {
    for (const trigger of nightlyTriggers(spreadsheet)) ScriptApp.deleteTrigger(trigger);
    if (enabled) ScriptApp.newTrigger(NIGHTLY_HANDLER).timeBased().everyDays(1).atHour(chosen).create();
    PropertiesService.getUserProperties().setProperty(hourProperty(spreadsheet), String(chosen));
  } finally {
    lock.releaseLock();
  }
  return nightlyState(spreadsheet);
}

function record(run: NightlyRun): void {
  PropertiesService.getDocumentProperties().setProperty(LAST_RUN_PROPERTY, nightlyRunToStored(run));
}

/**
 * A night that did not get as far as refreshing (a completed refresh writes the Status tab itself):
 * say so in the Status tab's banner, keeping its per-tab history. Skipped when a refresh holds the
 * document lock, since that refresh is about to rewrite the tab anyway.
 */
function recordInStatusTab(run: NightlyRun): void {
  const lock = LockService.getDocumentLock();
  if (!lock?.tryLock(LOCK_WAIT_MS)) return;
  try {
    const spreadsheet = SpreadsheetApp.getActive();
    const when = sheetTime(spreadsheet.getSpreadsheetTimeZone(), Date.parse(run.at));
    const banner = { text: `Nightly refresh ${when}: ${run.message}`, tone: 'failed' as const };
    writeStatusTab(TabDirectory.open(spreadsheet), loadStatusBook(), banner, Date.parse(run.at));
    SpreadsheetApp.flush();
  } finally {
    lock.releaseLock();
  }
}

/** Both records, each on its own: a failure to write one must not lose the other. */
function recordUnrun(run: NightlyRun): void {
  const attempts = [() => record(run), () => recordInStatusTab(run)];
  for (const attempt of attempts) {
    try {
      attempt();
    } catch {
      // Nothing else can carry the news at night; the other record may still get through.
    }
  }
}

/**
 * The trigger's handler. Checks authorisation first (triggers keep firing after the add-on needs new
 * permission), then refreshes. Whatever happens is recorded; an unexpected failure is also rethrown so
 * the execution shows as failed in Apps Script's own log.
 */
export function nightlyRefresh(_event?: unknown): NightlyRun {
  const now = () => new Date().toISOString();
  const authorization = ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL);
  if (authorization.getAuthorizationStatus() === ScriptApp.AuthorizationStatus.REQUIRED) {
    const run = reauthorisationRun(now());
    recordUnrun(run);
    return run;
  }
  let run: NightlyRun;
  try {
    run = runFromRefresh(runRefresh('nightly'), now());
  } catch (error) {
    run = failedRun(now(), messageOf(error));
    recordUnrun(run);
    throw error;
  }
  record(run);
  return run;
}
