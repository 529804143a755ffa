// The backfill's rules across refreshes with plain inputs: when the ledger asks for the longer periods,
// which answers it keeps, and which failures leave the backfill due for the next refresh.
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  type ApiErrorKind,
  type ApiOutcome,
  type ApiRequest,
} from '../../../src/core/api/index.ts';
import {
  BACKFILL_PERIODS,
  backfillStep,
  leavesBackfillDue,
  type TimelineDays,
  TRUNCATED_TIMELINE,
  timelineAnswer,
} from '../../../src/core/history/index.ts';

const ALL_KINDS: readonly ApiErrorKind[] = [
  'invalid-input',
  'unauthorized',
  'forbidden',
  'not-found',
  'bad-request',
  'rate-limited',
  'server',
  'network',
  'timeout',
  'invalid-response',
  'out-of-time',
];
const NO_ANSWER: readonly ApiErrorKind[] = ['out-of-time', 'timeout', 'network', 'server', 'rate-limited'];

/** Round 1's 30 days as the ledger took them: one day is enough to tell them apart. */
function roundOne(currency: string | null = 'USD'): TimelineDays {
  return { currency, columns: [], days: [{ date: '2026-11-20', values: { royalties: 1 } }] };
}

/** A /timeline answer of one day, as the API sends it. */
function answered(date: string, currency = 'USD', truncated = false): ApiOutcome {
  const data = { currency, meta: { truncated }, points: [{ date, royalties: 2 }] };
  return { ok: true, response: { data, fromCache: false } };
}

function failed(kind: ApiErrorKind): ApiOutcome {
  return { ok: false, error: new ApiError(kind, `failed: ${kind}`) };
}

/** The API as the backfill meets it: an answer per period, every request recorded. */
function api(byRange: Readonly<Record<string, ApiOutcome>>) {
  const asked: ApiRequest[] = [];
  const fetchOne = (request: ApiRequest): ApiOutcome => {
    asked.push(request);
    return byRange[request.period ?? ''] ?? failed('bad-request');
  };
  return { asked, fetchOne };
}

const USD_LEDGER = ['date', 'status', 'changed', 'royalties@USD'];

describe('leavesBackfillDue', () => {
  it('leaves the backfill due after no answer in time, never after the API refused', () => {
    for (const kind of ALL_KINDS) expect(leavesBackfillDue(kind), kind).toBe(NO_ANSWER.includes(kind));
  });
});

