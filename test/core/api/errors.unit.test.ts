import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/core/api/index.ts';
import type { HttpOutcome } from '../../../src/core/ports.ts';
import { json, text } from '../../support/fake-ports.ts';
import { KEY, makeClient } from './support.ts';

function failWith(
  outcome: HttpOutcome,
  request: Parameters<ReturnType<typeof makeClient>['client']['fetch']>[0] = { endpoint: 'summary' },
) {
  const fixture = makeClient(() => outcome);
  const result = fixture.client.fetchMany([request])[0]!;
  if (result.ok) throw new Error('expected a failure');
  return { error: result.error, requests: fixture.http.requests.length };
}

const apiError = (code: string, message: string) => ({ error: { code, message } });

describe('errors an author understands', () => {
  it('401: the key was not accepted; create one under Settings ▸ API or try the demo', () => {
    const { error, requests } = failWith(json(401, apiError('unauthorized', 'Invalid key')));
    expect(error.kind).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/refused the API key/);
    expect(error.message).toMatch(/Settings ▸ API/);
    expect(error.message).toMatch(/demo account/);
    expect(requests).toBe(1);
  });

  it('403 names the report and passes the server message on', () => {
    const { error } = failWith(json(403, apiError('forbidden', 'Subscription lapsed')), { endpoint: 'kenp' });
    expect(error.kind).toBe('forbidden');
    expect(error.message).toContain('KENP');
    expect(error.message).toContain('Subscription lapsed');
  });

  it('404 on read-through says there is no series with that id', () => {
    const id = 'ser_missing';
    const { error } = failWith(json(404, apiError('not_found', 'nope')), {
      endpoint: 'read-through',
      seriesId: id,
    });
    expect(error.kind).toBe('not-found');
    expect(error.message).toContain(`No series with the id "${id}"`);
    expect(error.message).toContain('ROYALTIES_SERIES()');
  });

  it('404 elsewhere names the path', () => {
    const { error } = failWith(text(404, ''), { endpoint: 'free-units' });
    expect(error.kind).toBe('not-found');
    expect(error.message).toContain('/free-units');
  });

  it("400 is the server's own message, verbatim", () => {
    const message = 'Unknown range "last_3_weeks". Use one of: last_7_days, last_30_days.';
    const { error, requests } = failWith(json(400, apiError('invalid_range', message)));
    expect(error.kind).toBe('bad-request');
    expect(error.message).toBe(message);
    expect(requests).toBe(1);
  });

  it.each([
    ['an empty body', ''],
    ['a body cut short', '{"currency":"USD","meta":{"trun'],
  ])('a 200 with %s is an error naming the status and an excerpt, not retried', (_what, body) => {
    const { error, requests } = failWith(text(200, body));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('200');
    expect(error.message).toContain(body === '' ? '(empty body)' : body.slice(0, 20));
    expect(requests).toBe(1);
  });

  it('a long non-JSON body is cut to a short excerpt', () => {
    const body = `<html>${'x'.repeat(5000)}</html>`;
    const { error } = failWith(text(200, body));
    expect(error.message.length).toBeLessThan(400);
  });

  it('a 5xx with an HTML page is a sentence with the page title, never markup, after its retries', () => {
    const { error, requests } = failWith(text(502, '<html><title>502 Bad Gateway</title></html>'));
    expect(error.kind).toBe('server');
    expect(error.message).toContain(
      'The API answered 502 with a web page instead of data ("502 Bad Gateway")',
    );
    expect(error.message).toContain('Try again in a few minutes.');
    expect(error.message).toContain(`after ${requests} attempts`);
    expect(error.message).not.toMatch(/[<>]/);
  });

  it('a 200 with an HTML page is the same sentence with a tag-stripped excerpt, not retried', () => {
    const body = '<!DOCTYPE html><html><body><h1>Bad gateway</h1><script>x<y</script></body></html>';
    const { error, requests } = failWith(text(200, body));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('answered 200 with a web page instead of data ("Bad gateway")');
    expect(error.message).not.toMatch(/[<>]/);
    expect(requests).toBe(1);
  });

  it('a 4xx with an HTML page says it was a web page, without markup', () => {
    const { error } = failWith(text(418, '<html><head><title>Teapot &amp; co</title></head></html>'));
    expect(error.message).toContain('web page instead of data ("Teapot & co")');
    expect(error.message).not.toMatch(/[<>]/);
  });

  it('other 4xx are refusals with the server message, never retried', () => {
    const { error, requests } = failWith(json(409, apiError('conflict', 'Busy syncing')));
    expect(error.kind).toBe('bad-request');
    expect(error.message).toContain('Busy syncing');
    expect(requests).toBe(1);
  });

  it('a network failure says the API could not be reached', () => {
    const { error } = failWith({
      kind: 'network-error',
      message: 'Address unavailable: https://api.example.test/v1/summary',
    });
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/Could not reach the API/);
    expect(error.message).toContain('Address unavailable');
  });

  it('an exception thrown by the HTTP port counts as a network failure for each request of the round', () => {
    const fixture = makeClient(() => {
      throw new Error('fetchAll exploded');
    });
    const outcomes = fixture.client.fetchMany([{ endpoint: 'summary' }, { endpoint: 'kenp' }]);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.kind))).toEqual(['network', 'network']);
  });

  it('never repeats the key, even when the server or the network echoes it', () => {
    const echoes: HttpOutcome[] = [
      json(400, apiError('invalid_parameter', `Bad key ${KEY}`)),
      json(403, apiError('forbidden', `Key ${KEY} is revoked`)),
      text(502, `<html>proxy saw Authorization: Bearer ${KEY}</html>`),
      // Error pages whose title or first words echo the key: short enough to be shown whole.
      text(502, `<html><title>Bad token Bearer ${KEY}</title></html>`),
      text(200, `<!doctype html><title>${KEY}</title>`),
      text(418, `<html><title>${KEY}</title></html>`),
      text(200, `not json ${KEY}`),
      { kind: 'network-error', message: `failed with header Bearer ${KEY}` },
    ];
    // Any run of the key past its public prefix is a leak, not only the whole key: an excerpt may cut it.
    const secretPart = KEY.slice('rfs_live_'.length, 'rfs_live_'.length + 8);
    for (const outcome of echoes) {
      const { error } = failWith(outcome);
      expect(error.message).not.toContain(secretPart);
      expect(JSON.stringify(error as ApiError)).not.toContain(secretPart);
    }
  });

  it('a successful answer that echoes the key reaches no table, formula or cache with it', () => {
    // The account's `api_key.start` is meant to be a short prefix; an API (or a proxy) may echo more, and an
    // error body may come with a 200. Neither the data handed on nor the cached body holds the key.
    const echoes = [
      { api_key: { name: 'Sheets', start: KEY } },
      { error: { code: KEY } },
      { data: [{ note: `key ${KEY} used` }] },
    ];
    for (const body of echoes) {
      const fixture = makeClient(() => json(200, body), { withCache: true });
      const [outcome] = fixture.client.fetchMany([{ endpoint: 'account' }]);
      if (!outcome?.ok) throw new Error('expected a response');
      expect(JSON.stringify(outcome.response.data)).toContain('[API key]');
      expect(JSON.stringify(outcome.response.data)).not.toContain(KEY);
      expect(fixture.cache.entries.size).toBeGreaterThan(0);
      expect(JSON.stringify([...fixture.cache.entries])).not.toContain(KEY);
    }
  });

  it('a redirect is an error that says the add-on did not follow it, never retried', () => {
    for (const status of [301, 302, 307, 308]) {
      const { error, requests } = failWith(text(status, '<html><title>Moved</title></html>'));
      expect(error.kind).toBe('invalid-response');
      expect(error.message).toMatch(new RegExp(`with a redirect \\(${status}\\): `));
      expect(requests).toBe(1);
    }
  });

  it('fetch throws the ApiError that fetchMany would return', () => {
    const { client } = makeClient(() => json(401, {}));
    expect(() => client.fetch({ endpoint: 'account' })).toThrow(/refused the API key/);
  });
});
