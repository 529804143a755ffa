// Checking a key before it is stored (GET /account): the server's budget, and what the sidebar says once
// that budget has passed. UrlFetchApp cannot be cut short, so a hanging API holds the call for its whole
// timeout (about a minute) whatever the budget: the author is told why the wait goes on.

/** The author is waiting on the sidebar: a few retries, not minutes. */
export const KEY_CHECK_BUDGET_MS = 20_000;

export const KEY_CHECK_STILL_WAITING =
  'The API is not answering. Still waiting for it (up to a minute); nothing is saved until it answers.';

/** What the clicked button says while the API checks the key: at once, so a slow API is not taken for a
 * dead button and clicked again. */
export const KEY_CHECKING = 'Checking…';
export const KEY_REMOVING = 'Removing…';
