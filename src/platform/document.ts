// The spreadsheet an execution works on, where its records are kept, and the lock a refresh takes.
// Bound build: the active spreadsheet, document properties and the document lock, as ever. Add-on
// build: an installed add-on's clock trigger runs with no active spreadsheet, and with no document
// properties, cache or lock (docs/google-rules.md, "Triggers"); its night opens the spreadsheet by id,
// and every record lives in the spreadsheet's own developer metadata (PROJECT visibility: only this
// script reads it), so the sidebar and the night read the same place.
import { ADDON_ROUTE } from './build-config';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** What the records need of a store: document properties provide it, and so does developer metadata. */
export interface DocumentStore {
  getProperty(key: string): string | null;
  setProperty(key: string, value: string): unknown;
  setProperties(values: Record<string, string>): unknown;
  deleteProperty(key: string): unknown;
}

/** The spreadsheet a night opened by id (add-on build); null in every other execution. */
let opened: Spreadsheet | null = null;

/** Opens the spreadsheet by id for the rest of this execution (needs the full spreadsheets scope). */
export function openSpreadsheet(id: string): Spreadsheet {
  opened = SpreadsheetApp.openById(id);
  return opened;
}

export function theSpreadsheet(): Spreadsheet {
  return opened ?? SpreadsheetApp.getActive();
}

/** Spreadsheet-level developer metadata as a key-value store: one read of the list per call. */
function metadataStore(spreadsheet: Spreadsheet): DocumentStore {
  const find = (key: string) => spreadsheet.getDeveloperMetadata().find((m) => m.getKey() === key);
  const set = (key: string, value: string) => {
    const found = find(key);
    if (found) found.setValue(value);
    else spreadsheet.addDeveloperMetadata(key, value, SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
  };
  return {
    getProperty: (key) => find(key)?.getValue() ?? null,
    setProperty: set,
    setProperties: (values) => {
      for (const key of Object.keys(values)) set(key, values[key]!);
    },
    deleteProperty: (key) => find(key)?.remove(),
  };
}

export function documentStore(): DocumentStore {
  if (ADDON_ROUTE) return metadataStore(theSpreadsheet());
  return PropertiesService.getDocumentProperties();
}

/** The refresh's lock. With no document lock (an add-on's night) the user's own, which keeps this user's
 * nights apart; a refresh holding the document lock, or another user's night, is kept apart by the start
 * record, read by every refresh of the add-on build (refresh-start.ts, startedElsewhere). */
export function refreshLock(): GoogleAppsScript.Lock.Lock {
  return (
    LockService.getDocumentLock() || (ADDON_ROUTE ? LockService.getUserLock() : LockService.getScriptLock())
  );
}
