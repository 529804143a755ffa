// Optional services stay optional (core/flows/optional-services.ts decides how), and required ones are asked
// again where that is safe (core/flows/asked-again.ts): here, the ports they work over (Apps Script's clock
// and the execution log, where Google's own words go), the property stores and SpreadsheetApp.

import {
  storeAskedAgain as askedAgainStore,
  askedAgainWhereSafe,
  repeatableSpreadsheetCall,
} from '../core/flows/asked-again';
import {
  optionalCache as cacheNeverThrowing,
  LOCK_RETRY_MS,
  optionalLock as lockNeverStopping,
  type OptionalLock,
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

/** A property store whose every call is asked again as Google's refusal allows: each reads, puts a value
 * under a key or takes a key out, so repeated it leaves the store as once. */
export function storeAskedAgain(
  get: () => GoogleAppsScript.Properties.Properties,
): GoogleAppsScript.Properties.Properties {
  return askedAgainStore(get, SERVICES);
}

/** SpreadsheetApp with its reads and fixed writes asked again under a rate limit, and those of every
 * spreadsheet, sheet, range or builder got from it. Every call of the add-on goes through it, so that what
 * a wrapped object is handed (a range given to a rule's builder) is always Google's own. */
export function sheetsApp(): typeof SpreadsheetApp {
  return askedAgainWhereSafe(SpreadsheetApp, SERVICES, repeatableSpreadsheetCall, false);
}
