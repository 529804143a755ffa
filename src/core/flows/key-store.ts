// Where the API key lives: the user's own properties, readable by this user only (and, inside a custom
// function, the spreadsheet owner's: docs/apps-script.md). The key leaves this store only for the
// client's Authorization header. Beside it, its fingerprint (not secret: a truncated salted hash), so that
// formula cells, each its own execution, tell keys apart in cache keys without a digest of their own.
// platform/key-store.ts hands in the user's properties.
import { keyFingerprintOf } from '../api';
import type { DigestPort } from '../ports';

const API_KEY_PROPERTY = 'royalties.apiKey';
const FINGERPRINT_PROPERTY = 'royalties.apiKeyFingerprint';

interface Values {
  getProperty(key: string): string | null;
}

/** The key and its fingerprint in the user's properties read whole (a custom function reads them all in
 * one call). keyProperties writes both in one call, so a key stands beside its fingerprint. */
export function keyIn(user: Values): { apiKey: string; fingerprint: string } | null {
  const apiKey = user.getProperty(API_KEY_PROPERTY);
  const fingerprint = user.getProperty(FINGERPRINT_PROPERTY);
  return apiKey && fingerprint ? { apiKey, fingerprint } : null;
}

/** The key alone (none: null). */
export function storedKey(user: Values): string | null {
  return user.getProperty(API_KEY_PROPERTY) || null;
}

/** Key and fingerprint, to be written in one call, so a changed key never sits beside the old key's
 * fingerprint. */
export function keyProperties(apiKey: string, digest: DigestPort): Record<string, string> {
  return { [API_KEY_PROPERTY]: apiKey, [FINGERPRINT_PROPERTY]: keyFingerprintOf(digest, apiKey) };
}

/** What removing the key deletes. */
export const KEY_PROPERTIES: readonly string[] = [API_KEY_PROPERTY, FINGERPRINT_PROPERTY];
