// The author's settings for this spreadsheet live in document properties: every editor of the
// spreadsheet refreshes the same tabs with the same period and currency.
import { type RoyaltiesSettings, settingsFromStored, storedSettingsJson } from '../core/settings';
import { documentStore } from './document';
import { forgetDocumentFacts } from './document-facts';

const SETTINGS_PROPERTY = 'royalties.settings';

/** The property as stored (null: never saved). Formula cells keep it among the document facts. */
export function storedSettingsText(): string | null {
  return documentStore().getProperty(SETTINGS_PROPERTY);
}

export function loadSettings(): RoyaltiesSettings {
  return settingsFromStored(storedSettingsText());
}

export function storeSettings(settings: RoyaltiesSettings): void {
  documentStore().setProperty(SETTINGS_PROPERTY, storedSettingsJson(settings));
  // Formula cells keep the settings among the document facts: drop them, so the next cell reads these.
  forgetDocumentFacts();
}
