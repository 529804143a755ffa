// One execution's clients from plain ports: a fake UrlFetchApp, a fake clock, one memo for the execution.
import { describe, expect, it } from 'vitest';
import type { ResponseMemo } from '../../../src/core/api/index.ts';
import { executionClient } from '../../../src/core/flows/execution-client.ts';
import { FakeClock, FakeHttp, json, nodeDigest } from '../../support/fake-ports.ts';

function execution() {
  const clock = new FakeClock();
  const http = new FakeHttp(() => json(200, { account: { name: 'Jo' }, platforms: [] }), clock);
  const memo: ResponseMemo = new Map();
  const ports = {
    baseUrl: 'https://api.example.test/v1',
    http,
    clock,
    digest: nodeDigest,
    memo,
    unanswered: new Set<string>(),
  };
  const client = (budgetMs: number) =>
    executionClient(ports, { apiKey: 'rfs_live_key', budgetMs, cache: undefined });
  return { client, http, clock };
}

describe("an execution's clients", () => {
  it('share what one fetched: a second caller asking the same is answered without a request', () => {
    const { client, http } = execution();
    client(10_000).fetch({ endpoint: 'account' });
    client(10_000).fetch({ endpoint: 'account' });
    expect(http.requests).toHaveLength(1);
  });

  it('count their time with the API from when each was made', () => {
    const { client, http, clock } = execution();
    const spent = client(1_000);
    clock.advance(5_000);
    expect(() => spent.fetch({ endpoint: 'account' })).toThrow();
    expect(http.requests).toHaveLength(0);
    expect(client(10_000).fetch({ endpoint: 'account' }).data).toBeTruthy();
  });
});
