// The broken answers a client must survive: injected statuses, non-JSON bodies from a proxy, a body cut
// short. Each returns the status, headers and exact text to send.

import { errorCodeFor } from './responses.ts';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';

const STATUS_MESSAGES: Readonly<Record<string, string>> = {
  rate_limited: 'Too many requests: slow down and retry after the time given in Retry-After.',
  server_error: 'The server could not complete the request. Try again later.',
};

export function injectedStatus(fault: {
  status: number;
  retryAfter?: number;
  body?: string;
  contentType?: string;
  /** A redirect's target (Location), as a proxy or a moved API may answer. */
  location?: string;
}): RawAnswer {
  const headers: Record<string, string> = {};
  if (fault.location !== undefined) headers.Location = fault.location;
  // A 429 always says when to come back; other statuses only when the test asks.
  const retryAfter = fault.retryAfter ?? (fault.status === 429 ? 1 : undefined);
  if (retryAfter !== undefined) headers['Retry-After'] = String(retryAfter);
  if (fault.body !== undefined) {
    headers['Content-Type'] = fault.contentType ?? JSON_TYPE;
    return { status: fault.status, headers, text: fault.body };
  }
  const code = errorCodeFor(fault.status);
  const message = STATUS_MESSAGES[code] ?? `Request failed with status ${fault.status}.`;
  headers['Content-Type'] = JSON_TYPE;
  return { status: fault.status, headers, text: JSON.stringify({ error: { code, message } }) };
}

/** A maintenance page as a CDN serves it, with 200 (a captive portal or misrouted proxy) or 502. */
function htmlPage(status: number, title: string): RawAnswer {
  const text = `<!DOCTYPE html>\n<html><head><title>${title}</title></head>\n<body><center><h1>${title}</h1></center>\n<hr><center>nginx</center>\n</body></html>\n`;
  return { status, headers: { 'Content-Type': HTML_TYPE }, text };
}

/** The normal answer made broken in the way asked for (`cut-connection` is handled by the server). */
export function brokenBody(
  kind: 'malformed-json' | 'html-200' | 'html-502' | 'empty' | 'cut-short' | 'byte-order-mark',
  normal: RawAnswer,
) {
  switch (kind) {
    case 'malformed-json':
      // Looks like JSON, is not: unquoted keys and a trailing comma.
      return {
        ...normal,
        headers: { 'Content-Type': JSON_TYPE },
        text: "{currency: 'USD', meta: {truncated: false},}",
      };
    case 'html-200':
      return htmlPage(200, 'Service temporarily unavailable');
    case 'html-502':
      return htmlPage(502, '502 Bad Gateway');
    case 'empty':
      return { ...normal, text: '' };
    case 'cut-short':
      return { ...normal, text: normal.text.slice(0, Math.floor(normal.text.length / 2)) };
    case 'byte-order-mark':
      return { ...normal, text: `\uFEFF${normal.text}` };
  }
}
