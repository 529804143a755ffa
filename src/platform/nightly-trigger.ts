// The nightly trigger, found by its own unique id. Nothing documents that ScriptApp.getUserTriggers(
// spreadsheet) lists a time-based trigger (its getTriggerSourceId() is null), so the id is kept in the
// creator's user properties per spreadsheet, with the reverse entry (trigger id → spreadsheet id) that a
// run with no active document uses to know whose sidebar should hear about it (docs/google-rules.md).
// getProjectTriggers() is documented as "all installable triggers associated with the current project and
// current user" (reference/script/script-app), so the stored id is looked up there.

import { type StoredValues, sheetZone, userProperties } from './document';

const TRIGGER_PREFIX = 'royalties.nightly.trigger.';
const SPREADSHEET_PREFIX = 'royalties.nightly.sheet.';

/** The handler's name, as registered in src/entrypoints. */
const NIGHTLY_HANDLER = 'nightlyRefresh';

/** This user's nightly trigger for the spreadsheet, or null (never created, or deleted elsewhere). */
export function findNightlyTrigger(
  spreadsheetId: string,
  user: StoredValues = userProperties(),
): GoogleAppsScript.Script.Trigger | null {
  const id = user.getProperty(TRIGGER_PREFIX + spreadsheetId);
  if (id === null) return null;
  return ScriptApp.getProjectTriggers().find((t) => t.getUniqueId() === id) ?? null;
}

/** Deletes this user's nightly trigger for the spreadsheet (the one whose id is stored) and both entries. */
export function deleteNightlyTrigger(spreadsheetId: string): void {
  const store = userProperties();
  const key = TRIGGER_PREFIX + spreadsheetId;
  const id = store.getProperty(key);
  for (const t of ScriptApp.getProjectTriggers()) if (t.getUniqueId() === id) ScriptApp.deleteTrigger(t);
  store.deleteProperty(key);
  if (id !== null) store.deleteProperty(SPREADSHEET_PREFIX + id);
}

/** Creates the daily trigger at `hour` in the spreadsheet's time zone and remembers it both ways. */
export function createNightlyTrigger(
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
  hour: number,
): void {
  const trigger = ScriptApp.newTrigger(NIGHTLY_HANDLER)
    .timeBased()
    .everyDays(1)
    .atHour(hour)
    .inTimezone(sheetZone())
    .create();
  const id = trigger.getUniqueId();
  userProperties().setProperties({
    [TRIGGER_PREFIX + spreadsheet.getId()]: id,
    [SPREADSHEET_PREFIX + id]: spreadsheet.getId(),
  });
}

/** Which spreadsheet a run of this trigger belongs to (null when this user never stored it). */
export function spreadsheetOfTrigger(triggerId: string): string | null {
  return userProperties().getProperty(SPREADSHEET_PREFIX + triggerId);
}

/** Whether this user's nightly trigger for the spreadsheet is there, gone (its id kept, Google has none
 * by it: deleted in the Triggers page, or by Google), or was never made (the installation check). */
export function nightlyTriggerState(spreadsheetId: string): 'present' | 'gone' | 'none' {
  if (userProperties().getProperty(TRIGGER_PREFIX + spreadsheetId) === null) return 'none';
  return findNightlyTrigger(spreadsheetId) ? 'present' : 'gone';
}
