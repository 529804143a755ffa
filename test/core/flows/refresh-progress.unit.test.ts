// A refresh's progress from plain inputs: the document cache a map, the clock a number.
import { describe, expect, it } from 'vitest';
import { type ProgressCache, refreshProgressOver } from '../../../src/core/flows/refresh-progress.ts';

function tracker(options: { noCache?: boolean; refuses?: boolean } = {}) {
  const entries = new Map<string, string>();
  let now = 1_000;
  const logged: string[] = [];
  const cache: ProgressCache = {
    get: (key) => {
      if (options.refuses) throw new Error('Service invoked too many times: cache');
      return entries.get(key) ?? null;
    },
    getAll: (keys) => Object.fromEntries(keys.flatMap((k) => (entries.has(k) ? [[k, entries.get(k)!]] : []))),
    putAll: (given) => {
      if (options.refuses) throw new Error('Service invoked too many times: cache');
      for (const [k, v] of Object.entries(given)) entries.set(k, v);
    },
  };
  const progress = refreshProgressOver({
    cache: () => (options.noCache ? null : cache),
    now: () => now,
    log: (text) => logged.push(text),
  });
  return { progress, entries, logged, tick: (ms: number) => (now += ms) };
}

describe("a refresh's progress", () => {
  it('is read back by another call while it runs, and says failed when the run ends short of done', () => {
    const { progress, tick } = tracker();
    progress.start('menu', 3, 5, 'run-1');
    tick(200);
    progress.written();
    expect(progress.latest()).toMatchObject({
      runId: 'run-1',
      step: 'writing',
      written: 1,
      tabs: 3,
      running: true,
      readAt: 1_200,
      updatedAt: 1_200,
    });
    progress.end();
    expect(progress.latest()).toMatchObject({ step: 'failed', running: false });
  });

  it('keeps a run that reached done as done', () => {
    const { progress } = tracker();
    progress.start('menu', 1, 1, 'run-2');
    progress.report({ step: 'done', failed: 0 });
    progress.end();
    expect(progress.latest()?.step).toBe('done');
  });

  it("counts a sidebar refresh's parts that ended, read-through parts included", () => {
    const { progress } = tracker();
    progress.start('sidebar', 4, 3, 'run-3');
    expect(progress.latest()?.asked).toBeUndefined();
    progress.partEnded('run-3', 0, 0);
    progress.partEnded('run-3', 2, 2);
    progress.partEnded('run-3', 3, 0);
    expect(progress.latest()).toMatchObject({ asked: 3, series: 2 });
  });

  it('hands the finish the requests its parts got no answer to, and nothing else', () => {
    const { progress } = tracker();
    progress.partEnded('run-4', 0, 0, { endpoint: 'books-report' });
    progress.partEnded('run-4', 1, 0);
    expect(progress.unansweredInParts('run-4', 5)).toEqual([{ endpoint: 'books-report' }]);
  });

  it('never stops a refresh: no cache, or a cache that refuses, is no progress', () => {
    const none = tracker({ noCache: true });
    none.progress.start('menu', 1, 1, 'run-5');
    expect(none.progress.latest()).toBeNull();
    expect(none.progress.unansweredInParts('run-5', 2)).toEqual([]);
    const refusing = tracker({ refuses: true });
    refusing.progress.start('menu', 1, 1, 'run-6');
    expect(refusing.progress.latest()).toBeNull();
    expect(refusing.logged).toHaveLength(1);
  });
});
