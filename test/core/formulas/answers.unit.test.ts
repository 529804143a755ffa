// A formula's kept answer: keyed by the function and its arguments (dates told from text), read back whole
// with its dates, and shown only for its own identity, before its response expires, on the same basis.
import { describe, expect, it } from 'vitest';
import {
  type AnswerBasis,
  answerEntry,
  answerIdentity,
  answerKey,
  keptAnswer,
} from '../../../src/core/formulas/answers.ts';

const BASIS: AnswerBasis = {
  key: 'f1f2f3f4f5f6f7f8',
  settings: '{"range":"last_7_days"}',
  zone: 'Europe/Paris',
};
const UNTIL = 1_000_000;
const same = (basis: AnswerBasis) =>
  basis.key === BASIS.key && basis.settings === BASIS.settings && basis.zone === BASIS.zone;

describe('answer identity and key', () => {
  it('is the function and its arguments in parameter order; a date is not its text', () => {
    const day = new Date(Date.UTC(2026, 0, 2));
    const a = answerIdentity('ROYALTIES_SUMMARY', { range: 'last_7_days', field: 'royalties' });
    expect(a).toBe(answerIdentity('ROYALTIES_SUMMARY', { field: 'royalties', range: 'last_7_days' }));
    expect(a).not.toBe(answerIdentity('ROYALTIES_SUMMARY', { range: 'last_7_days', field: 'units' }));
    expect(a).not.toBe(answerIdentity('ROYALTIES_BOOKS', { range: 'last_7_days' }));
    expect(answerIdentity('ROYALTIES_BOOKS', { refreshed: day })).not.toBe(
      answerIdentity('ROYALTIES_BOOKS', { refreshed: day.toISOString() }),
    );
    expect(answerIdentity('ROYALTIES_BOOKS', { refreshed: [[day]] })).toBe(
      answerIdentity('ROYALTIES_BOOKS', { refreshed: [[new Date(day.getTime())]] }),
    );
  });

  it('is the identity itself when short, a hash within CacheService limits when long', () => {
    const short = answerIdentity('ROYALTIES_BOOKS', { range: 'last_7_days' });
    expect(answerKey(short)).toBe(`rfs-ans ${short}`);
    const long = answerIdentity('ROYALTIES_BOOKS', { range: 'x'.repeat(400) });
    const other = answerIdentity('ROYALTIES_BOOKS', { range: 'y'.repeat(400) });
    expect(answerKey(long).length).toBeLessThanOrEqual(250);
    expect(answerKey(long)).toMatch(/^rfs-ans# [0-9a-z]+$/);
    expect(answerKey(long)).not.toBe(answerKey(other));
  });
});

describe('kept answers', () => {
  const identity = answerIdentity('ROYALTIES_KENP', { range: 'last_7_days' });
  const cells = [
    ['Date', 'Pages read', 'Note'],
    [new Date(Date.UTC(2026, 0, 1, 23)), 120, true],
    [new Date(Date.UTC(2026, 0, 2, 23)), 0, ''],
  ];

  it('come back whole, dates as dates, or a single figure as itself', () => {
    const entry = answerEntry(identity, BASIS, UNTIL, cells)!;
    expect(keptAnswer(entry, identity, UNTIL - 1, same)).toEqual(cells);
    const figure = answerEntry(identity, BASIS, UNTIL, 41.5)!;
    expect(keptAnswer(figure, identity, 0, same)).toBe(41.5);
  });

  it('are refused for another identity, once their response expired, or on another basis', () => {
    const entry = answerEntry(identity, BASIS, UNTIL, cells)!;
    expect(keptAnswer(entry, `${identity} `, 0, same)).toBeUndefined();
    expect(keptAnswer(entry, identity, UNTIL, same)).toBeUndefined();
    expect(keptAnswer(entry, identity, 0, () => false)).toBeUndefined();
    for (const basis of [
      { ...BASIS, key: 'another key' },
      { ...BASIS, settings: null },
      { key: BASIS.key, settings: BASIS.settings },
    ])
      expect(keptAnswer(answerEntry(identity, basis, UNTIL, cells), identity, 0, same)).toBeUndefined();
    expect(keptAnswer(undefined, identity, 0, same)).toBeUndefined();
    expect(keptAnswer('{not json', identity, 0, same)).toBeUndefined();
    expect(
      keptAnswer(
        JSON.stringify({ of: identity, key: BASIS.key, until: UNTIL, cells: [[{}]] }),
        identity,
        0,
        () => true,
      ),
    ).toBeUndefined();
  });

  it('are not kept when bigger than one cache value', () => {
    const big = [[`${'é'.repeat(50_000)}`]];
    expect(answerEntry(identity, BASIS, UNTIL, big)).toBeUndefined();
    expect(answerEntry(identity, BASIS, UNTIL, [['e'.repeat(50_000)]])).toBeDefined();
  });

  it('never hold more than the basis, the identity and the cells', () => {
    const entry = JSON.parse(answerEntry(identity, BASIS, UNTIL, cells)!) as Record<string, unknown>;
    expect(Object.keys(entry).sort()).toEqual(['cells', 'key', 'of', 'settings', 'until', 'zone']);
  });
});
