// The start record of a refresh (core/refresh/interrupted.ts): read back safely, and a stopped refresh goes
// into the Status history as a failure of the tabs it was refreshing, keeping their last success.
import { describe, expect, it } from 'vitest';
import {
  parseRefreshStart,
  parseStatusBook,
  type RefreshStart,
  recordRefresh,
  recordStopped,
  stoppedMessage,
} from '../../../src/core/refresh/index.ts';

const start: RefreshStart = {
  origin: 'nightly',
  startedAt: Date.parse('2026-11-21T05:00:00Z'),
  tabs: ['summary', 'kenp'],
};

describe('the refresh start record', () => {
  it('reads back what was written; anything else is no record', () => {
    expect(parseRefreshStart(JSON.stringify(start))).toEqual(start);
    const unknownOrigin = JSON.stringify({ ...start, origin: 'elsewhere' });
    for (const bad of [
      null,
      '',
      'x',
      '{}',
      '{"startedAt":"soon","tabs":[]}',
      '{"startedAt":1}',
      unknownOrigin,
    ]) {
      expect(parseRefreshStart(bad)).toBeNull();
    }
  });

  it('a stopped refresh is a failure of its tabs at its start, keeping their last success and rows', () => {
    const earlier = Date.parse('2026-11-20T05:00:00Z');
    const book = recordRefresh(
      {},
      [{ tab: 'summary', sheetName: 'Summary', rows: 8, truncated: false, error: null }],
      earlier,
    );
    const after = recordStopped(book, start, '2026-11-21 05:00');
    expect(after.summary).toMatchObject({
      sheetName: 'Summary',
      lastSuccessAt: earlier,
      rows: 8,
      lastFailureAt: start.startedAt,
      lastFailure: stoppedMessage(start, '2026-11-21 05:00'),
    });
    expect(after.kenp?.lastFailure).toMatch(/^The nightly refresh started 2026-11-21 05:00 was stopped/);
    expect(parseStatusBook(JSON.stringify(after))).toEqual(after);
  });
});
