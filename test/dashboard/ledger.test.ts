// The dashboard's comparisons with the history ledger: the change against the previous period of the same
// length, "no earlier data yet" and partial coverage, the monthly chart once two months are held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoApiHandle, startDemoApi } from '../../local/demo-api/index.ts';
import {
  buildDashboard,
  type DashboardSources,
  figureTiles,
  MORE_READERS_THAN_FIRST,
  NOT_APPLICABLE,
  PERIOD_UNKNOWN,
} from '../../src/core/dashboard/index.ts';
import type { EndpointId } from '../../src/core/endpoints.ts';
import type { LedgerDay } from '../../src/core/figures/index.ts';
import { toReportTable } from '../../src/core/report/index.ts';
import { mergeReadThrough } from '../../src/core/tabs/index.ts';

type Json = Record<string, unknown>;
/** One list of an answer's records, each passed through `change`. */
const remap = (body: Json, list: string, change: (record: Json) => Json | null): Json => ({
  ...body,
  [list]: (body[list] as Json[]).map(change).filter((r): r is Json => r !== null),
});

let api: DemoApiHandle;
let sources: DashboardSources;

async function get(path: string): Promise<unknown> {
  const response = await fetch(`${api.baseUrl}${path}?range=last_30_days`, {
    headers: { Authorization: `Bearer ${api.demoKey}` },
  });
  return response.json();
}

/** The dashboard's sources from the demo API, each answer first passed through `edit` (a test's omissions). */
async function sourcesFromApi(
  edit: (path: string, body: Json) => Json = (_, body) => body,
): Promise<DashboardSources> {
  const table = async (path: string, id: EndpointId) =>
    toReportTable(edit(path, (await get(path)) as Json), id);
  const seriesBody = (await get('/series')) as { series: { series_id: string; name: string }[] };
  const parts = [];
  for (const s of seriesBody.series) {
    const t = await table(`/series/${s.series_id}/read-through`, 'read-through');
    parts.push({ series: { id: s.series_id, name: s.name }, table: t });
  }
  return {
    summary: await table('/summary', 'summary'),
    timeline: await table('/timeline', 'timeline'),
    books: await table('/reports/books', 'books-report'),
    marketplaces: await table('/reports/marketplaces', 'marketplaces-report'),
    catalog: await table('/books', 'catalog'),
    series: await table('/series', 'series'),
    kenp: await table('/kenp', 'kenp'),
    freeUnits: await table('/free-units', 'free-units'),
    readThrough: mergeReadThrough(parts),
  };
}

beforeAll(async () => {
  api = await startDemoApi({ today: '2026-11-20' });
  sources = await sourcesFromApi();
});
afterAll(async () => {
  await api?.stop();
});

/** Days from `start` (inclusive), each with the given figures. */
function days(start: string, count: number, figures: LedgerDay['figures'], currency = 'USD'): LedgerDay[] {
  const out: LedgerDay[] = [];
  const t0 = Date.parse(`${start}T00:00:00Z`);
  for (let i = 0; i < count; i++) {
    const date = new Date(t0 + i * 86_400_000).toISOString().slice(0, 10);
    out.push({ date, currency, figures, status: 'settled' });
  }
  return out;
}

