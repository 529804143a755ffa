// Any parsed report response to a table. The documented envelope (`period`, `currency`, `meta.truncated`)
// is read by name and kept out of the columns; everything else is found by shape, so the same code reads
// the demo server and a real API that arranges its fields differently.
//
// /account has no envelope. Its table is one row per platform (how fresh each channel's data is), and the
// account's own fields (reporting currency, subscription, the key in use) are its facts; `accountFacts`
// lays those out as a Metric/Value table for the Account tab and for =ROYALTIES_ACCOUNT("field").

import { emptyAnswerText } from '../base/phrases';
import { holdsNoValue, isObject, ownField } from '../base/unknown';
import { ENDPOINTS, type EndpointId } from '../endpoints';
import { describeReceived, ReportShapeError } from './errors';
import { collectFigures } from './figures';
import { locateRows, readMeta, withoutPath } from './locate';
import { metricTable } from './metric-table';
import { asRecord, typedRows } from './rows';
import { canonicalShape } from './shapes';
import type { ReportMeta, ReportTable, RowsRead } from './types';

const ERROR_CODE = /^[A-Za-z0-9_.-]{1,40}$/;

/** `unread`: pages of the report the client could not read (ApiResponse.pages.unread): the table is then
 * marked truncated, with that reason, as loudly as a response that says so itself; `rowsRead`: rows read
 * of the count the report gave, when fewer (ApiResponse.pages.rows), for the checks' words. */
export function toReportTable(
  given: unknown,
  endpoint: EndpointId,
  unread?: string | null,
  rowsRead?: RowsRead | null,
): ReportTable {
  const currency = isObject(given) ? ownField(given, 'currency') : null;
  const response = canonicalShape(given, typeof currency === 'string' ? currency : null);
  const title = ENDPOINTS[endpoint].title;
  const refused = (what: string) =>
    new ReportShapeError(`The API answered the ${title} request with ${what} instead of a report.`);
  if (!isObject(response) && !Array.isArray(response)) throw refused(describeReceived(response));
  const { items, path, body } = locateRows(response, endpoint);
  // An error body (`{"error": {…}}`) that reached this layer says so, rather than becoming a table.
  const names = body ? Object.keys(body) : [];
  if (names.length === 1 && names[0] === 'error') {
    const error = body!.error;
    const code = isObject(error) ? ownField(error, 'code') : error;
    const shown = typeof code === 'string' && ERROR_CODE.test(code) ? ` (${code})` : '';
    throw refused(`an error${shown}`);
  }
  if (holdsNoValue(response)) throw new ReportShapeError(emptyAnswerText(title));
  const read = readMeta(response);
  const meta = unread ? { ...read, truncated: true, unread, ...(rowsRead ? { rowsRead } : {}) } : read;
  const rest = body ? [withoutPath(body, path)] : [];

  // The summary's figures are not a list: it lays them out one per row unless it really holds a list.
  if (endpoint === 'summary' && (items === null || items.length <= 1)) {
    const figures = collectFigures([...(items || []).map(asRecord), ...rest], meta.currency);
    return metricTable(figures.facts, withNotes(meta, figures.textFigures, figures.unsureRates));
  }
  // No list at all: the object itself is the one row (and there are no figures beside it). Only an array
  // has no body, and an array is its own list.
  const { textFigures, unsureRates, currencies, ...typed } = typedRows(
    items || (names.length ? [body] : []),
    meta.currency,
  );
  const beside =
    items === null ? { facts: [], textFigures: [], unsureRates: [] } : collectFigures(rest, meta.currency);
  return {
    ...typed,
    meta: withNotes(
      currencies ? { ...meta, currencies } : meta,
      [...textFigures, ...beside.textFigures],
      [...unsureRates, ...beside.unsureRates],
    ),
    layout: 'rows',
    facts: beside.facts,
  };
}

/** The meta with the columns the banners must name: figures kept as text, rates of no decided scale. */
function withNotes(
  meta: ReportMeta,
  textFigures: readonly string[],
  unsureRates: readonly string[],
): ReportMeta {
  return {
    ...meta,
    ...(textFigures.length ? { textFigures } : {}),
    ...(unsureRates.length ? { unsureRates } : {}),
  };
}

/** The account's own fields (everything but the platforms list) as Metric/Value rows. */
export function accountFacts(response: unknown): ReportTable {
  const table = toReportTable(response, 'account');
  return metricTable(table.facts!, table.meta);
}
