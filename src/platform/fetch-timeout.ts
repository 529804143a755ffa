// `timeoutSeconds` in UrlFetchApp's params. One 2026 report says fetch accepts it; Google's reference does
// not list it (docs/google-rules.md). Sent on every request, sized to what the caller's budget can still
// afford, it cuts a hanging request short where Google honours it and changes nothing where Google ignores
// it. Should Google refuse it as an invalid argument, the round is sent again without it and the refusal is
// remembered in the user's properties (a flag: no key, no address), so it is never sent again. A formula
// cell and the sidebar's state find the flag in the one read of the user's properties they make anyway
// (primeTimeoutMemory), and so does a refresh; other executions read it once, before their first request.

import { type StoredValues, userProperties } from './document';

const REFUSED_PROPERTY = 'royalties.http.timeoutSecondsRefused';
/** Google's longest wait: asking for more would only say something untrue. */
const MAX_SECONDS = 60;

/** Per execution: null until the user's properties were read. */
let refused: boolean | null = null;

/** From the user's properties already read whole (document.ts, userValues): a formula cell, the sidebar. */
export function primeTimeoutMemory(user: StoredValues): void {
  refused = user.getProperty(REFUSED_PROPERTY) !== null;
}

/** The timeoutSeconds to send for a round the caller can wait `timeoutMs` for; null: send none. */
export function timeoutSecondsFor(timeoutMs: number | undefined): number | null {
  if (timeoutMs === undefined) return null;
  if (refused === null) {
    try {
      refused = userProperties().getProperty(REFUSED_PROPERTY) !== null;
    } catch {
      refused = false;
    }
  }
  if (refused) return null;
  return Math.min(MAX_SECONDS, Math.max(1, Math.floor(timeoutMs / 1000)));
}

/** Whether UrlFetchApp's error is its refusal of the parameter (nothing was sent). If so, it is never sent
 * again: in this execution at once, in later ones through the user's properties. */
export function timeoutRefused(message: string): boolean {
  if (!/invalid argument/i.test(message) || !/timeoutSeconds/.test(message)) return false;
  refused = true;
  try {
    userProperties().setProperty(REFUSED_PROPERTY, 'yes');
  } catch {
    // Not kept (a custom function may not write it): the next execution learns it again, losing nothing.
  }
  return true;
}
