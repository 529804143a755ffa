// The nightly refresh as the sidebar shows and sets it: on or off (this user's trigger), its hour (this
// user's, for this spreadsheet), what the last night did (the shared record, or this user's own record of a
// night that had no document to write to, or a night Apps Script stopped), the morning e-mail's choice.
// platform/nightly.ts builds the port.
import { messageOf } from '../base/unknown';
import type { MorningEmailMode } from '../morning';
import { scopesRefused } from '../permissions';
import { literalText } from '../tabs';
import {
  DEFAULT_NIGHTLY_HOUR,
  NIGHTLY_RUN_PROPERTY,
  nightlyHour,
  nightlyRunFromStored,
  nightlyRunToStored,
  withMorningEmail,
} from './nightly';
import type { NightlyRun, NightlyState } from './sidebar-state';

/** One value of a store by key (null: none): the store itself, or what a caller read of it whole. */
export interface StoredValue {
  getProperty(key: string): string | null;
}

export interface NightSettingsPort {
  spreadsheetId(): string;
  /** The time zone the trigger's hour is read in (the spreadsheet's, not the script's Etc/UTC). */
  sheetZone(): string;
  /** This user's properties, and the document store. */
  readonly user: StoredValue;
  readonly document: StoredValue;
  /** Whether this user's trigger is there; throws Google's refusal without the triggers' permission. */
  triggerFound(spreadsheetId: string): boolean;
  /** The last night, or a night stopped since it (refresh-start.ts). */
  lastNightWithStopped(last: NightlyRun | null, timeZone: string): NightlyRun | null;
  morningEmail(spreadsheetId: string): MorningEmailMode;
}

/** User properties + spreadsheet id: a run that had no document to write to (only its creator sees it). */
const UNRUN_PREFIX = 'royalties.nightly.unrun.';

/** The chosen hour is this user's, for this spreadsheet: user properties, keyed by the spreadsheet. */
export const hourProperty = (spreadsheetId: string): string => `royalties.nightly.hour.${spreadsheetId}`;

export function storedHour(port: Pick<NightSettingsPort, 'spreadsheetId' | 'user'>): number {
  try {
    // Nothing stored (null) is no hour either.
    return nightlyHour(port.user.getProperty(hourProperty(port.spreadsheetId())));
  } catch {
    return DEFAULT_NIGHTLY_HOUR;
  }
}

/** This user's own record of a night that had no document to write to. */
export function ownRecord(spreadsheetId: string, user: StoredValue): NightlyRun | null {
  return nightlyRunFromStored(user.getProperty(UNRUN_PREFIX + spreadsheetId));
}

export function saveOwnRecord(
  spreadsheetId: string,
  run: NightlyRun,
  user: { setProperty(key: string, value: string): void },
): void {
  user.setProperty(UNRUN_PREFIX + spreadsheetId, nightlyRunToStored(run));
}

/** The newer of the shared record (every editor sees the last night's outcome, whoever's trigger ran) and
 * this user's own record of a night with no document. */
function lastNightlyRun(spreadsheetId: string, port: NightSettingsPort): NightlyRun | null {
  const shared = nightlyRunFromStored(port.document.getProperty(NIGHTLY_RUN_PROPERTY));
  const own = ownRecord(spreadsheetId, port.user);
  // ISO 8601 instants in UTC compare as text.
  return own && (!shared || own.at > shared.at) ? own : shared;
}

/** Whether this user's trigger is there; without "Allow this application to run when you are not present"
 * nothing can be known of it, and the sidebar's permissions line says why (the night still runs, if it can). */
function nightlyTriggerFound(spreadsheetId: string, port: NightSettingsPort): boolean {
  try {
    return port.triggerFound(spreadsheetId);
  } catch (error) {
    if (scopesRefused(messageOf(error))) return false;
    throw error;
  }
}

export function nightlyState(port: NightSettingsPort): NightlyState {
  const id = port.spreadsheetId();
  const timeZone = port.sheetZone();
  return {
    enabled: nightlyTriggerFound(id, port),
    hour: storedHour(port),
    timeZone,
    lastRun: port.lastNightWithStopped(lastNightlyRun(id, port), timeZone),
    morningEmail: port.morningEmail(id),
  };
}

export interface NightSwitchPort {
  /** This user's lock: trigger creation is not instant; two sidebars saving at once must not leave two. */
  lock(): { tryLock(timeoutMs: number): boolean; releaseLock(): void };
  deleteTrigger(): void;
  createTrigger(hour: number): void;
  saveHour(hour: number): void;
}

const LOCK_WAIT_MS = 10_000;

/** Turns the nightly refresh on at `hour` (replacing any earlier trigger of this user here) or off; the
 * hour stays chosen either way. */
export function switchNightly(
  enabled: unknown,
  hour: unknown,
  storedHourNow: () => number,
  port: NightSwitchPort,
): void {
  if (typeof enabled !== 'boolean') throw new Error('Choose whether the nightly refresh is on or off.');
  const chosen = enabled || hour != null ? nightlyHour(hour) : storedHourNow();
  const lock = port.lock();
  if (!lock.tryLock(LOCK_WAIT_MS)) {
    throw new Error('The nightly refresh is being changed from another window. Try again in a moment.');
  }
  try {
    port.deleteTrigger();
    if (enabled) port.createTrigger(chosen);
    port.saveHour(chosen);
  } finally {
    lock.releaseLock();
  }
}

/** The Status tab's banner as written, with the sentence on the morning e-mail the night skipped. */
export function bannerWithMorningEmail(displayed: string, sentence: string): string {
  return literalText(withMorningEmail(displayed, sentence));
}
