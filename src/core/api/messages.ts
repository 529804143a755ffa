// A failure → the ApiError an author reads in a cell note, a toast or the sidebar: what happened and
// what to do. Text that came from outside (server messages, network errors, bodies) arrives with the key
// already taken out (client.ts, withoutKey), before any of it is cut to an excerpt here.
import { LIST_SERIES, SAVE_KEY_IN_SIDEBAR, TRY_LATER, WRONG_ADDRESS } from '../phrases';
import { ApiError, excerpt } from './errors';
import type { Failure } from './response';

interface FailureContext {
  /** The endpoint as the author calls it ("Read-through"). */
  readonly title: string;
  readonly path: string;
  readonly seriesId?: string;
  readonly attempts: number;
  /** Set when a retry was due but its wait would have passed the deadline. */
  readonly stoppedForTime: boolean;
}

const CREATE_KEY = `Create a key in the app under Settings ▸ API and ${SAVE_KEY_IN_SIDEBAR}`;

function tries(attempts: number): string {
  return attempts > 1 ? ` after ${attempts} attempts` : '';
}

function nonJsonNote({ nonJsonBody }: Failure): string {
  const page = pageText(nonJsonBody);
  if (page !== null) return ` with a web page instead of data${page}`;
  return nonJsonBody === null ? '' : ` with a body that is not JSON: ${excerpt(nonJsonBody)}`;
}

/** For an HTML page (a proxy's or server's error page): ' ("its title or first words")', or '' when it
 * says nothing; null when the body is JSON or not a web page. Never markup: tags are stripped. */
function pageText(body: string | null): string | null {
  if (body === null || !/<(!doctype\s+html|html|head|body)\b/i.test(body)) return null;
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body);
  const text = (title ? title[1]! : body.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' '))
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&(amp|nbsp);/g, (_, e) => (e === 'amp' ? '&' : ' '))
    .replace(/&#?\w+;/g, ' ')
    .replace(/[<>]/g, ' ');
  const shown = excerpt(text, 60);
  return shown === '(empty body)' ? '' : ` (${shown})`;
}

/** The sentence for an error page: whatever its status, the service or a proxy before it is failing. */
function webPageError(status: number, page: string, attempts: number, stop: string): ApiError {
  return new ApiError(
    status >= 500 ? 'server' : 'invalid-response',
    `The API's server answered with a web page instead of data, status ${status}${page}${tries(attempts)}${stop}: the service or a proxy in front of it is failing; try again later.`,
    { attempts, status },
  );
}

function seriesLabel(id: string): string {
  return id.length > 60 ? `${id.slice(0, 60)}…` : id;
}

export function errorFor(failure: Failure, context: FailureContext): ApiError {
  const { attempts } = context;
  const status = failure.status;
  const server = failure.serverMessage;
  const details = { attempts, status };
  // Quoted mid-sentence: its own closing full stop would double ours.
  const quoted = server === null ? null : server.replace(/\.+$/, '');
  const said = quoted === null ? nonJsonNote(failure) : `: ${quoted}`;

  if (status === null) {
    if (failure.noAnswer === 'timed-out') {
      return new ApiError(
        'timeout',
        `The API did not answer in time: ${context.title} got no answer in the time it was given, so it was not asked again. ${TRY_LATER}`,
        details,
      );
    }
    if (failure.noAnswer === 'not-run') {
      return new ApiError(
        'timeout',
        `${context.title} was not asked again: a request sent with it got no answer from the API in time. ${TRY_LATER}`,
        details,
      );
    }
    const why = (failure.networkMessage || 'no answer').slice(0, 200);
    return new ApiError(
      'network',
      `Could not reach the API${tries(attempts)} (${why}). Check the internet connection. ${TRY_LATER}`,
      details,
    );
  }
  if (status === 401) {
    return new ApiError('unauthorized', `The API did not accept the API key (401). ${CREATE_KEY}`, details);
  }
  if (status === 403) {
    return new ApiError(
      'forbidden',
      `The API refused access to ${context.title} (403)${quoted ? `: ${quoted}` : ''}. Check in the app that the subscription is active and that this key may read the account.`,
      details,
    );
  }
  if (status === 404) {
    const message =
      context.seriesId !== undefined
        ? `No series with the id "${seriesLabel(context.seriesId)}" (404). ${LIST_SERIES}`
        : `The API has no ${context.title} at ${context.path} (404): ${WRONG_ADDRESS}`;
    return new ApiError('not-found', message, details);
  }
  if (status === 429) {
    const seconds =
      failure.retryAfterMs === null ? null : Math.max(1, Math.ceil(failure.retryAfterMs / 1000));
    return new ApiError(
      'rate-limited',
      `The API is rate limiting requests (429)${tries(attempts)}; try again in ${seconds === null ? 'a minute' : `${seconds} s`}.`,
      { ...details, retryAfterSeconds: seconds },
    );
  }
  if (status === 400 && server !== null) {
    // The server knows best which parameter it refused: its message, verbatim.
    return new ApiError('bad-request', server, details);
  }
  if (status >= 400 && status < 500) {
    return new ApiError(
      'bad-request',
      `The API refused the request for ${context.title} (${status})${said}.`,
      details,
    );
  }
  if (status >= 300 && status < 400) {
    return new ApiError(
      'invalid-response',
      `The API answered ${context.title} with a redirect (${status}) to another address. The add-on does not follow it, so that the key is sent to the API's own address only: ${WRONG_ADDRESS}`,
      details,
    );
  }
  const stop = context.stoppedForTime ? ' and there was no time left to retry' : '';
  const page = pageText(failure.nonJsonBody);
  if (page !== null && (status >= 500 || status < 400)) return webPageError(status, page, attempts, stop);
  if (status >= 500) {
    return new ApiError(
      'server',
      `The API had a server error (${status})${tries(attempts)}${stop}${said}. ${TRY_LATER}`,
      details,
    );
  }
  return new ApiError(
    'invalid-response',
    `The API answered ${status}${nonJsonNote(failure) || ' with JSON that is not a response'} for ${context.title}. Try again later; if it persists, ${WRONG_ADDRESS}`,
    details,
  );
}

export function outOfTime(title: string, afterNoAnswer = false): ApiError {
  return new ApiError(
    'out-of-time',
    `There was no time left to ask the API for ${title}${afterNoAnswer ? ': an earlier request got no answer in time' : ''}. Try again, or refresh fewer reports at once.`,
  );
}