describe('tiles against the history ledger', () => {
  it('compares with the 30 days before the period (2026-09-21 to 2026-10-20)', () => {
    // 30 days at 300.00 royalties = 9,000.00; a day inside the current period must not count.
    const history = [
      ...days('2026-09-21', 30, { royalties: 300, ad_spend: 100.01, kenp_pages: 20_000 }),
      ...days('2026-10-21', 1, { royalties: 99_999 }),
    ];
    const tiles = figureTiles(sources, history);
    const royalties = tiles.find((t) => t.measure === 'royalties')!;
    expect(royalties.previous).toBe(9000);
    expect(royalties.change).toBeCloseTo((9959.08 - 9000) / 9000, 12);
    expect(royalties.note).toBeNull();
    expect(tiles.find((t) => t.measure === 'ad_spend')!.previous).toBe(3000.3);
    expect(tiles.find((t) => t.measure === 'kenp_pages')!.previous).toBe(600_000);
    // Not in the ledger: no comparison is made up.
    const free = tiles.find((t) => t.measure === 'free_downloads')!;
    expect([free.previous, free.change, free.note]).toEqual([null, null, 'no earlier data yet']);
  });

  it('says how much of the earlier period it holds, and ignores days in another currency', () => {
    const history = [
      ...days('2026-10-01', 20, { royalties: 300 }),
      ...days('2026-09-21', 10, { royalties: 300 }, 'EUR'),
    ];
    const royalties = figureTiles(sources, history).find((t) => t.measure === 'royalties')!;
    expect([royalties.previous, royalties.change]).toEqual([null, null]);
    expect(royalties.note).toBe('earlier data covers 20 of 30 days');
  });

  it('takes the period from the timeline only when the timeline holds every one of its days', async () => {
    const history = days('2026-09-21', 30, { royalties: 300 });
    const withoutDates = (path: string, body: Json): Json =>
      path === '/summary' ? { ...body, period: { range: 'last_30_days' } } : body;
    const royaltiesOf = (s: DashboardSources) =>
      figureTiles(s, history).find((t) => t.measure === 'royalties')!;
    // Every day sent: the timeline's first and last day are the period's.
    expect(royaltiesOf(await sourcesFromApi(withoutDates)).previous).toBe(9000);
    // Days without sales left out (here and there, or the first 19), or pages left unread: those are not
    // the period's days; no change is stated.
    const timelineOnly =
      (keep: (date: string) => boolean) =>
      (path: string, body: Json): Json =>
        path === '/timeline'
          ? remap(body, 'points', (p) => (keep(String(p.date)) ? p : null))
          : withoutDates(path, body);
    const sparse = timelineOnly((date) => date !== '2026-11-02' && date !== '2026-11-11');
    const tail = timelineOnly((date) => date >= '2026-11-10');
    const cut = (path: string, body: Json): Json =>
      path === '/timeline' ? { ...body, meta: { truncated: true } } : withoutDates(path, body);
    for (const edit of [sparse, tail, cut]) {
      const royalties = royaltiesOf(await sourcesFromApi(edit));
      expect([royalties.previous, royalties.change]).toEqual([null, null]);
      expect(royalties.note).toBe(PERIOD_UNKNOWN);
    }
  });

  it('adds the monthly chart once the ledger holds two months, from the ledger’s sums', () => {
    const one = buildDashboard(sources, days('2026-10-21', 11, { royalties: 10, ad_spend: 1 }), 'Banner');
    expect(one.charts.map((c) => c.spec.key)).not.toContain('monthly-royalties-ad-spend');
    const history = days('2026-09-01', 61, { royalties: 10.1, ad_spend: 1 });
    const two = buildDashboard(sources, history, 'Banner');
    const monthly = two.charts.find((c) => c.spec.key === 'monthly-royalties-ad-spend')!;
    const block = two.blocks.find((b) => b.block.key === 'monthly')!;
    expect(block.block.rows.map((r) => r.slice(1))).toEqual([
      [303, 30],
      [313.1, 31],
    ]);
    expect(monthly.ranges).toEqual([block.area]);
    expect(block.area.rows).toBe(3);
  });

  it('draws whole months only: a history begun mid-month and the current month are left out', () => {
    const history = [
      ...days('2026-08-27', 5, { royalties: 1, ad_spend: 1 }),
      ...days('2026-09-01', 61, { royalties: 10, ad_spend: 1 }),
      ...days('2026-11-01', 19, { royalties: 10, ad_spend: 1 }),
    ];
    const block = buildDashboard(sources, history, 'Banner').blocks.find((b) => b.block.key === 'monthly')!;
    expect(block.block.rows).toEqual([
      [{ kind: 'calendar-date', iso: '2026-09' }, 300, 30],
      [{ kind: 'calendar-date', iso: '2026-10' }, 310, 31],
    ]);
  });

  it('leaves a month’s bar missing when a day of it lacks the figure, never a sum of some days', () => {
    const september = days('2026-09-01', 30, { royalties: 10, ad_spend: 1 });
    // One October day without ad spend sent.
    const october = days('2026-10-01', 31, { royalties: 10, ad_spend: 1 }).map((d, i) =>
      i === 4 ? { ...d, figures: { royalties: 10 } } : d,
    );
    const block = buildDashboard(sources, [...september, ...october], 'Banner').blocks.find(
      (b) => b.block.key === 'monthly',
    )!;
    expect(block.block.rows.map((r) => r.slice(1))).toEqual([
      [300, 30],
      [310, null],
    ]);
  });
});

