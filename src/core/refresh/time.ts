// How long a refresh may spend with the API, a hanging request included. UrlFetchApp's fetchAll waits for
// its slowest request and its error names one URL, so each round that hangs tells of one more request
// with no answer; the client asks the rest again without it (core/api/client.ts, "not-run") for as long
// as a whole round still ends before this deadline. Writing the tabs is what the rest of the execution
// is kept for. A round's length is the client's `roundTimeoutMs` (UrlFetchApp's 60 s today): a shorter
// timeout UrlFetchApp honoured would be passed there, and more rounds would fit.
import { EXECUTION_LIMIT_MS } from './interrupted';

/**
 * Kept for writing the tabs, the history, the dashboard and the Status tab after the last round. A whole
 * refresh of the demo account makes about 190 service calls (npm run bench); at 0.2 s each, about the
 * slowest published figure for one call (one setValues of up to 10,000 cells, tanaikech.github.io
 * 2018-10-12; appendRow about 0.1 s), that is under 40 s. Twice that and some.
 */
export const WRITE_RESERVE_MS = 90_000;

/** The moment after which the refresh's client starts no round (nor a retry's wait) that could end later:
 * the execution's 6 minutes from when it started, less the writes' reserve. 270 s of API time fits four
 * rounds of up to 60 s: three that hang, each naming one report, and the one in which the rest answer. */
export function refreshApiDeadline(executionStartedAt: number): number {
  return executionStartedAt + EXECUTION_LIMIT_MS - WRITE_RESERVE_MS;
}
