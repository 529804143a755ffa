// The morning e-mail (core/flows/morning-email.ts) over Apps Script: MailApp sends as the user whose trigger
// ran (script.send_mail only lets the add-on send, never read mail); the choice and the last night mailed
// are kept in this user's properties (core/flows/morning-choice.ts).

import { lastSentIn, morningEmailModeIn, storeMorningEmailIn } from '../core/flows/morning-choice';
import {
  type MorningEmailPorts,
  type MorningNews,
  mailTheNight as mailNight,
  type SpreadsheetView,
  sendTestEmail,
} from '../core/flows/morning-email';
import type { NightlyRun } from '../core/flows/sidebar-state';
import type { MorningEmailMode } from '../core/morning';
import { type StoredValues, userProperties } from './document';
import { loadLastRefresh } from './last-refresh';
import { sheetsApp } from './optional-services';
import { notGranted } from './permissions';
import { sheetTime } from './sheet-time';

export function morningEmailModeOf(
  spreadsheetId: string,
  user: StoredValues = userProperties(),
): MorningEmailMode {
  return morningEmailModeIn(user, spreadsheetId);
}

/** Stores this user's choice for the active spreadsheet; the sidebar shows it back with the nightly state. */
export function storeMorningEmail(mode: unknown): MorningEmailMode {
  return storeMorningEmailIn(mode, {
    user: userProperties,
    spreadsheetId: () => sheetsApp().getActive().getId(),
  });
}

/** A spreadsheet as the night and its e-mail read it. */
export function spreadsheetView(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): SpreadsheetView {
  return {
    id: () => spreadsheet.getId(),
    name: () => spreadsheet.getName(),
    url: () => spreadsheet.getUrl(),
    timeZone: () => spreadsheet.getSpreadsheetTimeZone(),
  };
}

const morningPorts: MorningEmailPorts = {
  mode: (id) => morningEmailModeOf(id),
  notGranted,
  lastSent: (id) => lastSentIn(userProperties(), id),
  address: () => Session.getEffectiveUser().getEmail(),
  remainingDailyQuota: () => MailApp.getRemainingDailyQuota(),
  send: (message) => MailApp.sendEmail(message),
  scriptTimeZone: () => Session.getScriptTimeZone(),
  timeIn: sheetTime,
};

/** After a night: the e-mail its creator chose, if due; the run with what became of it (never throws). */
export function mailTheNight(
  id: string,
  spreadsheet: SpreadsheetView | null,
  run: NightlyRun,
  news: MorningNews | null,
): NightlyRun {
  return mailNight(id, spreadsheet, run, news, morningPorts);
}

/** The sidebar's "Send me a test e-mail". */
export function sendTestMorningEmail(): string {
  return sendTestEmail(spreadsheetView(sheetsApp().getActive()), loadLastRefresh(), Date.now(), morningPorts);
}
