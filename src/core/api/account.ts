// GET /account as the sidebar shows it. Every field is documented (docs/api.md §1, /account) and read by
// name; anything missing becomes null rather than an error, since the sidebar can still show the rest.
// Plain strings and booleans only: the view crosses google.script.run, which refuses Dates.

import { emptyAnswerText } from '../base/phrases';
import { holdsNoValue, isObject, type JsonObject, textOrNull as text } from '../base/unknown';
import { ENDPOINTS } from '../endpoints';
import { ApiError } from './errors';

export interface PlatformView {
  readonly platformId: string | null;
  readonly name: string | null;
  readonly connected: boolean;
  /** ISO 8601 UTC, as the API gives it. */
  readonly lastSyncAt: string | null;
  readonly syncStatus: string | null;
  /** `YYYY-MM-DD`: the last day with data. */
  readonly coveredThrough: string | null;
}

export interface AccountView {
  readonly keyName: string | null;
  /** The key's prefix and a few characters, then an ellipsis: never the whole key. */
  readonly keyStart: string | null;
  readonly isDemo: boolean;
  readonly reportingCurrency: string | null;
  readonly subscriptionStatus: string | null;
  readonly platforms: readonly PlatformView[];
}

/** Up to and including `live_` plus four characters (what the API's `api_key.start` shows). */
export function maskKey(apiKey: string): string {
  const at = apiKey.indexOf('live_');
  const keep = at >= 0 ? at + 'live_'.length + 4 : Math.min(8, Math.floor(apiKey.length / 3));
  return `${apiKey.slice(0, Math.min(keep, apiKey.length - 4))}…`;
}

/**
 * `apiKey`, when known, guards against an API that echoes too much: a `start` that is not a short
 * prefix of the key is replaced by our own mask.
 */
function keyStartOf(start: string | null, apiKey: string | undefined): string | null {
  if (
    apiKey === undefined ||
    (start !== null && apiKey.startsWith(start) && start.length <= apiKey.length - 4)
  ) {
    return start === null ? null : `${start}…`;
  }
  return maskKey(apiKey);
}

export function accountView(data: unknown, apiKey?: string): AccountView {
  // 200 with nothing in it (a proxy's `{}`): not an account, and not proof that the key works.
  if (holdsNoValue(data)) throw new ApiError('invalid-response', emptyAnswerText(ENDPOINTS.account.title));
  // A field that is not an object reads as one with nothing in it.
  const fields = (value: unknown): JsonObject => (isObject(value) ? value : {});
  const account = fields(data);
  const key = fields(account.api_key);
  const platforms = Array.isArray(account.platforms) ? account.platforms : [];
  return {
    keyName: text(key.name),
    keyStart: keyStartOf(text(key.start), apiKey),
    isDemo: account.is_demo === true,
    reportingCurrency: text(account.reporting_currency),
    subscriptionStatus: text(fields(account.subscription).status),
    platforms: platforms.filter(isObject).map((p) => ({
      platformId: text(p.platform_id),
      name: text(p.name),
      connected: p.connected === true,
      lastSyncAt: text(p.last_sync_at),
      syncStatus: text(p.sync_status),
      coveredThrough: text(p.covered_through),
    })),
  };
}
