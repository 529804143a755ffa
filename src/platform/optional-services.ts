// Optional services stay optional (core/flows/optional-services.ts decides how): here, the ports it works
// over: Apps Script's clock and the execution log, where Google's own words go.
import {
  optionalCache as cacheNeverThrowing,
  LOCK_RETRY_MS,
  optionalLock as lockNeverStopping,
  type OptionalLock,
  readAgainIfRefused,
  type ServicePorts,
} from '../core/flows/optional-services';
import type { CachePort } from '../core/ports';
import { platformClock } from './clock';

export { type OptionalLock, UNGUARDED } from '../core/flows/optional-services';

/** Where Google's own words go: the execution log, never the author. */
export function logGoogle(text: string): void {
  console.warn(text);
}

const SERVICES: ServicePorts = { clock: platformClock, log: logGoogle };

/** A CacheService cache as a CachePort that never throws. */
export function optionalCache(get: () => GoogleAppsScript.Cache.Cache | null): CachePort | undefined {
  return cacheNeverThrowing(get, logGoogle);
}

/** A LockService lock whose refusals never stop the work. Null when there is no lock at all. */
export function optionalLock(
  get: () => GoogleAppsScript.Lock.Lock | null,
  retryMs = LOCK_RETRY_MS,
): OptionalLock | null {
  return lockNeverStopping(get, SERVICES, retryMs);
}

/** A read of a user's or the document's properties, asked again as Google's refusal allows. */
export function storeRead<T>(read: () => T): T {
  return readAgainIfRefused(read, SERVICES);
}
