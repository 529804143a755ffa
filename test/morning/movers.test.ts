// The books that moved most in the morning e-mail, through the built bundle in the emulator: against the
// Books tab as the night found it (two nights whose figures differ), against the report's own previous
// period when it sends one per book, and, with nothing to compare with, the top books under their own
// name with the reason. Titles stay text; a 2,000-book account still gets five.
import { afterEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/core/endpoints.ts';
import type { NightlyState } from '../../src/core/flows/sidebar-state.ts';
import { MOVERS, moneyText, NOT_NIGHTLY } from '../../src/core/morning/index.ts';
import { DEFAULT_SETTINGS } from '../../src/core/settings.ts';
import { type AddOn, type AddOnOptions, startAddOn } from '../support/addon.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';

const DAY = 24 * 60 * 60 * 1000;
const TOP_BOOKS_NOTE =
  'Books that moved most: nothing to compare with (the Books tab had no figures before this refresh).\nTop books this period\n1. ';
let addOn: AddOn | undefined;

afterEach(async () => {
  if (addOn) {
    expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
    await addOn.close();
    addOn = undefined;
  }
});

async function nightlyDaily(options: AddOnOptions = {}): Promise<AddOn> {
  addOn = await startAddOn(options);
  addOn.saveApiKeyFor();
  addOn.emulator.run('setNightlyRefresh', [true, 5]);
  addOn.emulator.run<NightlyState>('setMorningEmail', ['daily']);
  return addOn;
}

/** The night's trigger run; returns the body of the e-mail it sent. */
function night(a: AddOn): { body: string; htmlBody: string } {
  const before = a.emulator.mail.sent().length;
  a.emulator.runTrigger(a.emulator.triggers()[0]!.id);
  const sent = a.emulator.mail.sent();
  expect(sent).toHaveLength(before + 1);
  const { body, htmlBody } = sent[sent.length - 1]!;
  return { body, htmlBody: htmlBody ?? '' };
}

/** The next day, on the emulator's clock and the demo API's. */
async function nextDay(a: AddOn, today: string): Promise<void> {
  await a.api.setToday(today);
  a.emulator.clock.advance(DAY);
}

interface TabBook {
  readonly id: string;
  readonly title: string;
  readonly royalties: number;
}

/** The Books tab's books and its banner's "Updated" time, as the author sees them. */
function booksTab(a: AddOn): { updated: string; books: TabBook[] } {
  const { values } = a.emulator.sheetSnapshot('Books');
  const header = values[1]!;
  const at = (label: string) => header.indexOf(label);
  const books = values
    .slice(2)
    .filter((r) => typeof r[at('Royalties')] === 'number')
    .map((r) => ({
      id: String(r[at('Book ID')]),
      title: String(r[at('Title')]),
      royalties: r[at('Royalties')] as number,
    }));
  const updated = /^Updated (\d{4}-\d\d-\d\d \d\d:\d\d)/.exec(String(values[0]![0]))![1]!;
  return { updated, books };
}

const cents = (v: number) => Math.round(v * 100) / 100;

/** The e-mail's lines for the largest changes, worked out here from the two tabs (largest change first). */
function expectedLines(before: readonly TabBook[], after: readonly TabBook[], count = MOVERS): string[] {
  const was = new Map(before.map((b) => [b.id, b.royalties]));
  return after
    .map((b) => ({ ...b, previous: was.get(b.id)!, change: cents(b.royalties - was.get(b.id)!) }))
    .filter((b) => b.change !== 0)
    .sort((x, y) => Math.abs(y.change) - Math.abs(x.change))
    .slice(0, count)
    .map(
      (b, i) =>
        `${i + 1}. ${b.title}: ${moneyText(b.royalties, 'USD')} (was ${moneyText(b.previous, 'USD')}, ${b.change > 0 ? '+' : ''}${moneyText(b.change, 'USD')})`,
    );
}

function numbered(body: string): string[] {
  return body.split('\n').filter((l) => /^\d+\. /.test(l));
}

describe('two nights', () => {
  it('the first lists the top books saying why; the second the books that moved most, to the cent', async () => {
    const a = await nightlyDaily();
    const first = night(a);
    expect(first.body).toContain(TOP_BOOKS_NOTE);
    expect(first.body).not.toContain('Books that moved most since');
    const before = booksTab(a);
    await nextDay(a, '2026-11-21');
    a.emulator.stats.reset();
    const second = night(a);
    // The one read it costs: the Books tab's rows, every column, before the night rewrites them.
    const width = a.emulator.sheetSnapshot('Books').values[1]!.length;
    expect(a.emulator.stats.cells()['Range.getValues']?.[before.books.length * width]).toBe(1);
    const after = booksTab(a);
    expect(after.updated).not.toBe(before.updated);
    const lines = expectedLines(before.books, after.books);
    expect(lines).toHaveLength(MOVERS);
    expect(second.body).toContain(
      `Books that moved most since the refresh of ${before.updated} (last 30 days, USD)\n${lines.join('\n')}\n\n`,
    );
    expect(second.body).not.toContain('Top books this period');
    for (const line of lines) {
      const [, money] = /: (\$[\d,.]+) \(/.exec(line)!;
      expect(second.htmlBody).toContain(`>${money}</td>`);
    }
  });

  it('in another currency the second night compares nothing, and says so', async () => {
    const a = await nightlyDaily();
    night(a);
    a.emulator.run('saveSettings', [{ ...DEFAULT_SETTINGS, currency: 'EUR' }]);
    await nextDay(a, '2026-11-21');
    const { body } = night(a);
    expect(body).toContain(
      'Books that moved most: nothing to compare with (the Books tab held last 30 days, USD, not last 30 days, EUR).\nTop books this period\n1. ',
    );
    expect(numbered(body)).toHaveLength(5);
  });
});

describe('a refresh from the sidebar', () => {
  it('compares nothing, and its test e-mail says so above the top books', async () => {
    const a = await nightlyDaily();
    a.emulator.run('refreshAllTabs');
    const { books } = booksTab(a);
    a.emulator.stats.reset();
    a.emulator.run('refreshAllTabs');
    // No read of the Books tab: the sidebar's refresh costs what it did.
    const width = a.emulator.sheetSnapshot('Books').values[1]!.length;
    expect(a.emulator.stats.cells()['Range.getValues']?.[books.length * width]).toBeUndefined();
    a.emulator.run('sendTestMorningEmail');
    expect(a.emulator.mail.sent()[0]!.body).toContain(
      `Books that moved most: nothing to compare with (${NOT_NIGHTLY}).\nTop books this period\n1. `,
    );
  });
});

describe("the report's own previous period", () => {
  it('gives the movers on the first night, from the figures the books report sends', async () => {
    const a = await nightlyDaily();
    await a.api.setShape({
      kind: 'composed',
      records: 'demo',
      listName: null,
      nest: null,
      casing: 'camel',
      amounts: 'number',
      previous: false,
      daysAsKeys: false,
      extra: false,
      previousRows: true,
    });
    const response = await fetch(`${a.api.baseUrl}${ENDPOINTS['books-report'].path}?range=last_30_days`, {
      headers: { Authorization: `Bearer ${a.api.demoKey}` },
    });
    type Row = { bookId: string; title: string; royalties: number; previousPeriod: { royalties: number } };
    const { rows } = (await response.json()) as { rows: Row[] };
    const sent = rows.map((r) => ({ id: r.bookId, title: r.title, royalties: r.royalties }));
    const previous = rows.map((r) => ({
      id: r.bookId,
      title: r.title,
      royalties: r.previousPeriod.royalties,
    }));
    const { body } = night(a);
    const lines = expectedLines(previous, sent);
    expect(lines).toHaveLength(MOVERS);
    expect(body).toContain(
      `Books that moved most against the period before (last 30 days, USD)\n${lines.join('\n')}\n\n`,
    );
  });
});

describe('titles from the API', () => {
  it('stay text in the movers, markup included', async () => {
    const a = await nightlyDaily();
    const url = `${a.api.baseUrl}${ENDPOINTS['books-report'].path}?range=last_30_days`;
    const response = await fetch(url, { headers: { Authorization: `Bearer ${a.api.demoKey}` } });
    const report = (await response.json()) as { rows: Array<{ title: string; royalties: number }> };
    const hostile = '<script>alert("x")</script><b onclick=x>=1+1</b> & co';
    const serve = async (royalties: number) => {
      const rows = report.rows.map((r, i) => (i === 0 ? { ...r, title: hostile, royalties } : r));
      const body = JSON.stringify({ ...report, rows });
      await a.api.setFaults(ENDPOINTS['books-report'].path, {
        statuses: [{ status: 200, body, contentType: 'application/json' }],
      });
    };
    await serve(100);
    night(a);
    await serve(12_345.67);
    a.emulator.clock.advance(DAY);
    const { body, htmlBody } = night(a);
    expect(body).toContain(`\n1. ${hostile}: $12,345.67 (was $100.00, +$12,245.67)\n`);
    expect(htmlBody).not.toContain('<script');
    expect(htmlBody).not.toContain('<b onclick');
    expect(htmlBody).toContain(
      '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#60;b onclick=x&#62;=1+1&#60;/b&#62; &#38; co',
    );
  });
});

describe('a 2,000-book account', () => {
  it('gets five movers and a short e-mail', async () => {
    const a = await nightlyDaily({ demo: { scale: { books: 2000, marketplaces: 2, years: 1 } } });
    night(a);
    await nextDay(a, '2026-11-21');
    const { body, htmlBody } = night(a);
    expect(body).toMatch(/\nBooks that moved most since the refresh of .* \(last 30 days, USD\)\n1\. /);
    expect(numbered(body)).toHaveLength(MOVERS);
    expect(body.length).toBeLessThan(5_000);
    expect(htmlBody.length).toBeLessThan(15_000);
  });
});
