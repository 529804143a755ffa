// What a handler returns before it becomes bytes: a status, headers and a JSON-able body. Errors take
// the assumed shape {"error": {"code", "message"}} (docs/api.md §2).

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export function ok(body: unknown): ApiResponse {
  return { status: 200, headers: {}, body };
}

export function apiError(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  return { status, headers, body: { error: { code, message } } } satisfies ApiResponse;
}

/** The code our assumed error body uses for a status the fault injector sends without a body of its own. */
export function errorCodeFor(status: number): string {
  if (status === 400) return 'invalid_parameter';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  return 'error';
}

/** A user-supplied value fit to quote in a message: short tokens only, so a stray key never echoes back. */
export function quoted(value: string): string {
  return /^[A-Za-z0-9_.-]{1,40}$/.test(value) && !value.includes('live_') ? `'${value}'` : 'the value given';
}
