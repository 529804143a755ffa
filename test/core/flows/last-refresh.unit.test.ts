// The last refresh's record from a refresh's plain news into a plain map standing for the document store:
// what was wrong said a sentence each (a tab, the Status record, a check that does not add up), cut to the
// room the store has left, read back as written; a store that refuses costs the refresh nothing.
import { describe, expect, it } from 'vitest';
import {
  lastRefreshIn,
  leastLastRefreshChars,
  recordLastRefreshIn,
} from '../../../src/core/flows/last-refresh.ts';
import { LAST_REFRESH_PROPERTY, type RefreshNews } from '../../../src/core/refresh/index.ts';

const FINISHED = Date.parse('2026-11-21T05:00:00.000Z');

function news(over: Partial<RefreshNews> = {}): RefreshNews {
  return {
    by: 'nightly',
    tabs: [
      { tab: 'summary', sheetName: 'Summary', rows: 3, truncated: false, error: null },
      { tab: 'books-report', sheetName: 'Books', rows: null, truncated: false, error: 'The server refused.' },
    ],
    firstRound: new Map(),
    days: null,
    finishedAt: FINISHED,
    checks: [
      {
        subject: 'Royalties: Summary against Books',
        result: 'differs',
        text: '10.00 against 9.00.',
        tabs: [],
      },
      { subject: 'Units: Summary against Books', result: 'agrees', text: '3 and 3.', tabs: [] },
    ],
    before: { why: 'only the nightly refresh compares with the refresh before' },
    range: 'last-30-days',
    ...over,
  } as RefreshNews;
}

function store(room = Infinity, refuses = false) {
  const values = new Map<string, string>();
  const port = {
    roomFor: () => room,
    save(key: string, text: string) {
      if (refuses) throw new Error('Service Properties timed out.');
      values.set(key, text);
    },
  };
  return { values, port, document: { getProperty: (key: string) => values.get(key) ?? null } };
}

describe("the last refresh's record", () => {
  it('says what was wrong a sentence each, and reads back as written', () => {
    const { port, document } = store();
    expect(lastRefreshIn(document)).toBeNull();
    const record = recordLastRefreshIn(news({ statusError: 'Status not saved' }), port)!;
    expect(record).toMatchObject({ at: '2026-11-21T05:00:00.000Z', by: 'nightly', ok: false });
    expect(record.problems.some((p) => p.startsWith('Books was not refreshed: The server refused'))).toBe(
      true,
    );
    expect(record.problems).toContain('Status not saved.');
    expect(record.problems).toContain(
      'Reports do not add up: Royalties: Summary against Books. 10.00 against 9.00.',
    );
    expect(record.problems.join(' ')).not.toContain('Units');
    expect(lastRefreshIn(document)).toEqual(JSON.parse(JSON.stringify(record)));
  });

  it('is cut to the room the store has left, keeping a problem', () => {
    const { port, values } = store(400);
    recordLastRefreshIn(news(), port);
    const [text] = values.values();
    expect(text!.length).toBeLessThanOrEqual(400);
    expect(JSON.parse(text!).problems.length).toBeGreaterThan(0);
  });

  it('with no room for even its last cut, is left out and not handed on as if kept', () => {
    const least = leastLastRefreshChars(news());
    const { port, values } = store(least - 1);
    expect(recordLastRefreshIn(news(), port)).toBeUndefined();
    expect(values.get(LAST_REFRESH_PROPERTY)!.length).toBeGreaterThan(least - 1);
  });

  it('at its least fits the room told before the Status tab was written, its failure counted in', () => {
    const told = leastLastRefreshChars(news());
    const failed = news({ statusError: `The status tab could not be written: ${'x'.repeat(300)}` });
    const { port, values } = store(told);
    expect(recordLastRefreshIn(failed, port)).toBeDefined();
    expect(values.get(LAST_REFRESH_PROPERTY)!.length).toBeLessThanOrEqual(told);
    expect(JSON.parse(values.get(LAST_REFRESH_PROPERTY)!).message).toMatch(/^1 of 2 tabs failed/);
  });

  it('that cannot be written is no failure of the refresh', () => {
    expect(recordLastRefreshIn(news(), store(Infinity, true).port)).toBeUndefined();
  });
});
