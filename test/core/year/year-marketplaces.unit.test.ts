// The year by marketplace from plain answers: the marketplace report over the year placed on the tab of the
// year its period lies in, a row per marketplace in the report's currency as sent (a figure not sent is
// missing), the period said; refused, cut short, a period not said or across two years: no row, and the
// reason on this year's tab; an earlier year says it is not kept, unless its tab holds the rows its last
// refresh wrote: those are kept as they were, marked kept.
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../../src/core/settings.ts';
import { yearMarketplaces } from '../../../src/core/year/year-marketplaces.ts';
import {
  keptMarketplaces,
  yearAnswers,
  yearNote,
  yearTable,
  yearTabs,
} from '../../../src/core/year/year-table.ts';
import { marketplacesReport } from './support.ts';

const report = marketplacesReport;
const YTD = { range: 'year_to_date', start: '2026-01-01', end: '2026-11-19' };

const header = yearTable([], 2026, '2026-11-20').columns.map((c) => c.key);
const cell = (row: readonly unknown[], key: string) => row[header.indexOf(key)];

describe('the year by marketplace', () => {
  it("puts a row per marketplace on the tab of its period's year, in its currency, as sent", () => {
    const answers = yearAnswers(undefined, report(YTD), null);
    const table = yearTable([], 2026, '2026-11-20', 60, null, answers.marketplaces);
    expect(table.rows.map((r) => [cell(r, 'month'), cell(r, 'currency'), cell(r, 'marketplace')])).toEqual([
      ['2026-01-01 to 2026-11-19', 'EUR', 'amazon.de'],
      ['2026-01-01 to 2026-11-19', 'EUR', 'amazon.fr'],
    ]);
    const [de, fr] = table.rows as unknown[][];
    expect(cell(de!, 'royalties')).toBe(120.5);
    expect(cell(de!, 'ad_spend')).toBe(20);
    expect(cell(de!, 'units_sold')).toBe(40);
    // Not sent: missing, never 0.
    expect(cell(fr!, 'ad_spend')).toBeNull();
    expect(cell(fr!, 'status')).toBe('from the Marketplaces report');
    expect(yearNote(2026, table, 60, answers)).toContain(
      'by marketplace: the Marketplaces report over 2026-01-01 to 2026-11-19',
    );
    // Last year's tab gets none, and says it is not kept.
    const last = yearTable([], 2025, '2026-11-20', 60, null, answers.marketplaces);
    expect(last.rows).toEqual([]);
    expect(yearNote(2025, last, 60, answers, 2026)).toContain('by marketplace: not kept for this year');
  });

  it('places nothing, keeping the reason, from a report refused, cut short, or whose period is unsaid', () => {
    const reason = (fetched: Parameters<typeof yearMarketplaces>[0]) => {
      const read = yearMarketplaces(fetched, ['royalties']);
      return read && 'reason' in read ? read.reason : null;
    };
    expect(reason({ ok: false, error: 'Unknown range "year_to_date".' })).toBe(
      'Unknown range "year_to_date".',
    );
    expect(reason(report(YTD, { meta: { truncated: true } }))).toMatch(/^some of its rows could not be read/);
    expect(reason(report(null))).toBe('its period is not said, or not within one year.');
    expect(reason(report({ start: '2025-11-20', end: '2026-11-19' }))).toBe(
      'its period is not said, or not within one year.',
    );
    expect(yearMarketplaces(undefined, ['royalties'])).toBeNull();
    const refused = yearAnswers(undefined, { ok: false, error: 'Unknown range "year_to_date".' }, null);
    const table = yearTable([], 2026, '2026-11-20', 60, null, refused.marketplaces);
    expect(yearNote(2026, table, 60, refused, 2026)).toContain(
      'by marketplace: not given: Unknown range "year_to_date".',
    );
  });

  it("keeps the marketplace rows a past year's tab holds once the year so far has moved on", () => {
    const written = yearTable(
      [],
      2026,
      '2026-12-30',
      60,
      null,
      yearAnswers(undefined, report(YTD), null).marketplaces,
    );
    // As the tab holds them: columns in other places, an empty cell read back as "", the months' rows apart.
    const columns = [...header].reverse();
    const held = [
      ['2026-12', 'EUR', 'all', 'final', 30, 5, 1, 2, 3, 4],
      ...written.rows.map((r) => r.map((v) => (v === null ? '' : v))),
    ].map((r) => [...r].reverse());
    const { rows: kept } = keptMarketplaces(held, columns);
    expect(kept.map((r) => r.filter((_, i) => i !== header.indexOf('status')))).toEqual(
      written.rows.map((r) => r.filter((_, i) => i !== header.indexOf('status'))),
    );
    const next = yearAnswers(undefined, report({ ...YTD, start: '2027-01-01', end: '2027-01-04' }), null);
    const asked: [number, boolean][] = [];
    const tabs = yearTabs(
      [],
      '2027-01-05',
      parseSettings({ years: '2026,2027' }),
      next,
      (year, yearSoFar) => {
        asked.push([year, yearSoFar]);
        return yearSoFar ? kept : [];
      },
    );
    // Only the past year's tab wants its year so far's rows; this year's shows this year's report.
    expect(asked).toEqual([
      [2027, false],
      [2026, true],
    ]);
    const past = tabs.find((t) => t.tab === 'year-2026')!;
    expect(past.table.rows.map((r) => cell(r, 'status'))).toEqual([
      'from the Marketplaces report, kept from the last refresh of its year',
      'from the Marketplaces report, kept from the last refresh of its year',
    ]);
    expect(past.table.rows.map((r) => cell(r, 'royalties'))).toEqual([120.5, 30.25]);
    expect(past.note).toContain('by marketplace: from the Marketplaces report, kept from the last refresh');
    // A tab that holds none says it is not kept.
    const none = yearTabs([], '2027-01-05', parseSettings({ years: '2026' }), next, () => []);
    expect(none[0]!.note).toContain('by marketplace: not kept for this year');
  });
});
