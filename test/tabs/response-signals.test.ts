// Acceptance: what a response says beside its rows is weighed, in the tab, the formula, the Status tab and
// the checks. A row sent on two pages is taken once and said; two different rows under one id are both kept
// and said; a count of rows in a header (`X-Total-Count`) is compared with the rows read; `has_more` and
// `meta.truncated` are read for what they say whether sent as `true`, "true", "yes" or 1; a report the API
// is still preparing (202, or a status of "processing") is waited for within the time allowed, at the
// address it gives, and otherwise never shown nor cached; a byte-order mark before the JSON is ignored.
// The built add-on in the emulator against the demo API.
// Each test has an add-on of its own (useFormulasAddOn: key saved, formulas allowed, on the file's demo API);
// after each, the demo API's paging, shape and faults are reset, so no test reads what another left.
import { afterEach, describe, expect, it } from 'vitest';
import { PLAIN_COMPOSED } from '../../local/demo-api/index.ts';
import type { SheetSnapshot } from '../../local/gas/index.ts';
import type { Check } from '../../src/core/checks/index.ts';
import { useFormulasAddOn } from '../formulas/support.ts';
import type { AddOn } from '../support/addon.ts';
import { apiGet, chooseSettings, ourTab, refresh } from './support.ts';

let addOn: AddOn;
useFormulasAddOn((started) => {
  addOn = started;
});

/** Past the longest cache lifetime (6 h): the next refresh or formula asks the API again. */
const PAST_CACHE = 7 * 60 * 60 * 1000;

afterEach(async () => {
  await addOn.api.setPaging(null);
  await addOn.api.setShape('demo');
  await addOn.api.clearFaults();
  await addOn.api.clearRequests();
  addOn.emulator.switches.contentTextKeepsByteOrderMark(true);
  addOn.emulator.clock.advance(PAST_CACHE);
});

type Result = ReturnType<typeof refresh> & { checks: Check[] };

function dataRows(tab: SheetSnapshot): unknown[][] {
  // Row 1 the banner, row 2 the headers; a data row has something in its first column.
  return tab.values.slice(2).filter((row) => row[0] !== '' && row[0] !== null);
}

const bannerOf = (tab: SheetSnapshot) => String(tab.values[0]![0]);
const lineOf = (result: Result, tab: string) => result.tabs.find((t) => t.tab === tab)!;
const statusRow = (title: string) =>
  ourTab(addOn, 'status')
    .values.find((row) => row[0] === title)!
    .join(' | ');

async function booksSent(): Promise<Record<string, unknown>[]> {
  return (await apiGet(addOn, '/reports/books')).rows as Record<string, unknown>[];
}

describe('rows sent on two pages', () => {
  it('takes the same row once, says so, and the reports still add up', async () => {
    chooseSettings(addOn, { tabs: ['summary', 'books-report', 'marketplaces-report', 'timeline'] });
    const books = await booksSent();
    refresh(addOn);
    const whole = ourTab(addOn, 'books-report').values.slice(1);
    await addOn.api.setPaging({ size: 4, style: 'overlap' });
    addOn.emulator.clock.advance(PAST_CACHE);
    const result = refresh(addOn) as Result;
    expect(result.tabs.length).toBeGreaterThan(0);
    for (const line of result.tabs) expect(line.error, line.tab).toBeNull();
    for (const line of result.tabs) expect(line.truncated, line.tab).toBe(false);
    const tab = ourTab(addOn, 'books-report');
    expect(tab.values.slice(1)).toEqual(whole);
    const repeats = Math.ceil(books.length / 4) - 1;
    expect(bannerOf(tab)).toMatch(
      new RegExp(
        `^Books: ${repeats} rows sent on two pages \\(the same book_id, series_id\\) were taken once\\.`,
      ),
    );
    // The timeline's days and the marketplaces' names tell their rows apart too.
    expect(bannerOf(ourTab(addOn, 'timeline'))).toMatch(
      /^Timeline: \d+ rows? sent on two pages \(the same date\)/,
    );
    expect(bannerOf(ourTab(addOn, 'marketplaces-report'))).toMatch(/the same marketplace, country\)/);
    expect(result.checks.length).toBeGreaterThan(0);
    for (const check of result.checks) expect(check.result, check.text).not.toBe('differs');
    expect(statusRow('Books')).toContain('were taken once');
    const formula = addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []) as unknown[][];
    expect(String(formula[0]![0])).toMatch(/^Books: \d+ rows sent on two pages .* taken once/);
    // The banner row, the header row, then every book once.
    expect(formula).toHaveLength(books.length + 2);
  });

  it('keeps two different rows that share an id, and says so', async () => {
    chooseSettings(addOn, { tabs: ['summary', 'books-report'] });
    const books = await booksSent();
    await addOn.api.setPaging({ size: 4, style: 'changed-row' });
    const result = refresh(addOn) as Result;
    const tab = ourTab(addOn, 'books-report');
    const pages = Math.ceil(books.length / 4);
    expect(dataRows(tab)).toHaveLength(books.length + pages - 1);
    expect(bannerOf(tab)).toMatch(
      new RegExp(
        `^Books: ${pages - 1} rows on a later page have the book_id, series_id of a different row on an earlier page \\(${String(books[3]!.book_id)}.*\\): both kept, so a figure may be counted twice`,
      ),
    );
    expect(lineOf(result, 'books-report').error).toBeNull();
    // Both kept, the book rows hold more than the Summary: the reconciliation says so, never hides it.
    const differs = result.checks.filter((c) => c.tabs.includes('books-report') && c.result === 'differs');
    expect(differs.length).toBeGreaterThan(0);
    const formula = addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []) as unknown[][];
    expect(String(formula[0]![0])).toMatch(/both kept, so a figure may be counted twice/);
    expect(statusRow('Books')).toContain('both kept');
  });
});

