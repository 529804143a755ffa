// Where the API key lives: the user's own properties, readable by this user only (and, inside a custom
// function, the spreadsheet owner's: apps-script-facts.md). The key leaves this store only for the
// client's Authorization header.
const API_KEY_PROPERTY = 'royalties.apiKey';

function store(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getUserProperties();
}

export const keyStore = {
  get(): string | null {
    const value = store().getProperty(API_KEY_PROPERTY);
    return value === null || value === '' ? null : value;
  },
  save(apiKey: string): void {
    store().setProperty(API_KEY_PROPERTY, apiKey);
  },
  remove(): void {
    store().deleteProperty(API_KEY_PROPERTY);
  },
};
