import { describe, expect, it } from 'vitest';
import { ENDPOINT_IDS } from '../../../src/core/endpoints.ts';
import { firstRound, secondRound } from '../../../src/core/refresh/index.ts';
import { toReportTable } from '../../../src/core/report/index.ts';
import { type SeriesRef, seriesList } from '../../../src/core/report/table-reader.ts';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';
import { type Fetched, mergeReadThrough, seriesToRead, tabContents } from '../../../src/core/tabs/index.ts';

const seriesResponse = {
  period: { range: 'last_30_days' },
  currency: 'USD',
  meta: { truncated: false },
  series: [
    {
      series_id: 'ser_1',
      name: 'The Tide',
      books: [
        { book_id: 'b1', title: 'One', position: 1 },
        { book_id: 'b2', title: 'Two', position: 2 },
      ],
    },
    { series_id: 'ser_2', name: 'Embers', books: [{ book_id: 'b3', title: 'Three', position: 1 }] },
  ],
};

function readThroughResponse(series: SeriesRef, books: number, truncated = false) {
  return {
    period: { range: 'last_30_days' },
    currency: 'USD',
    meta: { truncated },
    series: { series_id: series.id, name: series.name },
    rows: Array.from({ length: books }, (_, i) => ({
      position: i + 1,
      book_id: `${series.id}_b${i + 1}`,
      title: `Book ${i + 1}`,
      readers: 100 - i * 10,
      read_through_from_previous: i === 0 ? 1 : 0.8,
    })),
  };
}

describe('the refresh plan', () => {
  it('asks for the account, every chosen report and /series in round 1, each once', () => {
    const requests = firstRound(DEFAULT_SETTINGS);
    const endpoints = requests.map((r) => r.endpoint);
    expect(endpoints).toEqual(ENDPOINT_IDS.filter((id) => id !== 'read-through'));
    for (const r of requests) {
      if (r.endpoint === 'account') expect(r.period).toBeUndefined();
      else expect(r.period).toBe(DEFAULT_SETTINGS.period);
    }
  });

  it('adds /series for read-through alone and passes the currency when one is chosen', () => {
    const requests = firstRound({ period: 'last_7_days', currency: 'EUR', tabs: ['read-through'] });
    expect(requests.map((r) => r.endpoint)).toEqual(['account', 'series']);
    expect(requests[1]).toMatchObject({ period: 'last_7_days', currency: 'EUR' });
  });

  it('lists each series once and asks for all their read-through in round 2', () => {
    const series = seriesList(toReportTable(seriesResponse, 'series'));
    expect(series.map((s) => s.id)).toEqual(seriesResponse.series.map((s) => s.series_id));
    expect(series.map((s) => s.name)).toEqual(seriesResponse.series.map((s) => s.name));
    const round2 = secondRound(series, DEFAULT_SETTINGS);
    expect(round2.map((r) => [r.endpoint, r.seriesId])).toEqual(series.map((s) => ['read-through', s.id]));
  });

  it('explains a series list without ids', () => {
    const outcome = seriesToRead({ ok: true, data: { series: [{ name: 'No id here' }] } });
    expect(outcome.ok).toBe(false);
    const failed = seriesToRead({ ok: false, error: 'Server error.' });
    expect(failed.ok === false && failed.error).toContain('Server error.');
  });
});

describe('read-through in one tab', () => {
  const series: SeriesRef[] = [
    { id: 'ser_1', name: 'The Tide' },
    { id: 'ser_2', name: 'Embers' },
  ];

  it('carries the series id and name on every row', () => {
    const parts = series.map((s, i) => ({
      series: s,
      table: toReportTable(readThroughResponse(s, 3 + i), 'read-through'),
    }));
    const merged = mergeReadThrough(parts);
    expect(merged.rows.length).toBe(parts.reduce((n, p) => n + p.table.rows.length, 0));
    expect(merged.columns.slice(0, 2).map((c) => c.key)).toEqual(['series_id', 'series_name']);
    const readersAt = merged.columns.findIndex((c) => c.key === 'readers');
    let at = 0;
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      const sourceAt = part.table.columns.findIndex((c) => c.key === 'readers');
      expect(part.table.rows.length).toBeGreaterThan(0);
      for (const row of part.table.rows) {
        expect(merged.rows[at]?.slice(0, 2)).toEqual([part.series.id, part.series.name]);
        expect(merged.rows[at]?.[readersAt]).toBe(row[sourceAt]);
        at++;
      }
    }
    expect(mergeReadThrough([]).rows).toEqual([]);
  });

  it('fails the whole tab when one series fails, so no series loses its rows', () => {
    const responses: Fetched[] = [
      { ok: true, data: readThroughResponse(series[0]!, 2) },
      { ok: false, error: 'No series with that id.' },
    ];
    const [content] = tabContents(['read-through'], new Map(), { ok: true, series, responses });
    expect(content?.kind).toBe('failed');
    expect(content?.kind === 'failed' && content.error).toContain('Embers');
  });

  it('is truncated when any series is', () => {
    const responses: Fetched[] = series.map((s, i) => ({
      ok: true,
      data: readThroughResponse(s, 2, i === 1),
    }));
    const [content] = tabContents(['read-through'], new Map(), { ok: true, series, responses });
    expect(content?.kind === 'table' && content.table.meta.truncated).toBe(true);
  });
});

describe('tab contents', () => {
  it('fails only the tabs whose response failed or cannot be a table', () => {
    const first = new Map<(typeof ENDPOINT_IDS)[number], Fetched>([
      [
        'summary',
        { ok: true, data: { currency: 'USD', meta: { truncated: false }, totals: { royalties: 1.5 } } },
      ],
      ['timeline', { ok: false, error: 'Rate limited.' }],
      ['kenp', { ok: true, data: 'not a report' }],
    ]);
    const contents = tabContents(['summary', 'timeline', 'kenp', 'catalog'], first, undefined);
    expect(contents.map((c) => c.kind)).toEqual(['table', 'failed', 'failed', 'failed']);
    expect(contents[1]?.kind === 'failed' && contents[1].error).toBe('Rate limited.');
  });
});