describe('a figure the API did not send', () => {
  it('is shown as missing, and never taken from a neighbour', async () => {
    // The first series' book 1 is not in its read-through answer; one book has no ad spend in the books
    // report and no KENPC in the catalogue.
    const allSeries = ((await get('/series')) as { series: { series_id: string; name: string }[] }).series;
    const firstSeries = allSeries[0]!;
    // The second sends no positions at all: its rows are read as sent, the first as book 1.
    const unnumbered = allSeries[1]!;
    const unnumberedRows = (
      (await get(`/series/${unnumbered.series_id}/read-through`)) as { rows: Record<string, unknown>[] }
    ).rows;
    const books = (await get('/reports/books')) as { rows: Record<string, unknown>[] };
    const bare = books.rows[0]!;
    const edited = await sourcesFromApi((path, body) => {
      // Nor its read-through from book 1: nothing is left to find it by.
      if (path === `/series/${firstSeries.series_id}/read-through`)
        return remap(body, 'rows', (r) =>
          r.position === 1 ? null : { ...r, read_through_from_first: null },
        );
      if (path === `/series/${unnumbered.series_id}/read-through`)
        return remap(body, 'rows', (r) => ({ ...r, position: null }));
      if (path === '/reports/books')
        return remap(body, 'rows', (r) => (r.book_id === bare.book_id ? { ...r, ad_spend: null } : r));
      if (path === '/books')
        return remap(body, 'books', (b) => (b.book_id === bare.book_id ? { ...b, kenpc: null } : b));
      return body;
    });
    const left = buildDashboard(edited, [], 'Banner').left.values;
    const tableRows = (title: string) => {
      const top = left.findIndex((row) => row[0] === title);
      expect(top, title).toBeGreaterThan(0);
      const rows: unknown[][] = [];
      for (let r = top + 2; r < left.length && left[r]?.[0] !== null && left[r]?.[0] !== ''; r++)
        rows.push(left[r]!);
      return rows;
    };
    // Series economics: no book 1, so no book-one figures for that series (not book 2's readers).
    const seriesRow = tableRows('Series economics').find((r) => r[0] === firstSeries.name)!;
    expect(seriesRow.slice(1, 6)).toEqual(['missing', 'missing', seriesRow[3], 'missing', 'missing']);
    expect(typeof seriesRow[3]).toBe('number');
    const others = tableRows('Series economics').filter((r) => r[0] !== firstSeries.name);
    expect(others.length).toBeGreaterThan(0);
    for (const row of others) expect(typeof row[1]).toBe('number');
    const asSent = others.find((r) => r[0] === unnumbered.name)!;
    expect(asSent[1]).toBe(unnumberedRows[0]!.readers);
    // Book by book: its other books are listed, their ratio to book 1 missing.
    const byBook = tableRows('Series read-through, book by book').filter((r) => r[0] === firstSeries.name);
    expect(byBook.length).toBeGreaterThan(0);
    expect(byBook.map((r) => r[2])).not.toContain(1);
    for (const row of byBook) expect(row[5]).toBe('missing');
    // Book economics: no ad spend, so no TACoS; no KENPC, so no estimated borrows. Its royalties stay.
    const bookRow = tableRows('Book economics').find((r) => r[0] === bare.title)!;
    expect(bookRow[2]).toBe(bare.royalties);
    expect([bookRow[3], bookRow[5], bookRow[7]]).toEqual(['missing', 'missing', 'missing']);
    expect(bookRow[6]).toBe(bare.kenp_pages);
  });
});

