// The author's settings for this spreadsheet live in the document store (document properties; developer
// metadata in the add-on build): every editor refreshes the same tabs with the same period and currency.
import { type RoyaltiesSettings, settingsFromStored, storedSettingsJson } from '../core/settings';
import { documentStore, roomFor, type StoredValues } from './document';
import { forgetDocumentFacts } from './document-facts';

const SETTINGS_PROPERTY = 'royalties.settings';

/** Add-on build: the spreadsheet's metadata has no room left for the settings (others' records may fill it). */
const NO_ROOM_FOR_SETTINGS =
  "Settings not saved: this spreadsheet's developer metadata, where the add-on keeps them, is full.";

/** The property as stored (null: never saved). Formula cells keep it among the document facts. */
export function storedSettingsText(document: StoredValues = documentStore()): string | null {
  return document.getProperty(SETTINGS_PROPERTY);
}

/** `document`: the document store, or what a caller read of it whole (document.ts, documentValues). */
export function loadSettings(document: StoredValues = documentStore()): RoyaltiesSettings {
  return settingsFromStored(storedSettingsText(document));
}

export function storeSettings(settings: RoyaltiesSettings): void {
  const text = storedSettingsJson(settings);
  // Said, rather than left out as a refresh's records are: losing the author's choices would go unseen.
  // (The bound build's room is unbounded: document properties.)
  if (__ROYALTIES_ADDON_ROUTE__ && text.length > roomFor(SETTINGS_PROPERTY))
    throw new Error(NO_ROOM_FOR_SETTINGS);
  documentStore().setProperty(SETTINGS_PROPERTY, text);
  // Formula cells keep the settings among the document facts: drop them, so the next cell reads these.
  forgetDocumentFacts();
}
