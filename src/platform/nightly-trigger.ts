// The nightly trigger over ScriptApp (core/flows/nightly-trigger.ts: found by its own unique id, kept in
// the creator's user properties, where a run with no active document finds its spreadsheet).
// getProjectTriggers() is documented as "all installable triggers associated with the current project and
// current user" (reference/script/script-app), so the stored id is looked up there.
import * as nightly from '../core/flows/nightly-trigger';
import { type StoredValues, sheetZone, userProperties } from './document';

type Trigger = GoogleAppsScript.Script.Trigger;

/** The handler's name, as registered in src/entrypoints. */
const NIGHTLY_HANDLER = 'nightlyRefresh';

const triggersPort: nightly.NightlyTriggersPort<Trigger> = {
  triggers: () => ScriptApp.getProjectTriggers(),
  uniqueId: (trigger) => trigger.getUniqueId(),
  deleteTrigger: (trigger) => ScriptApp.deleteTrigger(trigger),
};

/** This user's nightly trigger for the spreadsheet, or null (never created, or deleted elsewhere). */
export function findNightlyTrigger(
  spreadsheetId: string,
  user: StoredValues = userProperties(),
): Trigger | null {
  return nightly.findNightlyTrigger(triggersPort, spreadsheetId, user);
}

/** Deletes this user's nightly trigger for the spreadsheet and both entries. */
export function deleteNightlyTrigger(spreadsheetId: string): void {
  nightly.deleteNightlyTrigger(triggersPort, spreadsheetId, userProperties());
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
    [nightly.triggerProperty(spreadsheet.getId())]: id,
    [nightly.spreadsheetProperty(id)]: spreadsheet.getId(),
  });
}

/** Which spreadsheet a run of this trigger belongs to (null when this user never stored it). */
export function spreadsheetOfTrigger(triggerId: string): string | null {
  return userProperties().getProperty(nightly.spreadsheetProperty(triggerId));
}

/** Whether this user's nightly trigger for the spreadsheet is there, gone or was never made. */
export function nightlyTriggerState(spreadsheetId: string): 'present' | 'gone' | 'none' {
  return nightly.nightlyTriggerState(triggersPort, spreadsheetId, userProperties());
}
