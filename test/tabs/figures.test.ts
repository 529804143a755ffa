// Acceptance: every number the API sends reaches the author, in the tab and in the custom
// function, whatever shape the response comes in. The built add-on in the emulator, refreshing from the demo
// API over HTTP; the demo API then serves the same account arranged as another API might arrange it
// (local/demo-api/shapes.ts), and every tab and formula must show the same figures, exactly.
// Each test has an add-on of its own (useFormulasAddOn: key saved, formulas allowed, on the file's demo API)
// and reads nothing another test left; after every test, no text holds the key.
import { describe, expect, it } from 'vitest';
import { RESPONSE_SHAPES } from '../../local/demo-api/index.ts';
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId } from '../../src/core/endpoints.ts';
import { MEASURE_NAMES } from '../../src/core/figures/index.ts';
import { FORMULA_FUNCTIONS, type FormulaName } from '../../src/core/formulas/index.ts';
import { useFormulasAddOn } from '../formulas/support.ts';
import type { AddOn } from '../support/addon.ts';
import { missingNumbers, sentNumbers, shownNumbers, sortedNumbers } from '../support/numbers.ts';
import { apiGet, ourTab, PINNED_PERIOD, refresh } from './support.ts';

let addOn: AddOn;
useFormulasAddOn((started) => {
  addOn = started;
});

const FORMULA_OF = Object.fromEntries(
  Object.entries(FORMULA_FUNCTIONS).map(([name, spec]) => [spec.endpoint, name as FormulaName]),
) as Record<EndpointId, FormulaName>;
const SIMPLE = ENDPOINT_IDS.filter((id) => id !== 'read-through');
/** Past the longest cache lifetime (6 h): the next formula asks the API again. */
const PAST_CACHE = 7 * 60 * 60 * 1000;

async function response(id: EndpointId): Promise<unknown> {
  return apiGet(addOn, ENDPOINTS[id].path, ENDPOINTS[id].isReport ? { range: PINNED_PERIOD } : {});
}

async function seriesIds(): Promise<string[]> {
  const body = await apiGet(addOn, '/series');
  const ids: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.series_id === 'string' && !ids.includes(record.series_id)) ids.push(record.series_id);
      Object.values(record).forEach(visit);
    }
  };
  visit(body);
  return ids;
}

function readThroughPath(id: string): string {
  return `/series/${encodeURIComponent(id)}/read-through`;
}

/** Every figure of every tab and of every formula, for the shape the demo API now serves. */
function everyFigure(ids: readonly string[]): Map<string, number[]> {
  refresh(addOn);
  addOn.emulator.clock.advance(PAST_CACHE);
  const out = new Map<string, number[]>();
  for (const id of ENDPOINT_IDS) {
    out.set(`${id} tab`, sortedNumbers(ourTab(addOn, id).values));
    if (id !== 'read-through')
      out.set(`${FORMULA_OF[id]}()`, sortedNumbers(addOn.emulator.runCustomFunction(FORMULA_OF[id], [])));
  }
  for (const series of ids) {
    const cells = addOn.emulator.runCustomFunction('ROYALTIES_READ_THROUGH', [series]);
    out.set(`ROYALTIES_READ_THROUGH(${series})`, sortedNumbers(cells));
  }
  return out;
}

