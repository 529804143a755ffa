// Each custom function, built bundle in the emulator (custom-function mode) against the demo API over
// HTTP: the table or figure it returns is the demo API's own answer to the same request.
// Each test has an add-on of its own (useFormulasAddOn: key saved, formulas allowed, on the file's demo API)
// and reads nothing another test left; after every test, no text holds the key.
import { describe, expect, it } from 'vitest';
import { TRUNCATION_WARNING } from '../../src/core/base/phrases.ts';
import type { EndpointId } from '../../src/core/endpoints.ts';
import { accountFacts, METRIC_COLUMNS, toReportTable } from '../../src/core/report/index.ts';
import type { AddOn } from '../support/addon.ts';
import { expectCell, expectTable } from './expect-cells.ts';
import { direct, useFormulasAddOn } from './support.ts';

let addOn: AddOn;
let zone: string;

useFormulasAddOn((started) => {
  addOn = started;
  zone = addOn.emulator.spreadsheet.getSpreadsheetTimeZone();
});

const DEFAULT_QUERY = { range: 'last_30_days' };

const REPORTS: ReadonlyArray<readonly [string, EndpointId, string]> = [
  ['ROYALTIES_SUMMARY', 'summary', '/summary'],
  ['ROYALTIES_TIMELINE', 'timeline', '/timeline'],
  ['ROYALTIES_BOOKS', 'books-report', '/reports/books'],
  ['ROYALTIES_MARKETPLACES', 'marketplaces-report', '/reports/marketplaces'],
  ['ROYALTIES_CATALOG', 'catalog', '/books'],
  ['ROYALTIES_SERIES', 'series', '/series'],
  ['ROYALTIES_KENP', 'kenp', '/kenp'],
  ['ROYALTIES_KENP_BOOKS', 'kenp-books', '/kenp/books'],
  ['ROYALTIES_FREE_UNITS', 'free-units', '/free-units'],
];

describe('every custom function returns the table of its endpoint', () => {
  it.each(REPORTS)('%s() with the sidebar defaults', async (name, endpoint, path) => {
    const expected = toReportTable(await direct(addOn.api, path, DEFAULT_QUERY), endpoint);
    expectTable(addOn.emulator.runCustomFunction(name, []), expected, zone);
  });

  it('ROYALTIES_READ_THROUGH(series_id) for a series the API lists', async () => {
    const series = (await direct(addOn.api, '/series', DEFAULT_QUERY)).series as Array<{ series_id: string }>;
    const id = series[1]?.series_id ?? '';
    const path = `/series/${encodeURIComponent(id)}/read-through`;
    const expected = toReportTable(await direct(addOn.api, path, DEFAULT_QUERY), 'read-through');
    expectTable(addOn.emulator.runCustomFunction('ROYALTIES_READ_THROUGH', [id]), expected, zone);
  });

  it("ROYALTIES_ACCOUNT(): the account's fields above its platforms", async () => {
    const body = await direct(addOn.api, '/account');
    const out = addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_ACCOUNT', []);
    const facts = accountFacts(body);
    const platforms = toReportTable(body, 'account');
    const width = Math.max(facts.columns.length, platforms.columns.length);
    const narrow = (rows: unknown[][], w: number) => rows.map((row) => row.slice(0, w));
    // The last-used time moves with every request; the rest must match.
    const moving = facts.rows.findIndex((row) => row[METRIC_COLUMNS.key] === 'api_key.last_used_at');
    const factRows = out.slice(0, facts.rows.length + 1).filter((_, i) => i !== moving + 1);
    expectTable(
      narrow(factRows, facts.columns.length),
      { ...facts, rows: facts.rows.filter((_, i) => i !== moving) },
      zone,
    );
    expect(out[facts.rows.length + 1]).toEqual(new Array(width).fill(''));
    // The account's own fields are the lead above, not a Totals block again beside the platforms.
    expectTable(
      narrow(out, platforms.columns.length),
      { ...platforms, facts: [] },
      zone,
      facts.rows.length + 2,
    );
  });

  it('ROYALTIES_ACCOUNT(field) gives the one value', async () => {
    const body = await direct(addOn.api, '/account');
    expect(addOn.emulator.runCustomFunction('ROYALTIES_ACCOUNT', ['reporting_currency'])).toBe(
      body.reporting_currency,
    );
  });
});

