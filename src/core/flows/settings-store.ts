// The author's settings for this spreadsheet in the document store (document properties; developer
// metadata in the add-on build): every editor refreshes the same tabs with the same period and currency.
// platform/settings-store.ts hands in the store.
import { type RoyaltiesSettings, settingsFromStored, storedSettingsJson } from '../settings';

const SETTINGS_PROPERTY = 'royalties.settings';

/** Add-on build: the spreadsheet's metadata has no room left for the settings (others' records may fill it). */
const NO_ROOM_FOR_SETTINGS =
  "Settings not saved: this spreadsheet's developer metadata, where the add-on keeps them, is full.";

/** The property as stored (null: never saved). Formula cells keep it among the document facts. */
export function storedSettingsText(document: { getProperty(key: string): string | null }): string | null {
  return document.getProperty(SETTINGS_PROPERTY);
}

export function settingsIn(document: { getProperty(key: string): string | null }): RoyaltiesSettings {
  return settingsFromStored(storedSettingsText(document));
}

export interface SettingsStorePort {
  /** How much the store can still hold under this key (Infinity: document properties, unbounded here). */
  roomFor(key: string): number;
  save(key: string, text: string): void;
}

/** Said, rather than left out as a refresh's records are: losing the author's choices would go unseen. */
export function storeSettingsIn(settings: RoyaltiesSettings, port: SettingsStorePort): void {
  const text = storedSettingsJson(settings);
  if (text.length > port.roomFor(SETTINGS_PROPERTY)) throw new Error(NO_ROOM_FOR_SETTINGS);
  port.save(SETTINGS_PROPERTY, text);
}
