// The bench's model of Google's time: HTTP per round, each Apps Script method by its class, the per-cell
// terms, the first spreadsheet access per execution; every method the emulator implements has a class,
// and one that has none is listed, never charged a made-up cost.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROFILES,
  FIGURE_NAMES,
  METHOD_CLASS,
  modelled,
  PROFILE_NAMES,
  SOURCES,
  serviceMs,
  uniformMs,
  withFigures,
} from '../../local/bench/cost-model.ts';

const EMULATED_MODULES = [
  'cache',
  'html',
  'lock',
  'logger',
  'properties',
  'script-app',
  'session',
  'ui',
  'url-fetch',
  'utilities',
  'spreadsheet/charts',
  'spreadsheet/metadata-finder',
  'spreadsheet/metadata-location',
  'spreadsheet/metadata',
  'spreadsheet/named-range',
  'spreadsheet/range',
  'spreadsheet/sheet',
  'spreadsheet/spreadsheet',
];

/** Every `Class.method` the script can call: the public methods of the emulator's service classes. */
async function emulatedMethods(): Promise<Set<string>> {
  const out = new Set<string>();
  for (const file of EMULATED_MODULES) {
    const url = pathToFileURL(path.resolve(import.meta.dirname, '../../local/gas', `${file}.ts`)).href;
    const module: Record<string, unknown> = await import(url);
    for (const value of Object.values(module)) {
      if (typeof value !== 'function' || !value.prototype) continue;
      // The class name the script sees is an instance field: read off the class's own source.
      const name = /_class = ['"]([A-Za-z]+)['"]/.exec(String(value))?.[1];
      if (!name) continue;
      for (const method of Object.getOwnPropertyNames(value.prototype))
        if (method !== 'constructor' && !method.startsWith('_')) out.add(`${name}.${method}`);
    }
  }
  return out;
}

const central = DEFAULT_PROFILES.central;

describe('the classes', () => {
  it('cover every method the emulator implements, and name only methods it implements', async () => {
    const emulated = await emulatedMethods();
    expect(emulated.size).toBeGreaterThan(250);
    const http = new Set(['UrlFetchApp.fetch', 'UrlFetchApp.fetchAll']);
    const missing = [...emulated].filter((m) => !METHOD_CLASS.has(m) && !http.has(m));
    expect(missing).toEqual([]);
    const unknown = [...METHOD_CLASS.keys()].filter((m) => !emulated.has(m));
    expect(unknown).toEqual([]);
  });

  it('have low ≤ central ≤ high figures, a source each, and placeholders only where nothing is published', () => {
    for (const name of FIGURE_NAMES) {
      const [low, mid, high] = PROFILE_NAMES.map((p) => DEFAULT_PROFILES[p][name]);
      if (name === 'free-cells') expect(low! >= mid! && mid! >= high!).toBe(true);
      else expect(low! <= mid! && mid! <= high!).toBe(true);
      expect(SOURCES[name].source.length).toBeGreaterThan(10);
    }
    const placeholders = FIGURE_NAMES.filter((n) => SOURCES[n].placeholder);
    expect(placeholders.sort()).toEqual(['local', 'lock', 'script', 'structural']);
    for (const name of placeholders) expect(SOURCES[name].source).toMatch(/^UNSOURCED/);
  });
});

describe('modelled Google time', () => {
  const cost = {
    calls: {
      'CacheService.getDocumentCache': 1,
      'Cache.getAll': 2,
      'UrlFetchApp.fetchAll': 1,
      'HTTPResponse.getContentText': 3,
      'Sheet.appendRow': 10,
      'Range.setValues': 2,
      'Range.getValues': 1,
    },
    cells: { 'Range.setValues': { 100: 1, 20000: 1 }, 'Range.getValues': { 30000: 1 } },
    roundSizes: [3],
    spreadsheetExecutions: 1,
  };

  it('charges a round its slowest request and a little per extra one, and every other call by class', () => {
    const result = modelled(cost, central);
    expect(result.byPart).toEqual({
      handle: 2.5,
      'cache-read': 2 * 13,
      local: 3 * 0.5,
      'append-row': 10 * 107,
      'buffered-write': 2 * 1.3,
      read: 140,
      http: 590 + 2 * 97.5,
      'first-access': 150,
      cells: 10_000 * 0.06 + 20_000 * 0.01,
    });
    expect(result.ms).toBeCloseTo(2.5 + 26 + 1.5 + 1070 + 2.6 + 140 + 785 + 150 + 800, 6);
    expect(result.unclassified).toEqual({});
    expect(serviceMs(cost, central)).toBeCloseTo(result.ms - 785, 6);
  });

  it('the high profile charges every cell of an array call', () => {
    const high = modelled(cost, DEFAULT_PROFILES.high).byPart.cells;
    expect(high).toBeCloseTo(20_100 * 0.06 + 30_000 * 0.01, 6);
  });

  it('lists a method it has no class for, and charges it nothing', () => {
    const result = modelled({ ...cost, calls: { ...cost.calls, 'Gmail.sendEmail': 2 } }, central);
    expect(result.unclassified).toEqual({ 'Gmail.sendEmail': 2 });
    expect(result.ms).toBe(modelled(cost, central).ms);
  });

  it('keeps the uniform model only as a comparison: calls × one cost + requests × another', () => {
    expect(uniformMs({ serviceCalls: 10, httpRequests: 2 }, { msPerCall: 7, msPerRequest: 300 })).toBe(670);
  });

  it('takes any figure from the command line, for every profile or one', () => {
    const changed = withFigures(DEFAULT_PROFILES, ['cache-read=20', 'high.append-row=500']);
    expect(PROFILE_NAMES.map((p) => changed[p]['cache-read'])).toEqual([20, 20, 20]);
    expect(changed.high['append-row']).toBe(500);
    expect(changed.central['append-row']).toBe(central['append-row']);
    expect(DEFAULT_PROFILES.central['cache-read']).toBe(13);
    expect(() => withFigures(DEFAULT_PROFILES, ['cache=1'])).toThrow('--cost takes');
  });
});
