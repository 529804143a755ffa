// The bench's smaller parts: options, medians, the bundle figures and the report-table child process.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILES, DEFAULT_UNIFORM } from '../../local/bench/cost-model.ts';
import { median } from '../../local/bench/measure.ts';
import { parseOptions, repetitions } from '../../local/bench/options.ts';
import { benchBundle, CODE_TRIPWIRE_BYTES } from '../../local/bench/sections/bundle.ts';
import { firstAnswerBounds } from '../../local/bench/sections/formulas.ts';
import { type HangingCase, hangingChecks, PERIOD_REPORTS_LABEL } from '../../local/bench/sections/hanging.ts';
import { benchReportTable } from '../../local/bench/sections/report-table.ts';
import { ms } from '../../local/bench/table.ts';
import {
  bundleChecks,
  exitCodeOf,
  firstAnswerCheck,
  fitsCheck,
  tripwireVerdict,
} from '../../local/bench/targets.ts';
import { addOnDist, TEST_SETTINGS } from '../support/bundles.ts';

describe('options', () => {
  it('reads --quick, --json, --markdown, the figures of the model, and refuses anything else', () => {
    const options = parseOptions([
      '--quick',
      '--json',
      'a.json',
      '--markdown',
      'b.md',
      '--ms-per-request',
      '450',
      '--cost',
      'cache-read=20',
      '--cost',
      'high.http-round=2000',
    ]);
    expect(options).toMatchObject({ quick: true, jsonPath: 'a.json', markdownPath: 'b.md', pagePath: null });
    expect(options.uniform).toEqual({ msPerCall: DEFAULT_UNIFORM.msPerCall, msPerRequest: 450 });
    for (const p of ['low', 'central', 'high'] as const) expect(options.profiles[p]['cache-read']).toBe(20);
    expect(options.profiles.high['http-round']).toBe(2000);
    expect(options.profiles.central['http-round']).toBe(DEFAULT_PROFILES.central['http-round']);
    expect(parseOptions([])).toEqual({
      quick: false,
      jsonPath: null,
      markdownPath: null,
      pagePath: 'docs/performance.md',
      profiles: DEFAULT_PROFILES,
      uniform: DEFAULT_UNIFORM,
    });
    expect(parseOptions(['--no-page']).pagePath).toBeNull();
    expect(parseOptions(['--ms-per-call', '2.5']).uniform.msPerCall).toBe(2.5);
    expect(() => parseOptions(['--ms-per-call', 'fast'])).toThrow('--ms-per-call takes a number');
    expect(() => parseOptions(['--ms-per-request'])).toThrow('--ms-per-request takes a number');
    expect(() => parseOptions(['--json'])).toThrow('--json takes a path');
    expect(() => parseOptions(['--json', '--quick'])).toThrow('--json takes a path');
    expect(() => parseOptions(['--cost', 'cache-reed=20'])).toThrow('--cost takes');
    expect(() => parseOptions(['--cost', 'middle.cache-read=20'])).toThrow('--cost takes');
    expect(() => parseOptions(['--cost', 'cache-read=-1'])).toThrow('--cost takes');
    expect(() => parseOptions(['--cost'])).toThrow('--cost takes NAME=MS');
    expect(() => parseOptions(['--fast'])).toThrow('Unknown option --fast');
  });

  it('times medians of at least five runs unless --quick', () => {
    const full = repetitions(false);
    const quick = repetitions(true);
    // The same parts either way, and at least one.
    expect(Object.keys(full).length).toBeGreaterThan(0);
    expect(Object.keys(quick)).toEqual(Object.keys(full));
    for (const runs of Object.values(full)) expect(runs).toBeGreaterThanOrEqual(5);
    for (const [part, runs] of Object.entries(full))
      expect(quick[part as keyof typeof quick]).toBeLessThanOrEqual(runs);
  });
});

