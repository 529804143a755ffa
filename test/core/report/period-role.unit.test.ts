// This period's figure beside another period's (core/report/period-role.ts, the figure catalogue and the
// formulas' field lookup): plain inputs. Never a guess between two figures.
import { describe, expect, it } from 'vitest';
import { measureFigure } from '../../../src/core/figures/index.ts';
import { AmbiguousFieldError, findFigure } from '../../../src/core/report/index.ts';
import { periodRole, thisPeriodsKey } from '../../../src/core/report/period-role.ts';
import { toReportTable } from '../../../src/core/report/to-table.ts';

const envelope = { period: { range: 'last_30_days' }, currency: 'USD', meta: { truncated: false } };

describe('the period a key belongs to', () => {
  it('is read from its parents and a last segment that only names a period', () => {
    expect(periodRole('previous.royalties')).toBe('comparison');
    expect(periodRole('comparison.royalties')).toBe('comparison');
    expect(periodRole('royalties.change')).toBe('comparison');
    expect(periodRole('priorPeriod.netProfit')).toBe('comparison');
    expect(periodRole('current_period.royalties')).toBe('current');
    expect(periodRole('thisPeriod.royalties')).toBe('current');
    expect(periodRole('royalties.current')).toBe('current');
    // A figure's own name does not count: read-through from the previous book is this period's.
    expect(periodRole('read_through_from_previous')).toBe('plain');
    expect(periodRole('totals.royalties')).toBe('plain');
  });

  it('picks this period’s key only when one clearly is', () => {
    expect(thisPeriodsKey(['previous.royalties', 'current.royalties'])).toBe(1);
    expect(thisPeriodsKey(['royalties', 'by_format.1.royalties'])).toBe(0);
    expect(thisPeriodsKey(['a.royalties', 'b.royalties'])).toBeNull();
    expect(thisPeriodsKey(['previous.royalties'])).toBeNull();
  });
});

describe('a summary with this period beside the previous one', () => {
  const summary = (body: object) => toReportTable({ ...envelope, ...body }, 'summary');

  it('answers with this period’s figure wherever the previous one stands', () => {
    for (const body of [
      { previous: { royalties: 80 }, current: { royalties: 100 } },
      { previous_period: { royalties: 80 }, totals: { royalties: 100 } },
      { royalties: { previous: 80, current: 100 } },
      { royalties: 100, change: { royalties: 20 } },
    ]) {
      const found = measureFigure(summary(body), 'royalties');
      expect(found, JSON.stringify(body)).toMatchObject({ found: true, value: 100 });
    }
  });

  it('labels the previous period’s figures whole, never "Previou"', () => {
    const table = summary({ previous: { royalties: 80, status: 'x' }, current: { royalties: 100 } });
    const labels = table.rows.map((row) => row[0]);
    expect(labels).toContain('Previous royalties');
    expect(labels).toContain('Previous status');
    expect(labels.join(' ')).not.toMatch(/Previou |Statu /);
  });

  it('never guesses between two figures: a formula names both, the catalogue says ambiguous', () => {
    const table = summary({ store_a: { royalties: 80 }, store_b: { royalties: 100 } });
    expect(() => findFigure(table, 'royalties')).toThrow(AmbiguousFieldError);
    expect(() => findFigure(table, 'royalties')).toThrow(
      '"royalties" matches store_a.royalties and store_b.royalties: give one of them.',
    );
    expect(findFigure(table, 'store_b.royalties')).toBe(100);
    expect(measureFigure(table, 'royalties')).toEqual({
      found: false,
      ambiguous: ['store_a.royalties', 'store_b.royalties'],
    });
  });
});