describe('a count of rows in a header', () => {
  it('beside an offset and a limit, asks for the rest: every page is read', async () => {
    chooseSettings(addOn, { tabs: ['books-report'] });
    const books = await booksSent();
    await addOn.api.clearRequests();
    await addOn.api.setPaging({ size: 4, style: 'header-count' });
    const line = lineOf(refresh(addOn) as Result, 'books-report');
    expect(line.error).toBeNull();
    expect(line.truncated).toBe(false);
    expect(dataRows(ourTab(addOn, 'books-report'))).toHaveLength(books.length);
    const asked = (await addOn.api.requests()).filter((r) => r.path === '/reports/books');
    expect(asked).toHaveLength(Math.ceil(books.length / 4));
  });

  it('alone, says "N of M rows" in the banner, the formula, the Status tab and the checks', async () => {
    chooseSettings(addOn, { tabs: ['summary', 'books-report'] });
    const books = (await booksSent()).length;
    await addOn.api.setPaging({ size: 3, style: 'header-count-only' });
    const result = refresh(addOn) as Result;
    const line = lineOf(result, 'books-report');
    expect(line.truncated).toBe(true);
    const tab = ourTab(addOn, 'books-report');
    expect(dataRows(tab)).toHaveLength(3);
    const said = `Only 3 of ${books} rows of Books were read: the API gave no way to ask for the rest.`;
    expect(bannerOf(tab)).toMatch(new RegExp(`^${said.replace(/[.]/g, '\\.')}.*too low`));
    const formula = addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []) as unknown[][];
    expect(String(formula[0]![0])).toContain(said);
    expect(statusRow('Books')).toContain(`3 of ${books} rows`);
    const check = result.checks.find((c) => c.tabs.includes('books-report'));
    expect(check?.text).toBe(`The book rows were not read in full (3 of ${books} rows).`);
  });
});

describe('flags of any JSON type', () => {
  it('reads has_more sent as "yes" and "no": every page, and no more', async () => {
    chooseSettings(addOn, { tabs: ['books-report'] });
    const books = await booksSent();
    await addOn.api.setPaging({ size: 4, style: 'flag-text' });
    const line = lineOf(refresh(addOn) as Result, 'books-report');
    expect(line.truncated).toBe(false);
    expect(dataRows(ourTab(addOn, 'books-report'))).toHaveLength(books.length);
  });

  it('says a has_more that is neither yes nor no, never taking it as no', async () => {
    chooseSettings(addOn, { tabs: ['books-report'] });
    await addOn.api.setPaging({ size: 4, style: 'more-unclear' });
    const line = lineOf(refresh(addOn) as Result, 'books-report');
    expect(line.truncated).toBe(true);
    expect(bannerOf(ourTab(addOn, 'books-report'))).toMatch(
      /^Only the first page of Books was read: the API sent has_more as "perhaps", which says neither true nor false\..*too low/,
    );
  });

  it.each([
    ['"true"', 'text', true],
    ['1', 'number', true],
    ['"yes"', 'word', true],
    ['"false"', 'text', false],
    ['0', 'number', false],
  ] as const)('reads meta.truncated sent as %s for what it says', async (_, flags, cut) => {
    chooseSettings(addOn, { tabs: ['summary', 'books-report'] });
    await addOn.api.setShape({ ...PLAIN_COMPOSED, flags });
    if (cut) await addOn.api.setFaults('/reports/books', { truncated: true });
    const result = refresh(addOn) as Result;
    const line = lineOf(result, 'books-report');
    expect(line.truncated).toBe(cut);
    const words = /may be too low/;
    expect(bannerOf(ourTab(addOn, 'books-report'))).toMatch(cut ? words : /^Updated /);
    const formula = addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []) as unknown[][];
    if (cut) expect(String(formula[0]![0])).toMatch(words);
    else expect(formula[0]![0]).not.toMatch(words);
    const check = result.checks.find((c) => c.tabs.includes('books-report'));
    if (cut) expect(check?.result).toBe('unchecked');
    else expect(check?.result).toBe('agrees');
  });
});

