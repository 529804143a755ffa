// The nightly trigger's run, in its order: the permissions first (triggers keep firing after the add-on
// needs new permission), the spreadsheet (a night may find none open to it: an installed add-on's clock
// trigger has none, docs/google-rules.md; the add-on build then opens it by id, the bound build cannot),
// then the refresh, and whatever happened recorded where the author looks in the morning, with what became
// of the morning e-mail. A night with no document records why in its creator's user properties, keyed by
// the spreadsheet, where that user's sidebar shows it. platform/nightly.ts builds the ports.

import { messageOf } from '../base/unknown';
import { type FeatureId, nightNeedsPermission, saysPermissionMissing } from '../permissions';
import { morningProblems, type RefreshResult } from '../refresh';
import type { MorningNews, SpreadsheetView } from './morning-email';
import {
  couldNotOpen,
  failedRun,
  NIGHT_FAILED,
  NO_SPREADSHEET_AT_NIGHT,
  REAUTHORISE_MESSAGE,
  runFromRefresh,
  spreadsheetGoneMessage,
} from './nightly';
import type { NightlyRun } from './sidebar-state';

export interface NightPorts {
  /** The instant now, as the records keep it (ISO 8601). */
  now(): string;
  /** Whether the add-on needs the user's permission again as a whole. */
  reauthorisationNeeded(): boolean;
  /** The scopes of `features` this user has not granted. */
  notGranted(features: readonly FeatureId[]): string[];
  /** The spreadsheet the night runs in; null when none is open to it. */
  activeSpreadsheet(): SpreadsheetView | null;
  /** The spreadsheet a trigger was made in, kept with it; null when unknown. */
  spreadsheetOfTrigger(triggerUid: string): string | null;
  /** Whether this build may open a spreadsheet by id (the add-on build; the bound one has currentonly). */
  readonly opensById: boolean;
  /** Opens the spreadsheet by id as the one the night works on; throws when it cannot (gone, unshared). */
  openSpreadsheet(id: string): SpreadsheetView;
  deleteTrigger(spreadsheetId: string): void;
  /** This user's own record of a night that had no document to write to. */
  ownRecord(spreadsheetId: string): NightlyRun | null;
  saveOwnRecord(spreadsheetId: string, run: NightlyRun): void;
  /** Refresh all tabs (platform/refresh.ts, runRefresh). */
  refresh(): RefreshResult;
  /** The morning e-mail of this night, if due: the run with what became of it (never throws). */
  mail(
    spreadsheetId: string,
    spreadsheet: SpreadsheetView | null,
    run: NightlyRun,
    news: MorningNews | null,
  ): NightlyRun;
  /** The shared record every editor's sidebar shows (the document store). */
  record(run: NightlyRun): void;
  /** A night that did not get as far as refreshing, in the Status tab's banner; skipped while a refresh
   * holds the document lock, since it is about to rewrite the tab anyway. */
  recordInStatusTab(run: NightlyRun): void;
  /** One sentence more in the Status tab's banner, after the night's refresh wrote it (never throws). */
  addToStatusBanner(sentence: string): void;
}

/**
 * The trigger's run. Whatever happens is recorded, with what became of the morning e-mail; an unexpected
 * failure of the refresh is also rethrown so the execution shows as failed in Apps Script's own log.
 */
export function runTheNight(triggerUid: string, ports: NightPorts): NightlyRun {
  // Without the spreadsheet's permission even asking for it fails: such a night is one with no document.
  const noSpreadsheet = ports.notGranted(['spreadsheet']);
  const active = noSpreadsheet.length ? null : ports.activeSpreadsheet();
  const opened = active ? { spreadsheet: active } : nightWithoutDocument(triggerUid, noSpreadsheet, ports);
  if ('told' in opened) return opened.told;
  const { spreadsheet } = opened;
  const id = spreadsheet.id();
  const blocked = refreshBlocked(['spreadsheet', 'api'], ports);
  if (blocked) {
    const told = ports.mail(id, spreadsheet, failedRun(ports.now(), blocked), null);
    recordUnrun(told, ports);
    return told;
  }
  let run: NightlyRun;
  let summary: RefreshResult;
  try {
    summary = ports.refresh();
    run = runFromRefresh(summary, ports.now());
  } catch (error) {
    recordUnrun(
      ports.mail(id, spreadsheet, failedRun(ports.now(), NIGHT_FAILED + messageOf(error)), null),
      ports,
    );
    throw error;
  }
  // The night's news for the e-mail; when the record could not be saved, its problems from the tabs.
  const news = summary.lastRefresh ?? { problems: morningProblems(summary), figures: null };
  const told = ports.mail(id, spreadsheet, run, news);
  ports.record(told);
  if (saysPermissionMissing(told.email)) ports.addToStatusBanner(told.email!);
  return told;
}

/** A night that found no spreadsheet open to it: the one its trigger was made in, opened by id where the
 * build may, else what the creator is told (in their own user properties, under that spreadsheet). */
function nightWithoutDocument(
  triggerUid: string,
  noSpreadsheet: readonly string[],
  ports: NightPorts,
): { spreadsheet: SpreadsheetView } | { told: NightlyRun } {
  const spreadsheetId = ports.spreadsheetOfTrigger(triggerUid);
  const unrun = (message: string): { told: NightlyRun } => {
    const run = failedRun(ports.now(), message);
    if (spreadsheetId === null) return { told: run };
    const told = ports.mail(spreadsheetId, null, run, null);
    ports.saveOwnRecord(spreadsheetId, told);
    return { told };
  };
  if (noSpreadsheet.length) return unrun(nightNeedsPermission(noSpreadsheet));
  if (!ports.opensById || spreadsheetId === null) return unrun(NO_SPREADSHEET_AT_NIGHT);
  // Before opening it by id, whose scope may be the one awaiting the user's consent.
  const blocked = refreshBlocked(['nightly', 'spreadsheet', 'api'], ports);
  if (blocked) return unrun(blocked);
  try {
    return { spreadsheet: ports.openSpreadsheet(spreadsheetId) };
  } catch (error) {
    // Deleted, or no longer shared with this user. Two nights running: no night can refresh it.
    const again = couldNotOpen(ports.ownRecord(spreadsheetId));
    if (again) ports.deleteTrigger(spreadsheetId);
    return unrun(spreadsheetGoneMessage(messageOf(error), again));
  }
}

/** Why this night cannot refresh for want of permission, or null: re-authorisation as a whole, else the
 * scopes of the refresh's own features (a feature it does not need, the e-mail, stops nothing). */
function refreshBlocked(features: readonly FeatureId[], ports: NightPorts): string | null {
  if (ports.reauthorisationNeeded()) return REAUTHORISE_MESSAGE;
  const lacking = ports.notGranted(features);
  return lacking.length ? nightNeedsPermission(lacking) : null;
}

/** Both records, each on its own: a failure to write one must not lose the other. */
function recordUnrun(run: NightlyRun, ports: NightPorts): void {
  for (const attempt of [ports.record, ports.recordInStatusTab]) {
    try {
      attempt(run);
    } catch {
      // Nothing else can carry the news at night; the other record may still get through.
    }
  }
}
