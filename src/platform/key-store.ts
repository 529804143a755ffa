// Where the API key lives: the user's own properties, readable by this user only (and, inside a custom
// function, the spreadsheet owner's: docs/apps-script.md). The key leaves this store only for the
// client's Authorization header.
const API_KEY_PROPERTY = 'royalties.apiKey';

function store(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getUserProperties();
}

/** The key in a copy of the user's properties (a custom function reads them all in one call). */
export function keyIn(userProperties: Readonly<Record<string, string>>): string | null {
  return userProperties[API_KEY_PROPERTY] || null;
}

export const keyStore = {
  get(): string | null {
    return store().getProperty(API_KEY_PROPERTY) || null;
  },
  save(apiKey: string): void {
    store().setProperty(API_KEY_PROPERTY, apiKey);
  },
  remove(): void {
    store().deleteProperty(API_KEY_PROPERTY);
  },
};
