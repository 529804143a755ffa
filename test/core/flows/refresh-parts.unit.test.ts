// A sidebar refresh's parts from plain inputs: the client over a fake UrlFetchApp, the parts' entries a list.
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../src/core/api/index.ts';
import { finishRefresh, type RefreshPartsPort, refreshPart } from '../../../src/core/flows/refresh-parts.ts';
import type { HttpOutcome, HttpRequest } from '../../../src/core/ports.ts';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';
import { json } from '../../support/fake-ports.ts';
import { makeClient, target } from '../api/support.ts';

function parts(answer: (request: HttpRequest) => HttpOutcome) {
  const ended: Array<{ part: number; more: number; unanswered?: ApiRequest }> = [];
  const asked: string[] = [];
  const port = {
    now: () => 0,
    userValues: () => ({}),
    apiKey: () => 'rfs_key',
    settings: () => DEFAULT_SETTINGS,
    client: () =>
      makeClient((request) => {
        asked.push(target(request).path);
        return answer(request);
      }).client,
    partEnded: (_runId: string, part: number, more: number, unanswered?: ApiRequest) =>
      ended.push({ part, more, ...(unanswered && { unanswered }) }),
    liveStart: () => null,
    unansweredInParts: () => {
      throw new Error('the finish, not a part');
    },
  } as unknown as RefreshPartsPort<object>;
  return { port, ended, asked };
}

describe("a sidebar refresh's parts", () => {
  it('asks one request of round 1 each, and notes that it ended', () => {
    const { port, ended, asked } = parts(() => json(200, { books: [] }));
    expect(refreshPart(port, 'run-1', 0)).toEqual({ part: 0, answered: true, more: 0 });
    expect(asked).toHaveLength(1);
    expect(ended).toEqual([{ part: 0, more: 0 }]);
  });

  it('keeps a request that got no answer in its entry, so the finish never asks it', () => {
    const { port, ended } = parts(() => ({
      kind: 'network-error',
      message: 'Timeout',
      noAnswer: 'timed-out',
    }));
    expect(refreshPart(port, 'run-1', 1).answered).toBe(false);
    expect(ended[0]?.unanswered?.endpoint).toBeDefined();
  });

  it('answers a part beyond the plan (settings changed since the start) unasked, after the series list', () => {
    const { port, ended, asked } = parts(() => json(200, {}));
    expect(refreshPart(port, 'run-1', 999)).toEqual({ part: 999, answered: false, more: 0 });
    expect(refreshPart(port, 'run-1', 'x')).toEqual({ part: Number.NaN, answered: false, more: 0 });
    // Only the /series answer, which a read-through part reads from the cache when its part answered.
    expect(asked).toEqual(['/series']);
    expect(ended).toEqual([]);
  });

  it('refuses a run id that is not one it could have given', () => {
    const { port } = parts(() => json(200, {}));
    expect(() => refreshPart(port, '../other', 0)).toThrow('Start the refresh again.');
    expect(() => finishRefresh(port, 42)).toThrow('Start the refresh again.');
  });
});
