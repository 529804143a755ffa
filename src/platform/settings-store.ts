// The author's settings in this spreadsheet's document store (core/flows/settings-store.ts: under which
// name, refused when the add-on's metadata has no room); formula cells drop what they kept of them.
import {
  settingsIn,
  storedSettingsText as settingsTextIn,
  storeSettingsIn,
} from '../core/flows/settings-store';
import type { RoyaltiesSettings } from '../core/settings';
import { documentStore, roomFor, type StoredValues } from './document';
import { forgetDocumentFacts } from './document-facts';

/** The property as stored (null: never saved). Formula cells keep it among the document facts. */
export function storedSettingsText(document: StoredValues = documentStore()): string | null {
  return settingsTextIn(document);
}

/** `document`: the document store, or what a caller read of it whole (document.ts, documentValues). */
export function loadSettings(document: StoredValues = documentStore()): RoyaltiesSettings {
  return settingsIn(document);
}

export function storeSettings(settings: RoyaltiesSettings): void {
  storeSettingsIn(settings, {
    // The bound build's room is unbounded (document properties): its listing is not compiled in.
    roomFor: (key) => (__ROYALTIES_ADDON_ROUTE__ ? roomFor(key) : Infinity),
    save: (key, text) => documentStore().setProperty(key, text),
  });
  // Formula cells keep the settings among the document facts: drop them, so the next cell reads these.
  forgetDocumentFacts();
}