describe('arguments and fields', () => {
  it('a summary field is the single figure, in the currency asked for', async () => {
    const body = await direct(addOn.api, '/summary', { range: 'last_90_days', currency: 'EUR' });
    const totals = body.totals as Record<string, number>;
    expect(addOn.emulator.runCustomFunction('ROYALTIES_SUMMARY', ['last_90_days', 'eur', 'net_profit'])).toBe(
      totals.net_profit,
    );
    expect(addOn.emulator.runCustomFunction('ROYALTIES_SUMMARY', ['last_90_days', 'EUR', 'Ad spend'])).toBe(
      totals.ad_spend,
    );
  });

  it('a total beside the rows is a single figure', async () => {
    const free = await direct(addOn.api, '/free-units', DEFAULT_QUERY);
    expect(addOn.emulator.runCustomFunction('ROYALTIES_FREE_UNITS', ['', '', 'total'])).toBe(free.total);
    const kenp = (await direct(addOn.api, '/kenp', DEFAULT_QUERY)).kenp as Record<string, unknown>;
    expect(addOn.emulator.runCustomFunction('ROYALTIES_KENP', ['', '', 'kenp.pages_read'])).toBe(
      kenp.pages_read,
    );
  });

  it('a field of a table of rows is its column under the header', async () => {
    const body = await direct(addOn.api, '/reports/books', { range: 'last_7_days', currency: 'GBP' });
    const rows = body.rows as Array<Record<string, unknown>>;
    const out = addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', ['last_7_days', 'GBP', 'royalties']);
    expect(out).toEqual([['Royalties'], ...rows.map((row) => [row.royalties])]);
  });

  it('ROYALTIES_TIMELINE passes interval: months as dates on the first of the month', async () => {
    const query = { range: 'last_365_days', interval: 'month' };
    const expected = toReportTable(await direct(addOn.api, '/timeline', query), 'timeline');
    const out = addOn.emulator.runCustomFunction('ROYALTIES_TIMELINE', ['last_365_days', '', 'month', '']);
    expectTable(out, expected, zone);
    const dates = addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_TIMELINE', [
      'last_365_days',
      '',
      'month',
      'date',
    ]);
    expect(dates.length).toBe(expected.rows.length + 1);
    for (const [i, row] of expected.rows.entries()) expectCell(dates[i + 1]?.[0], row[0] ?? null, zone);
  });

  it('the sidebar settings fill empty arguments', async () => {
    // Through the sidebar, as an author does: it also drops what formula cells kept of the old settings.
    addOn.emulator.run('saveSettings', [{ period: 'last_7_days', currency: 'JPY' }]);
    try {
      const body = await direct(addOn.api, '/summary', { range: 'last_7_days', currency: 'JPY' });
      const totals = body.totals as Record<string, number>;
      expect(addOn.emulator.runCustomFunction('ROYALTIES_SUMMARY', ['', '', 'royalties'])).toBe(
        totals.royalties,
      );
    } finally {
      addOn.emulator.run('saveSettings', [{}]);
    }
  });

  it('shows the truncation banner above the header when the API says rows are missing', async () => {
    await addOn.api.setFaults('/reports/marketplaces', { truncated: true });
    try {
      const query = { range: 'last_7_days', currency: 'CAD' };
      const expected = toReportTable(
        await direct(addOn.api, '/reports/marketplaces', query),
        'marketplaces-report',
      );
      expect(expected.meta.truncated).toBe(true);
      const out = addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_MARKETPLACES', [
        'last_7_days',
        'CAD',
      ]);
      expect(out[0]?.[0]).toBe(TRUNCATION_WARNING);
      expectTable(out, expected, zone, 1);
    } finally {
      await addOn.api.clearFaults();
    }
  });
});
