// The morning e-mail after a nightly refresh (README "Morning e-mail"), sent with MailApp to the user whose
// trigger ran: script.send_mail only lets the add-on send, never read mail. The choice is this user's, for
// this spreadsheet (user properties, like the nightly hour). At most one a night, Google's daily quota
// checked first; whatever happens comes back as a sentence for the nightly record, never as a failure of
// the refresh.
import {
  ALREADY_SENT,
  composeMorningEmail,
  emailFailed,
  emailSent,
  type LastRefresh,
  type MorningEmailMode,
  type MorningReport,
  morningEmailMode,
  morningProblems,
  NO_ADDRESS,
  NO_QUOTA,
  sendsTonight,
  storedMorningEmailMode,
} from '../core/morning';
import type { NightlyRun } from '../core/sidebar-state';
import { messageOf } from '../core/unknown';
import { loadLastRefresh } from './last-refresh';
import { sheetTime } from './sheet-time';

const MODE_PREFIX = 'royalties.morning.mode.';
/** The instant of the last nightly e-mail, so a second run the same night (an hour changed) sends none. */
const SENT_PREFIX = 'royalties.morning.sent.';
/** Nights are a day apart; a second run less than this after an e-mail is the same night. */
const SAME_NIGHT_MS = 20 * 60 * 60 * 1000;
const SENDER_NAME = 'Royalties for Sheets';

export function morningEmailModeOf(spreadsheetId: string): MorningEmailMode {
  return storedMorningEmailMode(
    PropertiesService.getUserProperties().getProperty(MODE_PREFIX + spreadsheetId),
  );
}

/** Stores this user's choice for the active spreadsheet; the sidebar shows it back with the nightly state. */
export function storeMorningEmail(mode: unknown): MorningEmailMode {
  const chosen = morningEmailMode(mode);
  PropertiesService.getUserProperties().setProperty(MODE_PREFIX + SpreadsheetApp.getActive().getId(), chosen);
  return chosen;
}

function spreadsheetUrl(id: string): string {
  return `https://docs.google.com/spreadsheets/d/${encodeURIComponent(id)}/edit`;
}

interface Where {
  readonly id: string;
  /** Null when the night had no spreadsheet open to it. */
  readonly spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet | null;
}

function reportFor(
  where: Where,
  at: number,
  last: LastRefresh | null,
  problems: readonly string[],
): MorningReport {
  const { spreadsheet } = where;
  const timeZone = spreadsheet ? spreadsheet.getSpreadsheetTimeZone() : Session.getScriptTimeZone();
  return {
    spreadsheetName: spreadsheet ? spreadsheet.getName() : 'your spreadsheet',
    spreadsheetUrl: spreadsheet ? spreadsheet.getUrl() : spreadsheetUrl(where.id),
    timeZone,
    ranAt: sheetTime(timeZone, at),
    figures: last?.figures ?? null,
    problems,
  };
}

/** Sends one message to the user running this execution; a sentence says why when it cannot. */
function send(report: MorningReport): { sent: true; to: string } | { sent: false; why: string } {
  const to = Session.getEffectiveUser().getEmail();
  if (!to) return { sent: false, why: NO_ADDRESS };
  if (MailApp.getRemainingDailyQuota() < 1) return { sent: false, why: NO_QUOTA };
  const mail = composeMorningEmail(report);
  MailApp.sendEmail({ to, name: SENDER_NAME, ...mail });
  return { sent: true, to };
}

/**
 * After a night (refreshed or not): the e-mail its creator chose, if this night calls for one. `last` is this
 * night's refresh record, or null when the night could not refresh (then `run.message` says why). Returns
 * what became of the e-mail, or undefined when none was due; never throws.
 */
export function mailTheNight(where: Where, run: NightlyRun, last: LastRefresh | null): string | undefined {
  try {
    const problems = last ? last.problems : morningProblems({ night: run.message });
    if (!sendsTonight(morningEmailModeOf(where.id), problems.length)) return undefined;
    const props = PropertiesService.getUserProperties();
    const at = Date.parse(run.at);
    const before = Date.parse(props.getProperty(SENT_PREFIX + where.id) ?? '');
    if (!Number.isNaN(before) && at - before < SAME_NIGHT_MS && at >= before) return ALREADY_SENT;
    const outcome = send(reportFor(where, at, last, problems));
    if (!outcome.sent) return outcome.why;
    props.setProperty(SENT_PREFIX + where.id, run.at);
    return emailSent(outcome.to);
  } catch (error) {
    return emailFailed(messageOf(error));
  }
}

/** The sidebar's "Send me a test e-mail": the last refresh's figures and problems, marked as a test. */
export function sendTestMorningEmail(): string {
  const spreadsheet = SpreadsheetApp.getActive();
  const last = loadLastRefresh();
  const report = {
    ...reportFor({ id: spreadsheet.getId(), spreadsheet }, Date.now(), last, last?.problems ?? []),
    test: true,
  };
  const outcome = send(report);
  if (!outcome.sent) throw new Error(outcome.why);
  return `A test e-mail was sent to ${outcome.to}. It shows the figures of the last refresh.`;
}