describe('a report the API is still preparing', () => {
  it('is waited for as Retry-After says and asked for at its Location', async () => {
    chooseSettings(addOn, { tabs: ['summary', 'books-report'] });
    const books = await booksSent();
    refresh(addOn);
    const asked = (await addOn.api.requests()).find((r) => r.path === '/reports/books')!;
    const query = new URLSearchParams(asked.query).toString();
    await addOn.api.clearRequests();
    addOn.emulator.clock.advance(PAST_CACHE);
    const location = `/v1/reports/books?${query}&job=j-7`;
    await addOn.api.setFaults('/reports/books', {
      statuses: [{ status: 202, retryAfter: 3, location, body: '{"status": "queued"}' }],
    });
    const before = addOn.emulator.clock.now();
    const result = refresh(addOn) as Result;
    expect(lineOf(result, 'books-report').error).toBeNull();
    expect(dataRows(ourTab(addOn, 'books-report'))).toHaveLength(books.length);
    expect(addOn.emulator.clock.now() - before).toBeGreaterThanOrEqual(3000);
    const again = (await addOn.api.requests()).filter((r) => r.path === '/reports/books');
    expect(again.map((r) => r.query.job ?? null)).toEqual([null, 'j-7']);
    expect(again.every((r) => !r.keyInUrl)).toBe(true);
  });

  it('is never written nor cached: the tab keeps its figures and says when to try again', async () => {
    chooseSettings(addOn, { tabs: ['summary', 'books-report'] });
    const books = await booksSent();
    refresh(addOn);
    const before = ourTab(addOn, 'books-report').values.slice(1);
    addOn.emulator.clock.advance(PAST_CACHE);
    const preparing = JSON.stringify({ status: 'processing', currency: 'USD', meta: { truncated: false } });
    await addOn.api.setFaults('/reports/books', {
      statuses: [{ status: 200, retryAfter: 900, body: preparing }],
    });
    const result = refresh(addOn) as Result;
    const error = 'The API is still preparing this report (Books); try again in 900 s.';
    expect(lineOf(result, 'books-report').error).toBe(error);
    const tab = ourTab(addOn, 'books-report');
    expect(bannerOf(tab)).toContain(error);
    expect(tab.values.slice(1)).toEqual(before);
    // Not cached: the next formula, within the cache's lifetime, gets the finished report.
    const formula = addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []) as unknown[][];
    expect(formula).toHaveLength(books.length + 1);
    const asked = (await addOn.api.requests()).filter((r) => r.path === '/reports/books');
    expect(asked.length).toBeGreaterThanOrEqual(2);
  });

  it('answers a formula once ready, within its time', async () => {
    const books = await booksSent();
    await addOn.api.clearRequests();
    await addOn.api.setFaults('/reports/books', {
      statuses: [
        { status: 202, retryAfter: 2 },
        { status: 202, retryAfter: 2 },
      ],
    });
    const formula = addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []) as unknown[][];
    expect(formula).toHaveLength(books.length + 1);
    const asked = (await addOn.api.requests()).filter((r) => r.path === '/reports/books');
    expect(asked.map((r) => r.status)).toEqual([202, 202, 200]);
  });
});

describe('a byte-order mark before the JSON', () => {
  it.each([true, false])('is ignored, whether getContentText keeps it (%s) or not', async (keeps) => {
    chooseSettings(addOn, { tabs: ['summary', 'books-report', 'timeline'] });
    refresh(addOn);
    const whole = ['summary', 'books-report', 'timeline'].map((id) =>
      ourTab(addOn, id as 'summary').values.slice(1),
    );
    addOn.emulator.clock.advance(PAST_CACHE);
    addOn.emulator.switches.contentTextKeepsByteOrderMark(keeps);
    await addOn.api.setFaults('*', { body: 'byte-order-mark' });
    const result = refresh(addOn) as Result;
    expect(result.tabs.length).toBeGreaterThan(0);
    for (const line of result.tabs) expect(line.error, line.tab).toBeNull();
    expect(
      ['summary', 'books-report', 'timeline'].map((id) => ourTab(addOn, id as 'summary').values.slice(1)),
    ).toEqual(whole);
    const formula = addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', []) as unknown[][];
    expect(String(formula[0]![0])).not.toMatch(/not JSON|wrong API address/);
  });
});
