// Bearer authentication. The real API's answers to a missing, malformed or revoked key are not
// documented; we answer 401 `unauthorized` with a message that says which, never echoing the key.

import type { Account } from './accounts.ts';
import { type ApiResponse, apiError } from './responses.ts';

const BEARER = /^Bearer ([^\s]+)$/i;
const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="royalties"' };

export function authenticate(
  header: string | undefined,
  accounts: ReadonlyMap<string, Account>,
): Account | ApiResponse {
  if (header === undefined || header.trim() === '') {
    return apiError(
      401,
      'unauthorized',
      'Missing API key: send the header Authorization: Bearer <API key>.',
      CHALLENGE,
    );
  }
  const match = BEARER.exec(header.trim());
  if (!match) {
    return apiError(
      401,
      'unauthorized',
      'Malformed Authorization header: expected Bearer <API key>.',
      CHALLENGE,
    );
  }
  const account = accounts.get(match[1]!);
  if (!account) {
    return apiError(
      401,
      'unauthorized',
      'API key not recognised: it may have been revoked or mistyped.',
      CHALLENGE,
    );
  }
  return account;
}

/** A key the server will accept: a prefix ending in `live_`, then at least eight more characters. */
export function checkKeyFormat(key: string): void {
  if (!/^[a-z0-9_]*live_[A-Za-z0-9]{8,}$/.test(key)) {
    throw new TypeError(
      'A demo API key must look like rfs_live_… (a prefix ending in live_, then 8+ letters or digits)',
    );
  }
}