describe('backfillStep', () => {
  it('asks nothing once the ledger holds the currency and nothing is due', () => {
    const { asked, fetchOne } = api({});
    const step = backfillStep(
      { timeline: roundOne(), ledgerKeys: USD_LEDGER, earlierDue: ['EUR'] },
      fetchOne,
    );
    expect(asked).toEqual([]);
    expect(step.tries).toBeNull();
    expect(step.timeline).toEqual(roundOne());
    expect(step.due).toEqual(['EUR']);
    expect(step.stillDue).toBe(false);
  });

  it("on the ledger's first refresh asks the longest period first, in the currency, and keeps the first answer before round 1's days", () => {
    const { asked, fetchOne } = api({
      last_365_days: answered('2025-12-01'),
      last_90_days: answered('2026-09-01'),
    });
    const step = backfillStep({ timeline: roundOne(), ledgerKeys: [], earlierDue: [] }, fetchOne);
    expect(asked).toEqual([
      { endpoint: 'timeline', period: 'all_time', currency: 'USD' },
      { endpoint: 'timeline', period: 'last_365_days', currency: 'USD' },
    ]);
    expect(step.tries?.map((t) => [t.period, t.result === null])).toEqual([
      ['all_time', true],
      ['last_365_days', false],
    ]);
    expect(step.timeline.days.map((d) => d.date)).toEqual(['2025-12-01', '2026-11-20']);
    expect(step.due).toEqual([]);
    expect(step.stillDue).toBe(false);
  });

  it('runs for a currency new to the ledger, and asks with no currency when round 1 named none', () => {
    const eur = api({});
    backfillStep({ timeline: roundOne('EUR'), ledgerKeys: USD_LEDGER, earlierDue: [] }, eur.fetchOne);
    expect(eur.asked.map((r) => r.currency)).toEqual(BACKFILL_PERIODS.map(() => 'EUR'));
    const none = api({});
    const step = backfillStep({ timeline: roundOne(null), ledgerKeys: [], earlierDue: [] }, none.fetchOne);
    expect(none.asked.map((r) => r.period)).toEqual([...BACKFILL_PERIODS]);
    for (const request of none.asked) expect(request).not.toHaveProperty('currency');
    expect(step.tries).toHaveLength(BACKFILL_PERIODS.length);
  });

  it('settles the backfill when the API refuses every period: its refusal is its answer', () => {
    for (const kind of ALL_KINDS.filter((k) => !NO_ANSWER.includes(k))) {
      const { fetchOne } = api(Object.fromEntries(BACKFILL_PERIODS.map((r) => [r, failed(kind)])));
      const step = backfillStep({ timeline: roundOne(), ledgerKeys: [], earlierDue: [] }, fetchOne);
      expect(step.due, kind).toEqual([]);
      expect(step.stillDue, kind).toBe(false);
      expect(step.tries?.map((t) => t.reason)).toEqual(BACKFILL_PERIODS.map(() => `failed: ${kind}`));
    }
  });

  it('leaves the backfill due when a period got no answer in time and none was kept', () => {
    for (const kind of NO_ANSWER) {
      // The longest period hangs; the shorter ones are refused.
      const { fetchOne } = api({ all_time: failed(kind) });
      const step = backfillStep({ timeline: roundOne(), ledgerKeys: [], earlierDue: ['EUR'] }, fetchOne);
      expect(step.due, kind).toEqual(['EUR', 'USD']);
      expect(step.stillDue, kind).toBe(true);
      expect(step.timeline, kind).toEqual(roundOne());
    }
  });

  it('is not due when a shorter period answered after a longer one got none', () => {
    const { fetchOne } = api({ all_time: failed('out-of-time'), last_365_days: answered('2025-12-01') });
    const step = backfillStep({ timeline: roundOne(), ledgerKeys: [], earlierDue: [] }, fetchOne);
    expect(step.due).toEqual([]);
    expect(step.stillDue).toBe(false);
  });

  it('asks again on the next refresh when due, then no more', () => {
    const first = api({ all_time: failed('timeout') });
    const night1 = backfillStep({ timeline: roundOne(), ledgerKeys: [], earlierDue: [] }, first.fetchOne);
    expect(night1.due).toEqual(['USD']);

    // The ledger now holds USD columns from round 1's days: only the mark's due list brings the backfill back.
    const second = api({ all_time: answered('2024-01-01') });
    const night2 = backfillStep(
      { timeline: roundOne(), ledgerKeys: USD_LEDGER, earlierDue: night1.due },
      second.fetchOne,
    );
    expect(second.asked.map((r) => r.period)).toEqual(['all_time']);
    expect(night2.due).toEqual([]);
    expect(night2.timeline.days.map((d) => d.date)).toEqual(['2024-01-01', '2026-11-20']);

    const third = api({});
    const night3 = backfillStep(
      { timeline: roundOne(), ledgerKeys: USD_LEDGER, earlierDue: night2.due },
      third.fetchOne,
    );
    expect(third.asked).toEqual([]);
    expect(night3.tries).toBeNull();
  });

  it("keeps a ledger's due under '' when the timeline names no currency", () => {
    const { fetchOne } = api({ all_time: failed('network') });
    const step = backfillStep({ timeline: roundOne(null), ledgerKeys: [], earlierDue: [] }, fetchOne);
    expect(step.due).toEqual(['']);
    expect(step.stillDue).toBe(true);
  });

  it('passes over a truncated answer or one in another currency (never figures that may be too low)', () => {
    const { fetchOne } = api({
      all_time: answered('2020-01-01', 'USD', true),
      last_365_days: answered('2025-12-01', 'EUR'),
      last_90_days: answered('2026-09-01'),
    });
    const step = backfillStep({ timeline: roundOne(), ledgerKeys: [], earlierDue: [] }, fetchOne);
    expect(step.tries?.map((t) => t.reason)).toEqual([
      TRUNCATED_TIMELINE,
      'The timeline answered in EUR, not USD.',
      null,
    ]);
    // Answered, then passed over: the Status says why, not that the API refused them.
    expect(step.tries?.map((t) => t.answered)).toEqual([true, true, undefined]);
    expect(step.timeline.days.map((d) => d.date)).toEqual(['2026-09-01', '2026-11-20']);
  });
});

