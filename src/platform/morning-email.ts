// The morning e-mail after a nightly refresh (docs/guide/nightly-and-email.md), sent with MailApp to the user whose
// trigger ran: script.send_mail only lets the add-on send, never read mail. The choice is this user's, for
// this spreadsheet (user properties, like the nightly hour). At most one a night, Google's daily quota
// checked first; whatever happens comes back as a sentence for the nightly record, never as a failure of
// the refresh.

import { PRODUCT } from '../core/base/phrases';
import { messageOf } from '../core/base/unknown';
import {
  ALREADY_SENT,
  composeMorningEmail,
  emailFailed,
  emailSent,
  type MorningEmailMode,
  type MorningReport,
  morningEmailMode,
  NO_ADDRESS,
  NO_QUOTA,
  sendsTonight,
  storedMorningEmailMode,
} from '../core/morning';
import { emailNeedsPermission, plainPermissionError } from '../core/permissions';
import { type LastRefresh, morningProblems } from '../core/refresh';
import type { NightlyRun } from '../core/sidebar-state';
import { type StoredValues, userProperties } from './document';
import { loadLastRefresh } from './last-refresh';
import { notGranted } from './permissions';
import { sheetTime } from './sheet-time';

const MODE_PREFIX = 'royalties.morning.mode.';
/** The instant of the last nightly e-mail, so a second run the same night (an hour changed) sends none. */
const SENT_PREFIX = 'royalties.morning.sent.';
/** Nights are a day apart; a second run less than this after an e-mail is the same night. */
const SAME_NIGHT_MS = 20 * 60 * 60 * 1000;

export function morningEmailModeOf(
  spreadsheetId: string,
  user: StoredValues = userProperties(),
): MorningEmailMode {
  return storedMorningEmailMode(user.getProperty(MODE_PREFIX + spreadsheetId));
}

/** Stores this user's choice for the active spreadsheet; the sidebar shows it back with the nightly state. */
export function storeMorningEmail(mode: unknown): MorningEmailMode {
  const chosen = morningEmailMode(mode);
  userProperties().setProperty(MODE_PREFIX + SpreadsheetApp.getActive().getId(), chosen);
  return chosen;
}

/** What the e-mail tells of the night: what is wrong and, after a refresh, its figures. */
type News = Pick<LastRefresh, 'problems' | 'figures'>;

/** `spreadsheet` null: the night had no spreadsheet open to it. */
function reportFor(
  id: string,
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet | null,
  at: number,
  news: News,
): MorningReport {
  const timeZone = spreadsheet ? spreadsheet.getSpreadsheetTimeZone() : Session.getScriptTimeZone();
  return {
    spreadsheetName: spreadsheet ? spreadsheet.getName() : 'your spreadsheet',
    spreadsheetUrl: spreadsheet
      ? spreadsheet.getUrl()
      : `https://docs.google.com/spreadsheets/d/${encodeURIComponent(id)}/edit`,
    timeZone,
    ranAt: sheetTime(timeZone, at),
    figures: news.figures,
    problems: news.problems,
  };
}

/** Sends one message to the user running this execution; a sentence says why when it cannot. */
function send(report: MorningReport): { to: string } | { why: string } {
  const to = Session.getEffectiveUser().getEmail();
  if (!to) return { why: NO_ADDRESS };
  if (MailApp.getRemainingDailyQuota() < 1) return { why: NO_QUOTA };
  MailApp.sendEmail({ to, name: PRODUCT, ...composeMorningEmail(report) });
  return { to };
}

/**
 * After a night (refreshed or not): the e-mail its creator chose, if this night calls for one. `news` is this
 * night's, or null when the night could not refresh (then `run.message` says why). Returns the run with what
 * became of the e-mail (the run as it was when none was due); never throws.
 */
export function mailTheNight(
  id: string,
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet | null,
  run: NightlyRun,
  news: News | null,
): NightlyRun {
  let email: string;
  try {
    const told = news ?? { problems: morningProblems({ night: run.message }), figures: null };
    if (!sendsTonight(morningEmailModeOf(id), told.problems.length)) return run;
    // A trigger cannot ask for a permission: without the e-mail's, the night says so instead of sending.
    const lacking = notGranted(['email']);
    if (lacking.length) return { ...run, email: emailFailed(emailNeedsPermission(lacking)) };
    const props = userProperties();
    const at = Date.parse(run.at);
    // Nothing stored parses as NaN, and no comparison with NaN holds.
    const before = Date.parse(props.getProperty(SENT_PREFIX + id) || '');
    if (at - before < SAME_NIGHT_MS && at >= before) email = ALREADY_SENT;
    else {
      const outcome = send(reportFor(id, spreadsheet, at, told));
      if ('why' in outcome) email = outcome.why;
      else {
        props.setProperty(SENT_PREFIX + id, run.at);
        email = emailSent(outcome.to);
      }
    }
  } catch (error) {
    email = emailFailed(messageOf(plainPermissionError(error)));
  }
  return { ...run, email };
}

/** The sidebar's "Send me a test e-mail": the last refresh's figures and problems, marked as a test. */
export function sendTestMorningEmail(): string {
  const spreadsheet = SpreadsheetApp.getActive();
  const last = loadLastRefresh();
  const news = last ?? { problems: [], figures: null };
  const outcome = send({ ...reportFor(spreadsheet.getId(), spreadsheet, Date.now(), news), test: true });
  if ('why' in outcome) throw new Error(outcome.why);
  return `A test e-mail with the last refresh's figures was sent to ${outcome.to}.`;
}