describe('a figure worked out from others', () => {
  it('is missing when a book it needs lacks its figure, and net profit is never worked out', async () => {
    const seriesBody = (await get('/series')) as { series: { series_id: string; name: string }[] };
    const first = seriesBody.series[0]!;
    const books = (await get('/reports/books')) as { rows: Record<string, unknown>[] };
    const member = books.rows.find((r) => r.series_id === first.series_id)!;
    const edited = await sourcesFromApi((path, body) =>
      path === '/reports/books'
        ? remap(body, 'rows', (r) => {
            const { net_profit: _n, ...withoutNet } = r;
            return r.book_id === member.book_id ? { ...withoutNet, royalties: null } : withoutNet;
          })
        : body,
    );
    const left = buildDashboard(edited, [], 'Banner').left.values;
    const rowsUnder = (title: string) => left.slice(left.findIndex((row) => row[0] === title) + 2);
    // The series' royalties would be the sum of its other books only: missing, not a partial sum.
    const seriesRow = rowsUnder('Series economics').find((r) => r[0] === first.name)!;
    expect([seriesRow[3], seriesRow[4]]).toEqual(['missing', 'missing']);
    const other = rowsUnder('Series economics').find((r) => r[0] === seriesBody.series[1]!.name)!;
    expect(typeof other[3]).toBe('number');
    // The API sends net profit; without it, royalties − ad spend would be our formula, not its figure.
    const bookRows = rowsUnder('Book economics').filter((r) => r[0] !== null && r[0] !== '');
    const other1 = books.rows.find((r) => r.book_id !== member.book_id)!;
    const bookRow = bookRows.find((r) => r[0] === other1.title)!;
    expect(bookRow[2]).toBe(other1.royalties);
    expect(bookRow[4]).toBe('missing');
  });
});

describe('figures that have no meaning, and read-through past book 1', () => {
  async function leftOf(edit: (path: string, body: Json) => Json): Promise<unknown[][]> {
    return buildDashboard(await sourcesFromApi(edit), [], 'Banner').left.values;
  }
  function rowsUnder(left: unknown[][], title: string): unknown[][] {
    const top = left.findIndex((row) => row[0] === title);
    const rows: unknown[][] = [];
    for (let r = top + 2; r < left.length && left[r]?.[0] !== null && left[r]?.[0] !== ''; r++)
      rows.push(left[r]!);
    return rows;
  }

  it('shows the API’s read-through from book 1, and why, not a ratio, where a later book has more readers', async () => {
    const series = ((await get('/series')) as { series: { series_id: string; name: string }[] }).series[0]!;
    const path = `/series/${series.series_id}/read-through`;
    const sent = ((await get(path)) as { rows: Json[] }).rows;
    const first = sent.find((r) => r.position === 1)!.readers as number;
    const last = Math.max(...sent.map((r) => r.position as number));
    // Book `last` has more readers than book 1 (readers who start the series there); the API caps it at 100%.
    const left = await leftOf((p, body) =>
      p === path
        ? remap(body, 'rows', (r) =>
            r.position === last ? { ...r, readers: first + 50, read_through_from_first: 1 } : r,
          )
        : body,
    );
    const economics = rowsUnder(left, 'Series economics').find((r) => r[0] === series.name)!;
    expect(economics[2]).toBe(MORE_READERS_THAN_FIRST);
    const byBook = rowsUnder(left, 'Series read-through, book by book').filter((r) => r[0] === series.name);
    // A row per book of the series the API sent.
    expect(byBook).toHaveLength(sent.length);
    for (const row of byBook) {
      const api = sent.find((r) => r.position === row[2])!;
      if (row[2] === last) expect(row[5]).toBe(MORE_READERS_THAN_FIRST);
      else expect(row[5], String(row[2])).toBe(api.read_through_from_first);
      // Book 1 has no previous book: not applicable, never "missing".
      expect(row[4]).toBe(row[2] === 1 ? NOT_APPLICABLE : api.read_through_from_previous);
    }
  });

  it('leaves TACoS not applicable, not missing, for a book with no royalties', async () => {
    const books = ((await get('/reports/books')) as { rows: Json[] }).rows;
    const zero = books[0]!;
    const left = await leftOf((p, body) =>
      p === '/reports/books'
        ? remap(body, 'rows', (r) =>
            r.book_id === zero.book_id ? { ...r, royalties: 0, net_profit: null } : r,
          )
        : body,
    );
    const row = rowsUnder(left, 'Book economics').find((r) => r[0] === zero.title)!;
    expect(row[2]).toBe(0);
    expect(row[5]).toBe(NOT_APPLICABLE);
  });
});
