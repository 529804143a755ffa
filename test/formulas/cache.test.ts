// Speed and quota: 100 cells with the same arguments make one HTTP request; recalculating them within the
// cache time makes none; after it, one again. Arguments that mean the same request share it.
// Each test has an add-on of its own (useFormulasAddOn: key saved, formulas allowed, on the file's demo API)
// and reads nothing another test left; after every test, no text holds the key.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_TTL_SECONDS } from '../../src/core/api/index.ts';
import type { AddOn } from '../support/addon.ts';
import { useFormulasAddOn } from './support.ts';

let addOn: AddOn;

useFormulasAddOn((started) => {
  addOn = started;
});

const httpCount = () => addOn.emulator.stats.http().length;
const CELLS = 100;

function recalculate(name: string, args: unknown[]): unknown[] {
  return Array.from({ length: CELLS }, () => addOn.emulator.runCustomFunction(name, args));
}

describe('the shared response cache', () => {
  it('serves 100 identical cells with one request, and their recalculation with none until it expires', () => {
    const args = ['last_90_days', 'GBP', 'net_profit'];
    let before = httpCount();
    const first = recalculate('ROYALTIES_SUMMARY', args);
    expect(httpCount() - before).toBe(1);
    expect(new Set(first).size).toBe(1);

    addOn.emulator.clock.advance(DEFAULT_CACHE_TTL_SECONDS * 1000 - 60_000);
    before = httpCount();
    expect(recalculate('ROYALTIES_SUMMARY', args)).toEqual(first);
    expect(httpCount() - before).toBe(0);

    addOn.emulator.clock.advance(120_000);
    before = httpCount();
    recalculate('ROYALTIES_SUMMARY', args);
    expect(httpCount() - before).toBe(1);
  });

  it('shares one request among arguments that mean the same (case, spaces, defaults, other fields)', () => {
    const before = httpCount();
    addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', ['last_30_days', 'EUR']);
    addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', [' last_30_days ', 'eur', 'title']);
    addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', [[['last_30_days']], [['EUR']], 'royalties']);
    expect(httpCount() - before).toBe(1);
    addOn.emulator.runCustomFunction('ROYALTIES_BOOKS', ['', 'EUR']);
    expect(httpCount() - before).toBe(1);
  });

  it('still answers, with one request, while a refresh holds the document lock', () => {
    addOn.emulator.switches.holdLock('document', { untilMs: addOn.emulator.clock.now() + 60_000 });
    const before = httpCount();
    const figures = recalculate('ROYALTIES_KENP', ['last_7_days', 'AUD', 'kenp.pages_read']);
    expect(httpCount() - before).toBe(1);
    expect(typeof figures[0]).toBe('number');
  });
});
