// The author's settings for this spreadsheet live in document properties: every editor of the
// spreadsheet refreshes the same tabs with the same period and currency.
import { type RoyaltiesSettings, settingsFromStored } from '../core/settings';

const SETTINGS_PROPERTY = 'royalties.settings';

export function loadSettings(): RoyaltiesSettings {
  return settingsFromStored(PropertiesService.getDocumentProperties().getProperty(SETTINGS_PROPERTY));
}

/** The settings, read from the store only when a field is first asked: a formula whose arguments give
 * the period and currency never reads them. */
export function settingsWhenAsked(): RoyaltiesSettings {
  let settings: RoyaltiesSettings | undefined;
  const read = () => (settings ||= loadSettings());
  return {
    get range() {
      return read().range;
    },
    get currency() {
      return read().currency;
    },
    get tabs() {
      return read().tabs;
    },
  };
}

export function storeSettings(settings: RoyaltiesSettings): void {
  PropertiesService.getDocumentProperties().setProperty(SETTINGS_PROPERTY, JSON.stringify(settings));
}
