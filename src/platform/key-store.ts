// The API key in the user's own properties (core/flows/key-store.ts: under which names, beside its
// fingerprint); whatever formulas knew of the old key is dropped when it changes.
import { KEY_PROPERTIES, keyIn, keyProperties, storedKey } from '../core/flows/key-store';
import { platformDigest } from './digest';
import { type StoredValues, userProperties } from './document';
import { forgetDocumentFacts } from './document-facts';

export { keyIn };

export const keyStore = {
  /** `user`: the user's properties, or what a caller read of them whole (document.ts, userValues). */
  get(user: StoredValues = userProperties()): string | null {
    return storedKey(user);
  },
  save(apiKey: string): void {
    userProperties().setProperties(keyProperties(apiKey, platformDigest));
    // This spreadsheet's formulas carry the old key's fingerprint: they ask again (others within ten minutes).
    forgetDocumentFacts();
  },
  remove(): void {
    const properties = userProperties();
    for (const key of KEY_PROPERTIES) properties.deleteProperty(key);
    forgetDocumentFacts();
  },
};
