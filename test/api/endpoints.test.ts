// Every endpoint through the real platform client (UrlFetchApp, CacheService, Utilities) in the emulator,
// over real HTTP to the demo API. Expectations come from asking the demo API directly from Node.
// Each test has an add-on of its own (the client harness, the owner's key saved) on the file's demo API.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../src/core/api/index.ts';
import { ENDPOINT_IDS, ENDPOINTS } from '../../src/core/endpoints.ts';
import { toReportTable } from '../../src/core/report/index.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { harnessDist } from '../support/bundles.ts';
import { closeWithoutKeyLeak, direct, expectOk, runHarness } from './support.ts';

const demoApi = useDemoApi();
let addOn: AddOn;
let seriesId: string;

beforeAll(async () => {
  const api = demoApi();
  const { body } = await direct(api, api.demoKey, '/series');
  const first = (body as { series: Array<{ series_id: string }> }).series[0];
  seriesId = first!.series_id;
});

beforeEach(async () => {
  addOn = await startAddOn({ api: demoApi(), distDir: await harnessDist() });
  addOn.saveApiKeyFor();
});

afterEach(() => closeWithoutKeyLeak(addOn));

function pathOf(request: ApiRequest): string {
  return ENDPOINTS[request.endpoint].path.replace('{series_id}', encodeURIComponent(request.seriesId ?? ''));
}

describe('every endpoint', () => {
  it('returns the parsed body and its documented fields, all eleven in one fetchAll round', async () => {
    const requests: ApiRequest[] = ENDPOINT_IDS.map((endpoint) =>
      endpoint === 'account'
        ? { endpoint }
        : { endpoint, period: 'last_30_days', ...(endpoint === 'read-through' ? { seriesId } : {}) },
    );
    const rounds = addOn.emulator.stats.fetchAllRounds();
    const outcomes = runHarness(addOn.emulator, { requests, cache: 'none' });
    expect(addOn.emulator.stats.fetchAllRounds() - rounds).toBe(1);
    expect(requests.length).toBeGreaterThan(0);
    for (const [i, request] of requests.entries()) {
      const response = expectOk(outcomes[i]);
      const query: Record<string, string> = request.period ? { range: request.period } : {};
      const expected = await direct(addOn.api, addOn.api.demoKey, pathOf(request), query);
      expect(expected.status).toBe(200);
      const body = expected.body as Record<string, unknown>;
      if (request.endpoint === 'account') {
        // last_used_at changes with each request; the rest is the same account.
        expect({ ...(response.data as object), api_key: null }).toEqual({ ...body, api_key: null });
        continue;
      }
      expect(response.data).toEqual(body);
      // The envelope is read by the report layer, by name.
      const { meta } = toReportTable(response.data, request.endpoint);
      expect(meta.currency).toBe(body.currency);
      expect(meta.period).toEqual(body.period);
      expect(meta.truncated).toBe(false);
      expect(response.fromCache).toBe(false);
    }
  });

  it('passes currency (cleaned) and further options through', async () => {
    const outcomes = runHarness(addOn.emulator, {
      requests: [
        { endpoint: 'summary', period: 'last_7_days', currency: ' eur ' },
        { endpoint: 'timeline', period: 'last_90_days', options: { interval: 'month' } },
      ],
      cache: 'none',
    });
    const summary = expectOk(outcomes[0]);
    expect(toReportTable(summary.data, 'summary').meta.currency).toBe('EUR');
    expect(summary.data).toEqual(
      (await direct(addOn.api, addOn.api.demoKey, '/summary', { range: 'last_7_days', currency: 'EUR' }))
        .body,
    );
    const timeline = expectOk(outcomes[1]);
    expect(timeline.data).toEqual(
      (await direct(addOn.api, addOn.api.demoKey, '/timeline', { range: 'last_90_days', interval: 'month' }))
        .body,
    );
    const log = (await addOn.api.requests()).slice(-2);
    expect(log.map((r) => r.query)).toEqual([
      { currency: 'EUR', range: 'last_7_days' },
      { interval: 'month', range: 'last_90_days' },
    ]);
  });

  it('reads meta.truncated by name', async () => {
    await addOn.api.setFaults('/reports/books', { truncated: true });
    const [outcome] = runHarness(addOn.emulator, { requests: [{ endpoint: 'books-report' }], cache: 'none' });
    expect(toReportTable(expectOk(outcome).data, 'books-report').meta.truncated).toBe(true);
  });

  it('sends a hostile series id as one path segment', async () => {
    addOn.api.clearRequests();
    const hostile = ['../account', 'a/b?x=1'];
    const outcomes = runHarness(addOn.emulator, {
      requests: hostile.map((id) => ({ endpoint: 'read-through', seriesId: id })),
      cache: 'none',
    });
    const log = await addOn.api.requests();
    expect(log.map((r) => r.path)).toEqual(
      hostile.map((id) => `/series/${encodeURIComponent(id)}/read-through`),
    );
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.kind))).toEqual(['not-found', 'not-found']);
  });

  it('works from the sidebar (FULL mode) as from a custom function', () => {
    const [outcome] = runHarness(
      addOn.emulator,
      { requests: [{ endpoint: 'kenp' }], cache: 'none' },
      'sidebar',
    );
    expect(toReportTable(expectOk(outcome).data, 'kenp').meta.currency).toBe('USD');
  });
});

describe('platform adapters', () => {
  it("the digest adapter turns Utilities.computeDigest's signed bytes into Node's SHA-256 hex", async () => {
    const { createHash } = await import('node:crypto');
    for (const text of ['', 'abc', 'royalties ✓ 📚 ש']) {
      const hex = addOn.emulator.run<string>('sha256Hex', [text]);
      expect(hex).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
});