describe('every number of every demo endpoint', () => {
  it('appears in its tab and in its custom function’s table', async () => {
    refresh(addOn);
    for (const id of SIMPLE) {
      const sent = sentNumbers(await response(id));
      expect(sent.length, `${ENDPOINTS[id].path} sends numbers`).toBeGreaterThan(id === 'account' ? -1 : 0);
      const tab = shownNumbers(ourTab(addOn, id).values);
      expect(
        missingNumbers(sent, tab),
        `numbers of ${ENDPOINTS[id].path} missing from the ${ENDPOINTS[id].title} tab`,
      ).toEqual([]);
      const formula = shownNumbers(addOn.emulator.runCustomFunction(FORMULA_OF[id], []));
      expect(
        missingNumbers(sent, formula),
        `numbers of ${ENDPOINTS[id].path} missing from ${FORMULA_OF[id]}()`,
      ).toEqual([]);
    }
    const ids = await seriesIds();
    expect(ids.length).toBeGreaterThan(1);
    const readThroughTab = shownNumbers(ourTab(addOn, 'read-through').values);
    const allSeries = [];
    for (const series of ids) {
      const sent = sentNumbers(await apiGet(addOn, readThroughPath(series)));
      allSeries.push(...sent.map((n) => ({ ...n, path: `${series}: ${n.path}` })));
      const formula = shownNumbers(addOn.emulator.runCustomFunction('ROYALTIES_READ_THROUGH', [series]));
      expect(
        missingNumbers(sent, formula),
        `numbers of series ${series} missing from ROYALTIES_READ_THROUGH`,
      ).toEqual([]);
    }
    expect(missingNumbers(allSeries, readThroughTab), 'numbers missing from the Read-through tab').toEqual(
      [],
    );
  });

  it('shows the figures beside the rows in a Totals block that stays where it was', async () => {
    refresh(addOn);
    const kenp = (await response('kenp')) as { kenp: { pages_read: number; estimated_royalties: number } };
    const tab = ourTab(addOn, 'kenp');
    const header = tab.values[1] ?? [];
    const at = header.indexOf('Totals');
    expect(at, 'a Totals block in the header row').toBeGreaterThan(0);
    expect(header.slice(at, at + 3)).toEqual(['Totals', 'Value', 'Field']);
    expect(header[at - 1], 'one empty column between the rows and the Totals').toBe('');
    const byKey = new Map(tab.values.slice(2).map((row) => [row[at + 2], row[at + 1]]));
    expect(byKey.get('kenp.pages_read')).toBe(kenp.kenp.pages_read);
    expect(byKey.get('kenp.estimated_royalties')).toBe(kenp.kenp.estimated_royalties);
    const cell = (row: number) => tab.values[row]?.[at + 1];
    const before = [cell(2), cell(3)];
    refresh(addOn);
    const again = ourTab(addOn, 'kenp');
    expect(again.values[1]?.indexOf('Totals')).toBe(at);
    expect([again.values[2]?.[at + 1], again.values[3]?.[at + 1]]).toEqual(before);
  });
});

/** What =ROYALTIES_SUMMARY(,,measure) gives for every measure of the catalogue (null: not found). */
function summaryMeasures(): unknown[] {
  addOn.emulator.clock.advance(PAST_CACHE);
  return MEASURE_NAMES.map((measure) => {
    try {
      return addOn.emulator.runCustomFunction('ROYALTIES_SUMMARY', ['', '', measure]);
    } catch {
      return null;
    }
  });
}

describe.each(RESPONSE_SHAPES.filter((shape) => shape !== 'demo'))('the same account, %s', (shape) => {
  it('gives the same figures, exactly, in every tab and every formula, and the same measures', async () => {
    await addOn.api.setShape('demo');
    const ids = await seriesIds();
    const demoBody = JSON.stringify(await apiGet(addOn, '/timeline'));
    const demo = everyFigure(ids);
    const demoMeasures = summaryMeasures();
    expect(demoMeasures.filter((f) => typeof f === 'number').length).toBeGreaterThanOrEqual(6);
    await addOn.api.setShape(shape);
    try {
      expect(JSON.stringify(await apiGet(addOn, '/timeline')), 'the demo API serves the shape').not.toBe(
        demoBody,
      );
      const reshaped = everyFigure(ids);
      expect(demo.size).toBeGreaterThan(0);
      for (const [where, figures] of demo) {
        // /account is documented field by field: it keeps its shape (and sends no figures).
        if (!/account|ACCOUNT/.test(where))
          expect(figures.length, `${where} shows figures`).toBeGreaterThan(0);
        expect(reshaped.get(where), `${where} in the ${shape} shape`).toEqual(figures);
      }
      // The single-figure form reads each measure through the catalogue, whatever the spelling.
      expect(summaryMeasures()).toEqual(demoMeasures);
    } finally {
      await addOn.api.setShape('demo');
    }
  });
});
