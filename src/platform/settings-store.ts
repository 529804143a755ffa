// The author's settings for this spreadsheet live in document properties: every editor of the
// spreadsheet refreshes the same tabs with the same period and currency.
import { type RoyaltiesSettings, settingsFromStored } from '../core/settings';

const SETTINGS_PROPERTY = 'royalties.settings';

export function loadSettings(): RoyaltiesSettings {
  return settingsFromStored(PropertiesService.getDocumentProperties().getProperty(SETTINGS_PROPERTY));
}

export function storeSettings(settings: RoyaltiesSettings): void {
  PropertiesService.getDocumentProperties().setProperty(SETTINGS_PROPERTY, JSON.stringify(settings));
}
