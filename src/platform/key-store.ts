// Where the API key lives: the user's own properties, readable by this user only (and, inside a custom
// function, the spreadsheet owner's: docs/apps-script.md). The key leaves this store only for the
// client's Authorization header. Beside it, its fingerprint (not secret: a truncated salted hash), so that
// formula cells, each its own execution, tell keys apart in cache keys without a digest of their own.
import { keyFingerprintOf } from '../core/api';
import { platformDigest } from './digest';
import { type StoredValues, userProperties } from './document';
import { forgetDocumentFacts } from './document-facts';

const API_KEY_PROPERTY = 'royalties.apiKey';
const FINGERPRINT_PROPERTY = 'royalties.apiKeyFingerprint';

/** The key and its fingerprint in the user's properties read whole (a custom function reads them all in
 * one call). keyStore.save writes both in one call, so a key stands beside its fingerprint. */
export function keyIn(user: StoredValues): { apiKey: string; fingerprint: string } | null {
  const apiKey = user.getProperty(API_KEY_PROPERTY);
  const fingerprint = user.getProperty(FINGERPRINT_PROPERTY);
  return apiKey && fingerprint ? { apiKey, fingerprint } : null;
}

export const keyStore = {
  /** `user`: the user's properties, or what a caller read of them whole (document.ts, userValues). */
  get(user: StoredValues = userProperties()): string | null {
    return user.getProperty(API_KEY_PROPERTY) || null;
  },
  /** Key and fingerprint in one write, so a changed key never sits beside the old key's fingerprint. */
  save(apiKey: string): void {
    userProperties().setProperties({
      [API_KEY_PROPERTY]: apiKey,
      [FINGERPRINT_PROPERTY]: keyFingerprintOf(platformDigest, apiKey),
    });
    // This spreadsheet's formulas carry the old key's fingerprint: they ask again (others within ten minutes).
    forgetDocumentFacts();
  },
  remove(): void {
    const properties = userProperties();
    properties.deleteProperty(API_KEY_PROPERTY);
    properties.deleteProperty(FINGERPRINT_PROPERTY);
    forgetDocumentFacts();
  },
};