describe('timelineAnswer', () => {
  it('takes a complete answer in the currency asked for, any currency when none is asked', () => {
    const fetched = {
      ok: true,
      data: { currency: 'GBP', points: [{ date: '2026-11-01', royalties: 1 }] },
      unread: null,
    } as const;
    expect(timelineAnswer(fetched, 'GBP')).toHaveProperty('result.currency', 'GBP');
    expect(timelineAnswer(fetched, null)).toHaveProperty('result.currency', 'GBP');
    expect(timelineAnswer(fetched, 'USD')).toEqual({ reason: 'The timeline answered in GBP, not USD.' });
  });

  it('says why it takes nothing: not fetched, failed, truncated or pages unread', () => {
    expect(timelineAnswer(undefined, null)).toEqual({ reason: 'The timeline was not fetched.' });
    expect(timelineAnswer({ ok: false, error: 'The API refused.' }, null)).toEqual({
      reason: 'The API refused.',
    });
    const truncated = {
      currency: 'USD',
      meta: { truncated: true },
      points: [{ date: '2026-11-01', royalties: 1 }],
    };
    expect(timelineAnswer({ ok: true, data: truncated, unread: null }, null)).toEqual({
      reason: TRUNCATED_TIMELINE,
    });
    const whole = { currency: 'USD', points: [{ date: '2026-11-01', royalties: 1 }] };
    expect(timelineAnswer({ ok: true, data: whole, unread: 'the page limit' }, null)).toEqual({
      reason: TRUNCATED_TIMELINE,
    });
  });

  it('takes nothing from an answer that sends a day on two rows, saying so, and never sums them', () => {
    const byPlatform = {
      currency: 'USD',
      points: [
        { date: '2026-10-31', royalties: 3 },
        { date: '2026-11-01', platform: 'kdp', royalties: 50 },
        { date: '2026-11-01', platform: 'd2d', royalties: 7 },
      ],
    };
    expect(timelineAnswer({ ok: true, data: byPlatform, unread: null }, 'USD')).toEqual({
      reason:
        'The timeline sent 2 rows for 2026-11-01 (one per platform or store, perhaps), so the history keeps the figures it had.',
    });
  });

  it('takes nothing from an answer by month: one that says so, or whose points are all on the first', () => {
    const months = [
      { date: '2025-01-01', royalties: 3400 },
      { date: '2025-02-01', royalties: 2900 },
    ];
    const byMonth = { currency: 'USD', interval: 'month', points: months };
    expect(timelineAnswer({ ok: true, data: byMonth, unread: null }, 'USD')).toEqual({
      reason: 'The timeline\'s points are by "month", not by day, so the history keeps the figures it had.',
    });
    const firsts = { currency: 'USD', period: { range: 'all_time' }, points: months };
    expect(timelineAnswer({ ok: true, data: firsts, unread: null }, 'USD')).toEqual({
      reason:
        "The timeline's points are all on the first of a month (2025-01-01 to 2025-02-01), like months, so the history keeps the figures it had.",
    });
  });

  it('takes days that say so, and a single first of the month among days', () => {
    const days = { currency: 'USD', Interval: 'Day', points: [{ date: '2026-11-01', royalties: 3 }] };
    expect(timelineAnswer({ ok: true, data: days, unread: null }, 'USD')).toHaveProperty('result.days', [
      { date: '2026-11-01', values: { 'royalties@USD': 3 } },
    ]);
    const mixed = {
      currency: 'USD',
      meta: { granularity: 'daily' },
      points: [
        { date: '2026-10-31', royalties: 2 },
        { date: '2026-11-01', royalties: 3 },
      ],
    };
    expect(timelineAnswer({ ok: true, data: mixed, unread: null }, 'USD')).toHaveProperty(
      'result.days.length',
      2,
    );
  });
});
