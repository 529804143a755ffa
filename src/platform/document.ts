// The spreadsheet an execution works on, where its records are kept, and the lock a refresh takes.
// Bound build: the active spreadsheet, document properties and the document lock, as ever. Add-on
// build: an installed add-on's clock trigger runs with no active spreadsheet, and with no document
// properties, cache or lock (docs/google-rules.md, "Triggers"); its night opens the spreadsheet by id,
// and every record lives in the spreadsheet's own developer metadata (PROJECT visibility: only this
// script reads it), so the sidebar and the night read the same place.

import { type MetadataPort, metadataStore, roomBeside, storedValuesOf } from '../core/flows/document-store';
import { type OptionalLock, optionalLock, sheetsApp, storeAskedAgain, UNGUARDED } from './optional-services';

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
  opened = sheetsApp().openById(id);
  listed = null;
  return opened;
}

export function theSpreadsheet(): Spreadsheet {
  return (__ROYALTIES_ADDON_ROUTE__ && opened) || sheetsApp().getActive();
}

/** The time zone the spreadsheet shows its times in. */
export function sheetZone(): string {
  return theSpreadsheet().getSpreadsheetTimeZone();
}

/** This user's own properties: their key, their nightly hour, what they keep open in the sidebar. */
export function userProperties(): GoogleAppsScript.Properties.Properties {
  return storeAskedAgain(() => PropertiesService.getUserProperties());
}

/** What a reader of stored values needs: one value by key (null: none). A store itself, where each value
 * read is a call of its own, or a store read whole in one call (userValues, documentValues). */
export interface StoredValues {
  getProperty(key: string): string | null;
}

// Read whole in one call (getProperties): an execution that reads several values (the sidebar's state, a
// formula cell) pays one property read per store, not one per value (about 32 ms each:
// docs/apps-script-costs.md). A copy, for reading: what the execution writes afterwards is not in it.

/** This user's properties (in a custom function, the owner's) as they are now, in one read. */
export function userValues(): StoredValues {
  return storedValuesOf(userProperties().getProperties());
}

/** The document store's records as they are now, in one read. */
export function documentValues(): StoredValues {
  // Add-on build: the records are the spreadsheet's metadata, listed once per execution already.
  if (__ROYALTIES_ADDON_ROUTE__) return documentStore();
  return storedValuesOf(documentProperties().getProperties());
}

interface Listed {
  readonly key: string;
  /** Null for one added in this execution until it is changed again (addDeveloperMetadata returns none). */
  metadata: GoogleAppsScript.Spreadsheet.DeveloperMetadata | null;
  value: string;
}

/** The spreadsheet's own metadata, listed once per execution (module state starts afresh with each): every
 * record read would otherwise list it all again. Listed anew once the refresh lock is taken, since another
 * execution may have written meanwhile. */
let listed: Listed[] | null = null;

function listing(): Listed[] {
  listed ??= theSpreadsheet()
    .getDeveloperMetadata()
    .map((metadata) => ({ key: metadata.getKey(), metadata, value: metadata.getValue() ?? '' }));
  return listed;
}

/** Characters the records under `keys` may take together beside everything else in the spreadsheet's
 * metadata (add-on build: core/flows/document-store.ts); unbounded in the bound build, where each
 * property's own cap is enough. */
export function roomFor(...keys: string[]): number {
  // The add-on's branch only, so the bound build carries none of the listing (build-config.ts says why).
  return __ROYALTIES_ADDON_ROUTE__ ? roomBeside(listing(), keys) : Infinity;
}

/** Google's calls on the spreadsheet's metadata, the listing kept in step. */
function metadataPort(spreadsheet: Spreadsheet): MetadataPort<Listed> {
  const handle = (e: Listed) =>
    (e.metadata ??= spreadsheet.createDeveloperMetadataFinder().withKey(e.key).find()[0] ?? null);
  return {
    listing,
    add(key, value) {
      spreadsheet.addDeveloperMetadata(key, value, SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
      listing().push({ key, metadata: null, value });
    },
    change(e, value) {
      handle(e)?.setValue(value);
      e.value = value;
    },
    remove(e) {
      handle(e)?.remove();
      listed = listing().filter((other) => other !== e);
    },
  };
}

export function documentStore(): DocumentStore {
  if (__ROYALTIES_ADDON_ROUTE__) return metadataStore(metadataPort(theSpreadsheet()));
  return documentProperties();
}

/** The document's properties (bound build), every call asked again as Google's refusal allows. */
function documentProperties(): GoogleAppsScript.Properties.Properties {
  return storeAskedAgain(() => PropertiesService.getDocumentProperties());
}

/** The refresh's lock. With no document lock (an add-on's night) the user's own, which keeps this user's
 * nights apart; a refresh holding the document lock, or another user's night, is kept apart by the start
 * record, read by every refresh of the add-on build (refresh-start.ts, liveStart). */
export function refreshLock(): OptionalLock {
  // Taken right away by every caller: what other executions wrote until then is listed afresh after it.
  if (__ROYALTIES_ADDON_ROUTE__) listed = null;
  // LockService refusing (its rate limits throw): asked again briefly, then the refresh runs without it.
  return (
    optionalLock(
      () =>
        LockService.getDocumentLock() ||
        (__ROYALTIES_ADDON_ROUTE__ ? LockService.getUserLock() : LockService.getScriptLock()),
    ) ?? UNGUARDED
  );
}
