// The key check's refusal as the sidebar's key field shows it (kept apart from key-check.ts, which the
// sidebar bundle imports for its wording, so the error class stays out of the page).
import { ApiError } from './api/errors';
import { SAVE_KEY_HERE, SAVE_KEY_IN_SIDEBAR } from './base/phrases';

/** A refused key's error as the key field shows it: the author is in the sidebar, so the advice is to paste
 * a key here, not to go to the sidebar. The error is the key check's own, thrown on from there. */
export function inTheKeyField(err: unknown): unknown {
  if (err instanceof ApiError) err.message = err.message.replace(SAVE_KEY_IN_SIDEBAR, SAVE_KEY_HERE);
  return err;
}
