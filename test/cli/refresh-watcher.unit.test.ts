// `npm start`'s progress lines while the API is asked: each new step once, and every ten seconds of silence
// "still waiting". The clock is faked: the rule is about elapsed time, not about waiting ten real seconds.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshWatcher } from '../../local/cli/run.ts';
import type { Emulator } from '../../local/gas/index.ts';
import type { RefreshProgress } from '../../src/core/refresh/index.ts';

const START = Date.UTC(2026, 10, 23, 9, 0, 0);

function asking(requests: number): RefreshProgress {
  return {
    runId: 'run-1',
    origin: 'local',
    step: 'asking',
    requests,
    series: 0,
    written: 0,
    tabs: 13,
    startedAt: START,
    updatedAt: START,
    running: true,
  };
}

describe("npm start's refresh watcher", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(START);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says a step once, then "still waiting" after every ten seconds of the same step', () => {
    const lines: string[] = [];
    let current: RefreshProgress | null = asking(12);
    const emulator = { run: () => current } as unknown as Emulator;
    const watcher = refreshWatcher((line: string) => lines.push(line));
    watcher.watch(emulator);
    const pollAt = (ms: number) => {
      vi.setSystemTime(START + ms);
      watcher.poll();
    };

    pollAt(0);
    pollAt(5_000);
    pollAt(9_700); // polls closer than 250 ms apart are skipped
    expect(lines).toEqual(['  Asking the API (12 requests)…']);
    pollAt(10_000);
    expect(lines.at(-1)).toBe('  … still waiting for the API (10 s)');
    pollAt(15_000);
    expect(lines).toHaveLength(2);
    pollAt(20_100);
    expect(lines.at(-1)).toBe('  … still waiting for the API (20 s)');

    // A new step is said at once, and the silence is counted from it.
    current = { ...asking(12), step: 'reading', series: 3 };
    pollAt(21_000);
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).not.toContain('still waiting');
    pollAt(30_000);
    expect(lines).toHaveLength(4);
    pollAt(31_000);
    expect(lines.at(-1)).toBe('  … still waiting for the API (10 s)');

    // A refresh no longer running says nothing more.
    current = { ...asking(12), running: false };
    pollAt(60_000);
    expect(lines).toHaveLength(5);
  });
});
