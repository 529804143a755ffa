import { describe, expect, it } from 'vitest';
import { ENDPOINT_IDS, ENDPOINTS } from '../../../src/core/endpoints.ts';
import {
  MAX_STATUS_BYTES,
  MAX_STATUS_MESSAGE,
  parseStatusBook,
  recordRefresh,
  statusBanner,
  statusBookText,
  statusTable,
  type TabOutcome,
} from '../../../src/core/refresh/index.ts';
import { TAB_CHOICES, tabTitle } from '../../../src/core/tab-ids.ts';

const ok = (tab: TabOutcome['tab'], rows: number): TabOutcome => ({
  tab,
  sheetName: tabTitle(tab),
  rows,
  truncated: false,
  error: null,
});
const failed = (tab: TabOutcome['tab'], error: string): TabOutcome => ({
  tab,
  sheetName: tabTitle(tab),
  rows: null,
  truncated: false,
  error,
});

describe('the Status tab', () => {
  it('keeps the last success beside a later failure, with the rows still shown', () => {
    const first = recordRefresh({}, [ok('summary', 8)], 1_000);
    const second = recordRefresh(first, [failed('summary', 'Server error.')], 2_000);
    expect(second.summary).toEqual({
      sheetName: 'Summary',
      lastSuccessAt: 1_000,
      lastFailureAt: 2_000,
      lastFailure: 'Server error.',
      rows: 8,
      truncated: false,
    });
    const third = recordRefresh(second, [ok('summary', 9)], 3_000);
    expect(third.summary).toMatchObject({ lastSuccessAt: 3_000, lastFailureAt: 2_000, rows: 9 });
  });

  it('survives a round trip through one property value under 9 KB, even with long messages', () => {
    const outcomes = ENDPOINT_IDS.map((tab) => failed(tab, `Failure ${'x'.repeat(5_000)}`));
    const book = recordRefresh({}, outcomes, 5);
    const text = statusBookText(book);
    expect(new TextEncoder().encode(text).length).toBeLessThan(9 * 1024);
    expect(parseStatusBook(text)).toEqual(book);
    expect(book.summary?.lastFailure?.length).toBe(MAX_STATUS_MESSAGE);
    expect(parseStatusBook('not json')).toEqual({});
  });

  it.each([
    ['Cyrillic', 'д'],
    ['Japanese', '日'],
    ['emoji', '📚'],
  ])('fits every tab choice failing with long %s messages, after a success, in 9 KB of bytes', (_, ch) => {
    const succeeded = recordRefresh(
      {},
      TAB_CHOICES.map((tab) => ({ ...ok(tab, 12), note: ch.repeat(400) })),
      1,
    );
    const book = recordRefresh(
      succeeded,
      TAB_CHOICES.map((tab) => failed(tab, ch.repeat(5_000))),
      2,
    );
    const text = statusBookText(book);
    const bytes = new TextEncoder().encode(text).length;
    expect(bytes).toBeLessThanOrEqual(MAX_STATUS_BYTES);
    // Without the cut it would not fit: the case is the one that matters.
    expect(new TextEncoder().encode(JSON.stringify(book)).length).toBeGreaterThan(9 * 1024);
    const back = parseStatusBook(text);
    for (const tab of TAB_CHOICES) {
      expect(back[tab]).toMatchObject({ lastSuccessAt: 1, lastFailureAt: 2, rows: 12 });
      // Cut messages keep their start, never a broken character.
      expect(back[tab]?.lastFailure?.startsWith(ch)).toBe(true);
      expect(back[tab]?.lastFailure?.endsWith('…')).toBe(true);
    }
  });

  it('lists one row per tab with its dates as instants', () => {
    const book = recordRefresh({}, [ok('summary', 8), failed('catalog', 'Gone.')], Date.UTC(2026, 10, 21, 8));
    const table = statusTable(book);
    expect(table.rows.map((r) => r[0])).toEqual([ENDPOINTS.summary.title, ENDPOINTS.catalog.title]);
    expect(table.rows[0]?.[2]).toEqual(new Date(Date.UTC(2026, 10, 21, 8)));
    expect(table.rows[1]?.[4]).toBe('Gone.');
    for (const r of table.rows) expect(r).toHaveLength(table.columns.length);
    expect(
      statusBanner([ok('summary', 1), failed('catalog', 'Gone.')], 'now', 'menu', [], 'off'),
    ).toMatchObject({
      tone: 'failed',
    });
  });

  it('says where else the author hears of a refresh, true to the morning e-mail', () => {
    const note = (mode: 'off' | 'problems' | 'daily') =>
      statusBanner([ok('summary', 1)], 'now', 'nightly', [], mode).text;
    expect(note('off')).toMatch(/ The morning e-mail is off: check here after a nightly refresh\.$/);
    expect(note('problems')).toMatch(
      / The morning e-mail says when something is wrong; the details are here\.$/,
    );
    expect(note('daily')).toMatch(
      / The morning e-mail sends the figures after each nightly refresh; the details are here\.$/,
    );
    for (const mode of ['off', 'problems', 'daily'] as const)
      expect(note(mode)).not.toContain('send no email');
  });
});
