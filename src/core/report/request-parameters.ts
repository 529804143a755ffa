// A response may echo what was asked beside its figures (`"interval": "day"` beside a timeline's points, a
// page number, a limit). That says how the request was made, not a figure of the account, so it never
// becomes a fact: no Totals row, no Summary metric, nothing a formula's `field` could take for a total.
import { wordSet } from './word-lists';

/** The parameters the client sends (range, currency, interval) and the usual paging and grouping ones. */
const REQUEST_PARAMETERS = wordSet(
  'range interval granularity group_by groupby page per_page page_size limit offset cursor sort order',
);

/** Whether a fact's key is a request parameter echoed at the top of the response. */
export function isRequestParameter(key: string): boolean {
  return REQUEST_PARAMETERS.has(key.toLowerCase());
}
