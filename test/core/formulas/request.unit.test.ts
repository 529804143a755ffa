import { describe, expect, it } from 'vitest';
import { YEAR_FORMULA } from '../../../src/core/custom-functions.ts';
import { ENDPOINTS } from '../../../src/core/endpoints.ts';
import { FORMULA_FUNCTIONS, type FormulaName } from '../../../src/core/formulas/functions.ts';
import { formulaCall } from '../../../src/core/formulas/request.ts';
import { DEFAULT_SETTINGS, type RoyaltiesSettings } from '../../../src/core/settings.ts';
import { ENTRY_POINTS } from '../../../src/entrypoints/registry.ts';

const SETTINGS: RoyaltiesSettings = { ...DEFAULT_SETTINGS, period: 'last_7_days', currency: 'GBP' };

describe('the request a formula makes', () => {
  it('knows every custom function of the registry that asks an endpoint, with the same parameters', () => {
    // The year's is answered from the history tab, not an endpoint: it asks no request.
    const registered = ENTRY_POINTS.filter(
      (e) => e.kind === 'custom-function' && e.name !== YEAR_FORMULA.name,
    );
    expect(
      Object.keys(FORMULA_FUNCTIONS).sort(),
      'every custom function of src/entrypoints/registry.ts that reads an endpoint needs its entry in src/core/formulas/functions.ts (and no other)',
    ).toEqual(registered.map((e) => e.name).sort());
    expect(registered.length).toBeGreaterThan(0);
    for (const entry of registered) {
      expect(FORMULA_FUNCTIONS[entry.name as FormulaName].params).toEqual(entry.params.map((p) => p.name));
    }
  });

  it('fills empty arguments from the sidebar settings', () => {
    expect(formulaCall('ROYALTIES_BOOKS', {}, SETTINGS)).toEqual({
      request: { endpoint: 'books-report', period: SETTINGS.period, currency: SETTINGS.currency },
    });
    const call = formulaCall(
      'ROYALTIES_SUMMARY',
      { range: 'last_90_days', currency: 'usd', field: 'Net profit' },
      SETTINGS,
    );
    expect(call).toEqual({
      request: { endpoint: 'summary', period: 'last_90_days', currency: 'USD' },
      field: 'Net profit',
    });
  });

  it("sends no currency when neither the formula nor the sidebar names one (the account's own)", () => {
    const { request } = formulaCall('ROYALTIES_KENP', { currency: '' }, DEFAULT_SETTINGS);
    expect(request).toEqual({ endpoint: 'kenp', period: DEFAULT_SETTINGS.period });
    expect('currency' in request).toBe(false);
  });

  it('sends no range or currency to /account', () => {
    expect(formulaCall('ROYALTIES_ACCOUNT', { field: 'reporting_currency' }, SETTINGS)).toEqual({
      request: { endpoint: 'account' },
      field: 'reporting_currency',
    });
  });

  it('passes interval as a query option and series_id as the path parameter', () => {
    expect(formulaCall('ROYALTIES_TIMELINE', { interval: 'MONTH' }, SETTINGS).request.options).toEqual({
      interval: 'month',
    });
    expect(formulaCall('ROYALTIES_TIMELINE', {}, SETTINGS).request.options).toBeUndefined();
    const { request } = formulaCall('ROYALTIES_READ_THROUGH', { series_id: 'ser_2' }, SETTINGS);
    expect(request.seriesId).toBe('ser_2');
    expect(ENDPOINTS[request.endpoint].path).toContain('{series_id}');
  });

  it('checks series_id before anything else', () => {
    expect(() => formulaCall('ROYALTIES_READ_THROUGH', { range: 5 }, SETTINGS)).toThrow(
      /series_id is required/,
    );
  });
});
