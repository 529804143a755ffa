// The words a refresh's progress is shown in (sidebar and npm start), from the numbers the server publishes.
import { describe, expect, it } from 'vitest';
import {
  isRunning,
  progressFraction,
  progressText,
  type RefreshProgress,
  RUN_LIFETIME_MS,
} from '../../../src/core/refresh/index.ts';

const at = Date.parse('2026-11-21T08:00:00Z');
const base: RefreshProgress = {
  runId: 'r1',
  origin: 'sidebar',
  step: 'asking',
  requests: 11,
  series: 0,
  written: 0,
  tabs: 11,
  startedAt: at,
  updatedAt: at,
};

describe('refresh progress in words', () => {
  it('names each step, k of n while writing, and the time taken at the end', () => {
    expect(progressText(base)).toBe('Asking the API (11 requests)…');
    // A sidebar refresh in parts: how many of its requests have ended, k of n.
    expect(progressText({ ...base, asked: 7 })).toBe('Asking the API: 7 of 11 requests done…');
    expect(progressText({ ...base, step: 'reading', series: 3 })).toBe('Reading 3 series…');
    expect(progressText({ ...base, step: 'writing', written: 4 })).toBe('Writing tabs: 4 of 11');
    expect(progressText({ ...base, step: 'done', written: 11, updatedAt: at + 12_400 })).toBe(
      '11 of 11 tabs written in 12 s',
    );
    // Every summary line counts the failed and the truncated tabs.
    const done = { ...base, step: 'done' as const, written: 11, updatedAt: at + 12_400 };
    expect(progressText({ ...done, failed: 1, truncated: 8 })).toBe(
      '11 of 11 tabs written in 12 s; 1 failed; 8 truncated: figures may be too low',
    );
    expect(progressText({ ...done, failed: 0, truncated: 2 })).toBe(
      '11 of 11 tabs written in 12 s; 2 truncated: figures may be too low',
    );
    expect(progressText({ ...done, failed: 2, truncated: 0 })).toBe(
      '11 of 11 tabs written in 12 s; 2 failed',
    );
    expect(progressText({ ...base, step: 'failed', written: 2, updatedAt: at + 3_000 })).toBe(
      'The refresh stopped after 3 s (2 of 11 tabs written).',
    );
    // Under a second is said as such, never "in 0 s".
    expect(progressText({ ...base, step: 'done', written: 11, updatedAt: at + 400 })).toBe(
      '11 of 11 tabs written in under a second',
    );
    expect(progressText({ ...base, step: 'failed', written: 0, updatedAt: at + 400 })).toBe(
      'The refresh stopped within a second (0 of 11 tabs written).',
    );
  });

  it('fills the bar one step for the API, then one per tab', () => {
    expect(progressFraction(base)).toEqual({ value: 0, max: 12 });
    expect(progressFraction({ ...base, step: 'writing', written: 0 })).toEqual({ value: 1, max: 12 });
    expect(progressFraction({ ...base, step: 'done', written: 11 })).toEqual({ value: 12, max: 12 });
  });

  it('a run is running until it ends, or until an execution could no longer be alive', () => {
    expect(isRunning(base, at + 1000)).toBe(true);
    expect(isRunning({ ...base, step: 'done' }, at + 1000)).toBe(false);
    expect(isRunning({ ...base, step: 'failed' }, at + 1000)).toBe(false);
    expect(isRunning(base, at + RUN_LIFETIME_MS)).toBe(false);
  });
});
