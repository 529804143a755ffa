// This user's nightly trigger for a spreadsheet, found by its own unique id. Nothing documents that
// ScriptApp.getUserTriggers(spreadsheet) lists a time-based trigger (its getTriggerSourceId() is null), so
// the id is kept in the creator's user properties per spreadsheet, with the reverse entry (trigger id →
// spreadsheet id) that a run with no active document uses to know whose sidebar should hear about it
// (docs/google-rules.md). platform/nightly-trigger.ts builds the port over ScriptApp.
import type { StoredValue } from './night-settings';

/** This user's properties, as the trigger's entries are kept and taken out. */
export interface TriggerEntries extends StoredValue {
  deleteProperty(key: string): void;
}

/** This project's installable triggers of the current user (ScriptApp.getProjectTriggers), `T` each. */
export interface NightlyTriggersPort<T> {
  triggers(): readonly T[];
  uniqueId(trigger: T): string;
  deleteTrigger(trigger: T): void;
}

/** The entry with this user's trigger id for a spreadsheet. */
export const triggerProperty = (spreadsheetId: string): string =>
  `royalties.nightly.trigger.${spreadsheetId}`;
/** The reverse entry: which spreadsheet a trigger refreshes. */
export const spreadsheetProperty = (triggerId: string): string => `royalties.nightly.sheet.${triggerId}`;

/** This user's nightly trigger for the spreadsheet, or null (never created, or deleted elsewhere). */
export function findNightlyTrigger<T>(
  port: NightlyTriggersPort<T>,
  spreadsheetId: string,
  user: StoredValue,
): T | null {
  return triggerWithId(port, user.getProperty(triggerProperty(spreadsheetId)));
}

/** The trigger Google knows by `id`; null when there is none, or no id was kept. */
function triggerWithId<T>(port: NightlyTriggersPort<T>, id: string | null): T | null {
  if (id === null) return null;
  return port.triggers().find((t) => port.uniqueId(t) === id) ?? null;
}

/** Deletes this user's nightly trigger for the spreadsheet (the one whose id is stored) and both entries. */
export function deleteNightlyTrigger<T>(
  port: NightlyTriggersPort<T>,
  spreadsheetId: string,
  user: TriggerEntries,
): void {
  const key = triggerProperty(spreadsheetId);
  const id = user.getProperty(key);
  for (const t of port.triggers()) if (port.uniqueId(t) === id) port.deleteTrigger(t);
  user.deleteProperty(key);
  if (id !== null) user.deleteProperty(spreadsheetProperty(id));
}

/** Whether this user's nightly trigger for the spreadsheet is there, gone (its id kept, Google has none
 * by it: deleted in the Triggers page, or by Google), or was never made (the installation check). `user`:
 * this user's properties, read once. */
export function nightlyTriggerState<T>(
  port: NightlyTriggersPort<T>,
  spreadsheetId: string,
  user: StoredValue,
): 'present' | 'gone' | 'none' {
  const id = user.getProperty(triggerProperty(spreadsheetId));
  if (id === null) return 'none';
  return triggerWithId(port, id) ? 'present' : 'gone';
}
