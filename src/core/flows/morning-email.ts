// The morning e-mail after a nightly refresh (docs/guide/nightly-and-email.md), sent to the user whose
// trigger ran. The choice is this user's, for this spreadsheet. At most one a night, Google's daily quota
// checked first; whatever happens comes back as a sentence for the nightly record, never as a failure of
// the refresh. platform/morning-email.ts builds the ports (MailApp, Session, the user's properties).

import { PRODUCT } from '../base/phrases';
import { optionalCall, plainMessageOf } from '../google-faults';
import {
  ALREADY_SENT,
  alertsTold,
  composeMorningEmail,
  emailFailed,
  emailSent,
  type MorningEmail,
  type MorningEmailMode,
  type MorningReport,
  NO_ADDRESS,
  NO_QUOTA,
  sendsTonight,
} from '../morning';
import { emailNeedsPermission, type FeatureId, plainPermissionError } from '../permissions';
import { type LastRefresh, morningProblems } from '../refresh';
import type { NightlyRun } from './sidebar-state';

/** Nights are a day apart; a second run less than this after an e-mail is the same night (an hour changed). */
export const SAME_NIGHT_MS = 20 * 60 * 60 * 1000;

/** What the e-mail tells of a night: what is wrong and, after a refresh, its figures and alerts. */
export type MorningNews = Pick<LastRefresh, 'problems' | 'figures' | 'alerts'>;

/** A spreadsheet as the night and its e-mail read it: each method one service call, asked when needed. */
export interface SpreadsheetView {
  id(): string;
  name(): string;
  url(): string;
  timeZone(): string;
}

export interface MorningEmailPorts {
  /** This user's choice for the spreadsheet. */
  mode(spreadsheetId: string): MorningEmailMode;
  /** The scopes of `features` this user has not granted (a trigger cannot ask for them). */
  notGranted(features: readonly FeatureId[]): string[];
  /** This user's last nightly e-mail for the spreadsheet (its instant, null: none), and where the next is
   * noted. */
  lastSent(spreadsheetId: string): { readonly at: string | null; note(at: string): void };
  /** The address of the user running this execution ('' where Google withholds it). */
  address(): string;
  remainingDailyQuota(): number;
  send(message: MorningEmail & { readonly to: string; readonly name: string }): void;
  /** The script's own zone, for a night with no spreadsheet open to it. */
  scriptTimeZone(): string;
  /** An instant as a clock in `zone` shows it. */
  timeIn(zone: string, ms: number): string;
}

/**
 * After a night (refreshed or not): the e-mail its creator chose, if this night calls for one. `news` is this
 * night's, or null when the night could not refresh (then `run.message` says why); `spreadsheet` null: the
 * night had none open to it. Returns the run with what became of the e-mail (the run as it was when none
 * was due); never throws.
 */
export function mailTheNight(
  id: string,
  spreadsheet: SpreadsheetView | null,
  run: NightlyRun,
  news: MorningNews | null,
  ports: MorningEmailPorts,
): NightlyRun {
  let email: string;
  try {
    const told = news ?? { problems: morningProblems({ night: run.message }), figures: null };
    // Alerts new, worse or cleared count as something to tell.
    const things = told.problems.length + alertsTold(told.alerts);
    if (!sendsTonight(ports.mode(id), things)) return run;
    // A trigger cannot ask for a permission: without the e-mail's, the night says so instead of sending.
    const lacking = ports.notGranted(['email']);
    if (lacking.length) return { ...run, email: emailFailed(emailNeedsPermission(lacking)) };
    const sent = ports.lastSent(id);
    const at = Date.parse(run.at);
    // Nothing stored parses as NaN, and no comparison with NaN holds.
    const before = Date.parse(sent.at || '');
    if (at - before < SAME_NIGHT_MS && at >= before) email = ALREADY_SENT;
    else {
      const outcome = send(reportFor(id, spreadsheet, at, told, ports), ports);
      if ('why' in outcome) email = outcome.why;
      else {
        sent.note(run.at);
        email = emailSent(outcome.to);
      }
    }
  } catch (error) {
    email = emailFailed(plainMessageOf(plainPermissionError(error)));
  }
  return { ...run, email };
}

/** The sidebar's "Send me a test e-mail": the last refresh's figures and problems, marked as a test. */
export function sendTestEmail(
  spreadsheet: SpreadsheetView,
  last: MorningNews | null,
  at: number,
  ports: MorningEmailPorts,
): string {
  const news = last ?? { problems: [], figures: null };
  const outcome = send({ ...reportFor(spreadsheet.id(), spreadsheet, at, news, ports), test: true }, ports);
  if ('why' in outcome) throw new Error(outcome.why);
  return `A test e-mail with the last refresh's figures was sent to ${outcome.to}.`;
}

function reportFor(
  id: string,
  spreadsheet: SpreadsheetView | null,
  at: number,
  news: MorningNews,
  ports: MorningEmailPorts,
): MorningReport {
  // Each fact of the spreadsheet read on its own, as a Spreadsheet service that refuses (the night's news
  // may be just that) leaves them: the e-mail goes out with its words for the ones it could not read.
  const fact = <T>(read: (s: SpreadsheetView) => T, otherwise: T): T =>
    spreadsheet ? optionalCall(() => read(spreadsheet), otherwise) : otherwise;
  const timeZone = fact<string | null>((s) => s.timeZone(), null) ?? ports.scriptTimeZone();
  return {
    spreadsheetName: fact((s) => s.name(), 'your spreadsheet'),
    spreadsheetUrl: fact(
      (s) => s.url(),
      `https://docs.google.com/spreadsheets/d/${encodeURIComponent(id)}/edit`,
    ),
    timeZone,
    ranAt: ports.timeIn(timeZone, at),
    figures: news.figures,
    problems: news.problems,
    ...(news.alerts && { alerts: news.alerts }),
  };
}

/** Sends one message to the user running this execution; a sentence says why when it cannot. */
function send(report: MorningReport, ports: MorningEmailPorts): { to: string } | { why: string } {
  const to = ports.address();
  if (!to) return { why: NO_ADDRESS };
  if (ports.remainingDailyQuota() < 1) return { why: NO_QUOTA };
  ports.send({ to, name: PRODUCT, ...composeMorningEmail(report) });
  return { to };
}
