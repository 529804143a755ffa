// The choices and the last refresh's record: what is accepted, when a night sends, and the record kept
// under the 9 KB a property holds whatever the titles and messages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length } from '../../../src/core/base/text.ts';
import {
  ALREADY_SENT,
  emailFailed,
  emailSent,
  emailWentWrong,
  morningEmailMode,
  NO_QUOTA,
  sendsTonight,
  storedMorningEmailMode,
} from '../../../src/core/morning/index.ts';
import {
  type LastRefresh,
  lastRefreshFromStored,
  lastRefreshToStored,
  MAX_LAST_REFRESH_BYTES,
} from '../../../src/core/refresh/index.ts';

describe('the choice', () => {
  it('accepts the three, refuses anything else, and reads an unreadable stored one as off', () => {
    for (const mode of ['off', 'problems', 'daily'] as const) expect(morningEmailMode(mode)).toBe(mode);
    for (const bad of ['Daily', 'weekly', '', null, 1, {}])
      expect(() => morningEmailMode(bad)).toThrow(/off/);
    expect(storedMorningEmailMode('sometimes')).toBe('off');
    expect(storedMorningEmailMode(null)).toBe('off');
  });

  it('sends every morning, only with problems, or never', () => {
    expect([sendsTonight('daily', 0), sendsTonight('daily', 2)]).toEqual([true, true]);
    expect([sendsTonight('problems', 0), sendsTonight('problems', 1)]).toEqual([false, true]);
    expect([sendsTonight('off', 0), sendsTonight('off', 3)]).toEqual([false, false]);
  });
});

describe("the night's e-mail outcome", () => {
  it('went wrong when it was due and did not reach the author', () => {
    expect(emailWentWrong(emailSent('a@example.com'))).toBe(false);
    expect(emailWentWrong(ALREADY_SENT)).toBe(false);
    expect(emailWentWrong(undefined)).toBe(false);
    expect(emailWentWrong(NO_QUOTA)).toBe(true);
    expect(emailWentWrong(emailFailed('Mail service unavailable'))).toBe(true);
  });
});

describe('the last refresh record', () => {
  const record = (problems: string[], titles: string[]): LastRefresh => ({
    at: '2026-11-21T05:12:00.000Z',
    by: 'nightly',
    ok: false,
    message: 'Refreshed 14 tabs.',
    problems,
    figures: {
      currency: 'USD',
      period: { start: '2026-10-22', end: '2026-11-20', days: 30 },
      figures: [
        {
          measure: 'royalties',
          label: 'Royalties',
          money: true,
          value: 12.34,
          previous: null,
          change: null,
          note: 'no earlier data yet',
        },
      ],
      unread: null,
      days: [{ date: '2026-11-20', royalties: 1.5, netProfit: 1, provisional: true }],
      topBooks: titles.map((title, i) => ({ title, royalties: 100 - i })),
      bookCount: 2000,
    },
  });

  it('round-trips as it was when it fits', () => {
    const small = record(['Books was not refreshed: it failed.'], ['The Salt Road']);
    expect(lastRefreshFromStored(lastRefreshToStored(small))).toEqual(small);
    expect(lastRefreshFromStored('{"at":1}')).toBeNull();
    expect(lastRefreshFromStored('not json')).toBeNull();
  });

  it('keeps the problems before the figures, and says how many it left out', () => {
    const mismatch = 'Reports do not add up: Royalties: the Summary against the book rows.';
    const crowded = {
      ...record([mismatch, ...Array(14).fill('д'.repeat(300))], ['т'.repeat(200)]),
      ok: true,
    };
    const back = lastRefreshFromStored(lastRefreshToStored(crowded, 3000))!;
    expect(back.problems[0]).toBe(mismatch);
    expect(back.problems.at(-1)).toBe('12 more: see the Status tab.');
    expect(back.figures?.topBooks ?? []).toEqual([]);
  });

  it('at its least keeps the outcome cut short and its first problem, never an empty headline', () => {
    const long = { ...record(['p'.repeat(300), 'q'], []), message: 'm'.repeat(600) };
    const roomy = lastRefreshFromStored(lastRefreshToStored(long, 900))!;
    expect(roomy.message).toBe(`${'m'.repeat(499)}…`);
    const least = lastRefreshFromStored(lastRefreshToStored(long, 0))!;
    expect(least.message).toBe(`${'m'.repeat(159)}…`);
    expect(least.problems).toEqual([`${'p'.repeat(79)}…`, '1 more: see the Status tab.']);
    expect(least.figures).toBeNull();
  });

  it('stays under the budget in bytes whatever it holds, keeping the headline figures', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 2000, unit: 'grapheme' }), { maxLength: 20 }),
        fc.array(fc.string({ maxLength: 200, unit: 'grapheme' }), { maxLength: 5 }),
        (problems, titles) => {
          const text = lastRefreshToStored(record(problems, titles));
          expect(utf8Length(text)).toBeLessThanOrEqual(MAX_LAST_REFRESH_BYTES);
          const back = lastRefreshFromStored(text)!;
          expect(back.at).toBe('2026-11-21T05:12:00.000Z');
          expect(back.figures?.figures[0]?.value ?? null).toBe(back.figures ? 12.34 : null);
          // The figures go before the problems: a record that had problems never reads as all well.
          if (problems.length > 0) expect(back.problems.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