describe('targets', () => {
  it('fail on a module from outside src/ in Code.js, and never on its load time (printed, not a target)', () => {
    const ours = { roomTakers: [{ file: 'src/main.ts', bytes: 100 }] };
    expect(bundleChecks(ours)).toEqual([
      {
        target: 'dist/Code.js holds only our source (src/), no dependency pulled in by mistake',
        ok: true,
        measured: 'only src/',
      },
    ]);
    const pulledIn = {
      roomTakers: [...ours.roomTakers, { file: 'node_modules/echarts/index.js', bytes: 9 }],
    };
    expect(bundleChecks(pulledIn).map((c) => [c.ok, c.measured])).toEqual([
      [false, 'also node_modules/echarts/index.js'],
    ]);
  });

  it("say Code.js's size against the owner's tripwire, under it or over, without failing the run", () => {
    expect(CODE_TRIPWIRE_BYTES).toBe(160 * 1024);
    expect(tripwireVerdict(CODE_TRIPWIRE_BYTES)).toBe('160.0 KB, under the 160.0 KB tripwire');
    expect(tripwireVerdict(CODE_TRIPWIRE_BYTES + 1024)).toBe(
      '161.0 KB, TRIPPED: 1.0 KB over the 160.0 KB tripwire',
    );
  });

  it('hold ours to a limit under the central profile and print naive beside it', () => {
    const none = { calls: {}, cells: {}, roundSizes: [], spreadsheetExecutions: 0 };
    const rounds = (n: number) => ({ ...none, roundSizes: Array(n).fill(1) }) as never;
    // A round of one costs 590 ms under central.
    const check = fitsCheck('a refresh', 6 * 60_000, rounds(10), rounds(700));
    expect(check).toEqual({
      target: 'a refresh: ours fits in 6.0 min (central profile)',
      ok: true,
      measured: 'ours 5.9 s; naive 6.9 min, does not fit',
    });
    expect(fitsCheck('a refresh', 6 * 60_000, rounds(700), rounds(700)).ok).toBe(false);
  });

  it("hold a formula's first answer to 5% above the least with single flight, naive's beside it", () => {
    const none = { calls: {}, cells: {}, roundSizes: [], spreadsheetExecutions: 0 };
    // One request (590 ms) and the first spreadsheet access (150 ms), central; and calls of 1 ms each
    // (two 0.5 ms "local" calls), so a cell can be priced to the millisecond.
    const cell = (extraMs: number) =>
      ({
        ...none,
        roundSizes: [1],
        spreadsheetExecutions: 1,
        calls: { 'Utilities.newBlob': extraMs * 2 },
      }) as never;
    const central = DEFAULT_PROFILES.central;
    expect(central.local).toBe(0.5);
    const { floor, sharing } = firstAnswerBounds(central);
    const most = sharing * 1.05;
    // At the bound's margin, met; a millisecond beyond it, missed.
    const atMost = firstAnswerCheck(cell(Math.floor(most - floor)), cell(0));
    expect(atMost.ok).toBe(true);
    expect(atMost.target).toBe(
      "a formula's first answer, slowest cell: at most 5% above the least with single flight (central profile)",
    );
    expect(atMost.measured).toBe(
      `ours ${ms(floor + Math.floor(most - floor))} ms; the least with single flight ${ms(sharing)} ms (at most ${ms(most)} ms); naive ${ms(floor)} ms`,
    );
    expect(firstAnswerCheck(cell(Math.ceil(most - floor) + 1), cell(0)).ok).toBe(false);
    // Slower than naive is no miss: naive keeps nothing for later cells.
    expect(firstAnswerCheck(cell(Math.floor(sharing - floor)), cell(0)).ok).toBe(true);
  });

  it('hold a sidebar refresh with up to three reports hanging to 75 s, every refresh to 360 s, and the tabs that answer fresh', () => {
    const run = (modelledMs: number, tabsFresh = 12) => ({
      modelledMs,
      fetchRounds: 2,
      httpRequests: 13,
      tabsFresh,
      tabsKept: 13 - tabsFresh,
    });
    const hanging = (
      label: string,
      n: number,
      sidebarMs: number,
      nightlyMs: number,
      fresh?: number,
    ): HangingCase => ({
      label,
      hanging: n,
      menu: run(nightlyMs, fresh),
      sidebar: run(sidebarMs, fresh),
      nightly: run(nightlyMs, fresh),
    });
    const met = hangingChecks([
      hanging('none hanging', 0, 3_000, 2_000),
      hanging('three reports hanging', 3, 62_500, 181_800),
      hanging(PERIOD_REPORTS_LABEL, 7, 62_000, 241_000, 4),
      hanging('every endpoint hanging', 9, 122_400, 241_700),
    ]);
    expect(met.map((c) => c.ok)).toEqual([true, true, true]);
    expect(met[0]!.measured).toBe('62.5 s at the slowest of 1 cases');
    expect(met[1]!.measured).toBe('241.7 s at the slowest of 12 runs');
    expect(met[2]!.measured).toBe('4 fresh at the fewest of 3 runs');
    expect(hangingChecks([hanging('two reports hanging', 2, 75_001, 100_000)])[0]!.ok).toBe(false);
    expect(hangingChecks([hanging('every endpoint hanging', 9, 60_000, 360_000)])[1]!.ok).toBe(false);
    expect(hangingChecks([hanging(PERIOD_REPORTS_LABEL, 7, 62_000, 241_000, 3)])[2]!.ok).toBe(false);
    expect(hangingChecks([]).map((c) => c.ok)).toEqual([false, false, false]);
  });

  it('fail the run when any one is missed', () => {
    const met = { target: 'a', ok: true, measured: '' };
    expect(exitCodeOf([met, met])).toBe(0);
    expect(exitCodeOf([met, { ...met, ok: false }])).toBe(1);
  });

  it('fail a quick run as a full one: every target is counted or modelled', () => {
    const met = { target: 'a', ok: true, measured: '' };
    expect(exitCodeOf([met])).toBe(0);
    expect(exitCodeOf([met, { ...met, ok: false }])).toBe(1);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});

describe('bundle figures', () => {
  it('measure the built Code.js and say which sources fill it', async () => {
    const dir = await addOnDist();
    const figures = await benchBundle(dir, TEST_SETTINGS, 1);
    expect(figures.codeBytes).toBe(statSync(path.join(dir, 'Code.js')).size);
    expect(figures.sidebarBytes).toBe(statSync(path.join(dir, 'Sidebar.html')).size);
    expect(figures.codeGzipBytes).toBeLessThan(figures.codeBytes);
    // The sources' share, less what terser's second pass takes off, is all of Code.js but the generated
    // header and stubs (and esbuild's few bytes of wrapper).
    const code = readFileSync(path.join(dir, 'Code.js'), 'utf8');
    const stubs = code.slice(code.lastIndexOf('})();') + 5);
    const fromSources = figures.roomTakers.reduce((sum, t) => sum + t.bytes, 0);
    expect(figures.secondPassBytes).toBeGreaterThan(0);
    const bundled = fromSources - figures.secondPassBytes;
    expect(bundled).toBeLessThan(figures.codeBytes - Buffer.byteLength(stubs));
    expect(bundled).toBeGreaterThan((figures.codeBytes - Buffer.byteLength(stubs)) * 0.95);
    expect(figures.roomTakers.length).toBeGreaterThan(0);
    for (const t of figures.roomTakers) expect(t.file).toMatch(/^src\//);
    const sizes = figures.roomTakers.map((t) => t.bytes);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    // Each execution's own code, bundled alone: a part of the whole, and a formula cell needs less than a
    // refresh (which writes every tab, the history and the dashboard).
    const reach = new Map(figures.reach.map((r) => [r.group, r.bytes]));
    expect([...reach.keys()]).toEqual(['formulaEntryPoints', 'refreshEntryPoints', 'sidebarEntryPoints']);
    for (const bytes of reach.values()) {
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThan(figures.codeBytes - Buffer.byteLength(stubs));
    }
    expect(reach.get('formulaEntryPoints')).toBeLessThan(reach.get('refreshEntryPoints') ?? 0);
  });
});

describe('report table figures', () => {
  it('convert every row in a process of their own', async () => {
    const template = {
      period: { range: 'last_30_days' },
      currency: 'USD',
      meta: { truncated: false },
      rows: [
        { book_id: 'bk_1', title: 'One', royalties: 1.5, units: 2 },
        { book_id: 'bk_2', title: 'Two', royalties: 2.5, units: 3 },
      ],
    };
    const figures = await benchReportTable(template, 500, 1);
    expect(figures.rows).toBe(500);
    expect(figures.columns).toBe(Object.keys(template.rows[0]!).length);
    expect(figures.peakRssBytes).toBeGreaterThan(0);
  });
});
