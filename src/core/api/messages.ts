// A failure → the ApiError an author reads in a cell note, a toast or the sidebar: what happened and
// what to do. Text that came from outside (server messages, network errors, bodies) arrives with the key
// already taken out (client.ts, withoutKey), before any of it is cut to an excerpt here.

import { LIST_SERIES, SAVE_KEY_IN_SIDEBAR, TRY_LATER, WRONG_ADDRESS } from '../base/phrases';
import { isObject } from '../base/unknown';
import { ENDPOINTS, type EndpointId } from '../endpoints';
import { ApiError, type ApiErrorKind, excerpt } from './errors';
import type { Failure } from './response';
import type { ApiRequest } from './types';

/** The request that failed, as the client tracks it. */
interface Asked {
  readonly request: ApiRequest;
  /** Its path below the base URL. */
  readonly prepared: { readonly path: string };
  readonly attempts: number;
}

/** `{"error": {"message"}}` (the demo API's shape), `{"error": "…"}` or `{"message": "…"}`. */
function serverMessageOf(data: unknown): string | undefined {
  if (!isObject(data)) return undefined;
  const error = data.error;
  return [isObject(error) && error.message, error, data.message].find((text) => typeof text === 'string') as
    | string
    | undefined;
}

/** For an HTML page (a proxy's or server's error page): ' ("its title or first words")', or '' when it
 * says nothing; null when the body is JSON or not a web page. Never markup: tags are stripped. */
function pageText(body: string | undefined): string | null {
  if (body === undefined || !/<(!doctype\s+html|html|head|body)\b/i.test(body)) return null;
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body);
  const text = (title ? title[1]! : body.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' '))
    // Tags, and a `>` left alone, are spaces.
    .replace(/<[^>]*>?|>/g, ' ')
    // `&amp;` is "&"; every other entity (`&nbsp;` too) a space.
    .replace(/&amp;/g, '&')
    .replace(/&#?\w+;/g, ' ');
  const shown = excerpt(text, 60);
  return shown === '(empty body)' ? '' : ` (${shown})`;
}

/** `stoppedForTime`: a retry was due but its wait would have passed the deadline. */
export function errorFor(failure: Failure, asked: Asked, stoppedForTime: boolean): ApiError {
  const { status, noAnswer } = failure;
  const { attempts, request } = asked;
  const { title } = ENDPOINTS[request.endpoint];
  const error = (kind: ApiErrorKind, message: string, retryAfterSeconds?: number) =>
    new ApiError(kind, message, { attempts, status, retryAfterSeconds });
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  const server = serverMessageOf(failure.data);
  const body = failure.data === undefined ? failure.body : undefined;
  const page = pageText(body);
  // The server's message, quoted mid-sentence (its own closing full stop would double ours); else what
  // came instead of JSON (a body is JSON or not, so never both).
  const said =
    server !== undefined
      ? `: ${server.replace(/\.+$/, '')}`
      : page !== null
        ? ` with a web page instead of data${page}`
        : body === undefined
          ? ''
          : ` with a body that is not JSON: ${excerpt(body)}`;

  if (status === undefined) {
    // No answer in time: to this request, or to another of its batch, with which this one was lost.
    if (noAnswer) {
      return error(
        'timeout',
        `The API did not answer in time for ${noAnswer === 'timed-out' ? title : `a request sent with ${title}`}. ${TRY_LATER}`,
      );
    }
    const why = (failure.message || 'no answer').slice(0, 200);
    // local/cli/run.ts reads this sentence back: keep its words.
    return error(
      'network',
      `Could not reach the API${tries} (${why}). Check the internet connection. ${TRY_LATER}`,
    );
  }
  if (status === 401) {
    return error(
      'unauthorized',
      `The API refused the API key (401). Create a key in the app under Settings ▸ API and ${SAVE_KEY_IN_SIDEBAR}`,
    );
  }
  if (status === 404) {
    const id = request.seriesId;
    return error(
      'not-found',
      id !== undefined
        ? `No series with the id ${excerpt(id, 60)} (404). ${LIST_SERIES}`
        : `The API has no ${title} at ${asked.prepared.path} (404): ${WRONG_ADDRESS}`,
    );
  }
  if (status === 429) {
    const seconds =
      failure.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(failure.retryAfterMs / 1000));
    return error(
      'rate-limited',
      `The API is rate limiting requests (429)${tries}; try again in ${seconds === undefined ? 'a minute' : `${seconds} s`}.`,
      seconds,
    );
  }
  // The server knows best which parameter it refused: its message, verbatim.
  if (status === 400 && server !== undefined) return error('bad-request', server);
  if (status >= 400 && status < 500) {
    return status === 403
      ? error(
          'forbidden',
          `The API refused access to ${title} (403)${said}. Check in the app that the subscription is active and the key may read the account.`,
        )
      : error('bad-request', `The API refused the request for ${title} (${status})${said}.`);
  }
  if (status >= 300 && status < 400) {
    // Not followed, so the key goes to the API's own address only (platform/http.ts).
    return error(
      'invalid-response',
      `The API answered ${title} with a redirect (${status}): ${WRONG_ADDRESS}`,
    );
  }
  // Left: 5xx, and 1xx or 2xx that is no response.
  const kind = status >= 500 ? 'server' : 'invalid-response';
  const stop = stoppedForTime ? ', with no time left to retry' : '';
  // An error page, whatever its status: the service or a proxy in front of it is failing.
  if (page !== null) {
    return error(kind, `The API answered ${status}${said}${tries}${stop}. ${TRY_LATER}`);
  }
  if (status >= 500)
    return error(kind, `The API had a server error (${status})${tries}${stop}${said}. ${TRY_LATER}`);
  return error(
    kind,
    `The API answered ${status}${said || ' with JSON that is not a response'} for ${title}. ${TRY_LATER} If it persists, ${WRONG_ADDRESS}`,
  );
}

export function outOfTime(endpoint: EndpointId, afterNoAnswer: boolean): ApiError {
  return new ApiError(
    'out-of-time',
    `No time was left to ask the API for ${ENDPOINTS[endpoint].title}${afterNoAnswer ? ': an earlier request got no answer in time' : ''}. Try again, or refresh fewer reports at once.`,
  );
}
