// Data crafted to be dangerous in a sheet: formulas, numbers and dates in text, leading zeros, a
// 50,000-character cell, right-to-left text and emoji. Text changes; figures do not.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoApiHandle, startDemoApi } from '../../local/demo-api/index.ts';
import { arr, ok, rec, str, TODAY } from './support.ts';

let api: DemoApiHandle;
beforeAll(async () => {
  api = await startDemoApi({ today: TODAY, dangerousData: true });
});
afterAll(() => api.stop());

describe('dangerous data', () => {
  it('titles start with = + - @, look like dates, are 50,000 characters, right-to-left or emoji', async () => {
    const titles = arr((await ok(api, '/books')).books).map((b) => str(rec(b).title));
    const firsts = titles.map((t) => t.charAt(0));
    for (const first of ['=', '+', '-', '@']) expect(firsts).toContain(first);
    expect(titles).toContain('1/2');
    expect(titles.map((t) => t.length)).toContain(50_000);
    expect(titles).toContainEqual(expect.stringMatching(/[\u0590-\u06FF]/));
    expect(titles).toContainEqual(expect.stringMatching(/\p{Extended_Pictographic}/u));
    expect(titles).toContainEqual(expect.stringMatching(/^0\d+$/));
  });

  it('ISBNs keep their leading zeros as text; subtitles and series names carry formulas and line breaks', async () => {
    const books = arr((await ok(api, '/books')).books).map(rec);
    expect(books.length).toBeGreaterThan(0);
    for (const book of books) expect(str(book.isbn)).toMatch(/^0\d+$/);
    const subtitles = books.map((b) => str(b.subtitle));
    expect(subtitles).toContainEqual(expect.stringMatching(/^=/));
    expect(subtitles).toContainEqual(expect.stringContaining('\n'));
    const names = arr((await ok(api, '/series')).series).map((s) => str(rec(s).name));
    expect(names).toContainEqual(expect.stringMatching(/^=/));
  });

  it('reaches every endpoint that shows titles', async () => {
    const crafted = (rows: unknown[]) => rows.map((r) => str(rec(r).title)).some((t) => t.startsWith('='));
    expect(crafted(arr((await ok(api, '/reports/books')).rows))).toBe(true);
    expect(crafted(arr((await ok(api, '/kenp/books')).rows))).toBe(true);
    expect(crafted(arr((await ok(api, '/series/sr_001/read-through')).rows))).toBe(true);
  });

  it('changes no figure, and switches off and on at run time', async () => {
    const crafted = await ok(api, '/reports/books?range=last_90_days');
    await api.setDangerousData(false);
    try {
      const plain = await ok(api, '/reports/books?range=last_90_days');
      const titles = arr(plain.rows).map((r) => str(rec(r).title));
      expect(titles.length).toBeGreaterThan(0);
      expect(titles.filter((t) => /^[=+\-@]/.test(t))).toEqual([]);
      const withoutTitles = (body: Record<string, unknown>) =>
        arr(body.rows).map((r) => ({ ...rec(r), title: null }));
      expect(withoutTitles(crafted)).toEqual(withoutTitles(plain));
    } finally {
      await api.setDangerousData(true);
    }
    expect(str(rec(arr((await ok(api, '/books')).books)[0]).title).startsWith('=')).toBe(true);
  });
});
