// Acceptance: every fault the API or a proxy can produce × every way the add-on asks: a custom
// function, refresh all tabs (tabs filled by an earlier refresh), saving a key, the nightly trigger. Each
// cell must end in a clear message (a sentence, never markup, never the key), no tab blanked, no other tab
// starved, nothing stored on a failed key check. UrlFetchApp's timeout is modelled in compressed time
// (EmulatorOptions.hangAfterMs). The matrix, with every message, is written to test-results/fault-matrix.md.
// Each test has an add-on of its own (key saved, formulas allowed) on the file's demo API; those of a refresh
// fill the tabs first. The matrix collects each test's message and is written after them all.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';
import type { FaultSpec } from '../../local/demo-api/index.ts';
import { ENDPOINT_IDS } from '../../src/core/endpoints.ts';
import type { NightlyRun } from '../../src/core/flows/sidebar-state.ts';
import { type RefreshResult, STATUS_PROPERTY, type StatusBook } from '../../src/core/refresh/index.ts';
import { BANNER_BACKGROUND, TRUNCATION_WARNING } from '../../src/core/tabs/index.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { expectNoKeyLeak, findKeyLeaks } from '../support/leaks.ts';
import { banner, ourTab } from '../tabs/support.ts';

const many = <T>(entry: T) => Array.from({ length: 10 }, () => entry);
const BAD_RANGE = 'The range "last_9_days" is not one of the periods the API offers.';

interface Fault {
  readonly name: string;
  readonly spec: FaultSpec;
  /** What the message must say; null when the fault is not a failure (truncation). */
  readonly says: RegExp | null;
}

const FAULTS: readonly Fault[] = [
  { name: '401', spec: { statuses: many(401) }, says: /refused the API key \(401\)/ },
  { name: '403', spec: { statuses: many(403) }, says: /refused access to .* \(403\)/ },
  { name: '404', spec: { statuses: many(404) }, says: /\(404\)/ },
  {
    name: '400 with a message',
    spec: {
      statuses: many({ status: 400, body: JSON.stringify({ error: { code: 'bad', message: BAD_RANGE } }) }),
    },
    says: new RegExp(BAD_RANGE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  },
  {
    name: '429 with Retry-After',
    spec: { statuses: many({ status: 429, retryAfter: 2 }) },
    says: /rate limiting requests \(429\).*try again in 2 s/,
  },
  { name: '500', spec: { statuses: many(500) }, says: /server error \(500\)/ },
  { name: '502 HTML page', spec: { body: 'html-502' }, says: /answered 502 with a web page instead of data/ },
  { name: '503', spec: { statuses: many(503) }, says: /server error \(503\)/ },
  {
    name: 'malformed JSON',
    spec: { body: 'malformed-json' },
    says: /answered 200 with a body that is not JSON/,
  },
  {
    name: 'HTML page with 200',
    spec: { body: 'html-200' },
    says: /answered 200 with a web page instead of data/,
  },
  { name: 'empty body', spec: { body: 'empty' }, says: /\(empty body\)/ },
  {
    name: 'body cut mid-JSON',
    spec: { body: 'cut-short' },
    says: /answered 200 with a body that is not JSON/,
  },
  {
    name: 'an empty answer ({}) with 200',
    spec: { statuses: many({ status: 200, body: '{}', contentType: 'application/json' }) },
    says: /answered the .* request with nothing in it/,
  },
  {
    // Back to the API's own address, so a client that followed it would get an answer.
    name: '302 redirect',
    spec: { statuses: many({ status: 302, location: '/v1/account', body: '', contentType: 'text/plain' }) },
    says: /with a redirect \(302\): /,
  },
  { name: 'truncation', spec: { truncated: true }, says: null },
  { name: 'hang', spec: { hang: true }, says: /did not answer in time/ },
];

const SCENARIOS = ['custom function', 'refresh all tabs', 'saving a key', 'nightly trigger'] as const;
type Scenario = (typeof SCENARIOS)[number];

const matrix = new Map<string, string>();
const cellKey = (fault: string, scenario: Scenario) => `${fault}\u0000${scenario}`;

const demoApi = useDemoApi();
let addOn: AddOn;
const tabs = ENDPOINT_IDS;

beforeEach(async () => {
  addOn = await startAddOn({ api: demoApi() });
  addOn.saveApiKeyFor();
  addOn.emulator.run('setFormulaAccess', [true]);
});

afterEach(async () => {
  try {
    expectNoKeyLeak(addOn.emulator, addOn.api.demoKey);
  } finally {
    await addOn.close();
  }
});

/** Every tab filled by a first refresh, and the nightly refresh turned on: its trigger's id. */
function filledWithNightly(): string {
  addOn.emulator.run('refreshAllTabs');
  addOn.emulator.run('setNightlyRefresh', [true, 5]);
  return addOn.emulator.triggers()[0]!.id;
}

afterAll(() => {
  const flat = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
  const lines = [
    '# Fault matrix',
    '',
    'Each fault on one endpoint (Books for the custom function, refresh and nightly; /account for saving a key).',
    'UrlFetchApp timeout modelled at 60 s in compressed time. Written by test/faults/fault-matrix.test.ts.',
    '',
    `| fault | ${SCENARIOS.join(' | ')} |`,
    `|---|${SCENARIOS.map(() => '---').join('|')}|`,
    ...FAULTS.map(
      (f) =>
        `| ${f.name} | ${SCENARIOS.map((s) => flat(matrix.get(cellKey(f.name, s)) ?? '(not run)')).join(' | ')} |`,
    ),
  ];
  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'test-results/fault-matrix.md'), `${lines.join('\n')}\n`);
});

/** A message an author can read: a sentence, no markup, no key, not a wall of text. */
function expectClear(message: string, fault: Fault): void {
  expect(message).not.toMatch(/[<>]/);
  expect(message.length).toBeLessThan(600);
  expect(findKeyLeaks([message], addOn.api.demoKey)).toEqual([]);
  if (fault.says) expect(message).toMatch(fault.says);
}

async function withFault<T>(path: string, fault: Fault, work: () => T): Promise<T> {
  await addOn.api.setFaults(path, fault.spec);
  try {
    return work();
  } finally {
    await addOn.api.clearFaults();
  }
}

/** Every tab but the failing one has its fresh figures; none is blanked. The dashboard reads every endpoint
 * and keeps its previous figures when one fails (test/dashboard), so it fails when that one does. */
function expectOthersFresh(result: { tabs: RefreshResult['tabs'] }, failing: string): void {
  const others = result.tabs.filter((t) => t.tab !== failing);
  expect(others.length).toBeGreaterThan(0);
  for (const line of others) {
    const failed = line.tab === 'dashboard' && result.tabs.some((t) => t.tab === failing && t.error);
    if (failed) expect(line.error, line.tab).not.toBeNull();
    else expect(line.error, line.tab).toBeNull();
  }
  for (const tab of tabs) expect(ourTab(addOn, tab).values.length, tab).toBeGreaterThan(2);
}

/** After a night (which hands back no per-tab lines): every tab but the failing one, and the dashboard that
 * reads it, succeeded in this run by the Status tab's record; none is blanked. */
function expectOthersFreshSince(startedAt: number, failing: string | null): void {
  const book = JSON.parse(addOn.emulator.properties.document()[STATUS_PROPERTY] ?? '{}') as StatusBook;
  const lines = Object.entries(book);
  expect(lines.length).toBeGreaterThanOrEqual(tabs.length);
  for (const [tab, line] of lines) {
    const failed = failing !== null && (tab === failing || tab === 'dashboard');
    if (failed) expect(line?.lastFailureAt, tab).toBeGreaterThanOrEqual(startedAt);
    else expect(line?.lastSuccessAt, tab).toBeGreaterThanOrEqual(startedAt);
  }
  for (const tab of tabs) expect(ourTab(addOn, tab).values.length, tab).toBeGreaterThan(2);
}

describe.each(FAULTS)('$name', (fault) => {
  it('custom function', async () => {
    addOn.emulator.switches.evictCaches();
    // The assertions stand outside the try: a failed expectation must fail the test, not become the message.
    let cells: unknown[][] | null = null;
    let message = '';
    try {
      cells = await withFault('/reports/books', fault, () =>
        addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_BOOKS', ['last_30_days']),
      );
    } catch (err) {
      message = (err as Error).message;
    }
    if (cells !== null) {
      expect(fault.says, 'the formula answered where it should have failed').toBeNull();
      expect(String(cells[0]?.[0])).toContain(TRUNCATION_WARNING);
      message = `cells (${cells.length} rows), truncation warning on top`;
    } else if (fault.name === 'hang') {
      // 30 s for a custom function, 60 s for UrlFetchApp: Sheets stops the cell with its own message.
      expect(message).toBe('Exceeded maximum execution time');
    } else {
      expect(fault.says, `the formula failed where it should have answered: ${message}`).not.toBeNull();
      expectClear(message, fault);
    }
    matrix.set(cellKey(fault.name, 'custom function'), message);
  });

  it('refresh all tabs (filled by an earlier refresh)', async () => {
    filledWithNightly();
    const before = ourTab(addOn, 'books-report').values.slice(2);
    const result = await withFault('/reports/books', fault, () =>
      addOn.emulator.run<RefreshResult>('refreshAllTabs'),
    );
    const books = result.tabs.find((t) => t.tab === 'books-report')!;
    const sheet = ourTab(addOn, 'books-report');
    if (fault.says === null) {
      expect(books.error).toBeNull();
      expect(books.truncated).toBe(true);
      expect(banner(sheet)).toContain(TRUNCATION_WARNING);
      matrix.set(cellKey(fault.name, 'refresh all tabs'), `written, red banner: ${banner(sheet)}`);
    } else {
      expectClear(books.error ?? '', fault);
      expect(sheet.values.slice(2)).toEqual(before);
      expect(sheet.backgrounds[0]?.[0]).toBe(BANNER_BACKGROUND.failed);
      expectClear(banner(sheet), fault);
      matrix.set(cellKey(fault.name, 'refresh all tabs'), `kept, amber banner: ${banner(sheet)}`);
    }
    expectOthersFresh(result, 'books-report');
    const status = ourTab(addOn, 'status').values;
    expect(status.length).toBeGreaterThan(0);
    for (const row of status) expect(row.join(' ')).not.toMatch(/[<>]/);
  });

  it('saving a key', async () => {
    const editor = addOn.emulator.editors[0]!;
    const stored = () => Object.values(addOn.emulator.properties.user(editor));
    let saved = false;
    let message = '';
    try {
      await withFault('/account', fault, () => addOn.saveApiKeyFor(editor));
      saved = true;
    } catch (err) {
      message = (err as Error).message;
    }
    if (saved) {
      expect(fault.says, 'the key was saved on a failed check').toBeNull();
      expect(stored()).toContain(addOn.api.demoKey);
      addOn.emulator.run('removeApiKey', [], { as: editor });
      message = 'saved';
    } else {
      expect(fault.says, `the key was refused on a good answer: ${message}`).not.toBeNull();
      expectClear(message, fault);
    }
    expect(stored()).not.toContain(addOn.api.demoKey);
    matrix.set(cellKey(fault.name, 'saving a key'), message);
  });

  it('nightly trigger', async () => {
    const triggerId = filledWithNightly();
    const before = ourTab(addOn, 'books-report').values.slice(2);
    const startedAt = addOn.emulator.clock.now();
    const run = (await withFault('/reports/books', fault, () =>
      addOn.emulator.runTrigger(triggerId),
    )) as NightlyRun;
    const state = addOn.emulator.run<{ nightly: { lastRun: NightlyRun } }>('getSidebarState');
    expect(state.nightly.lastRun).toEqual(run);
    if (fault.says === null) {
      expect(run.ok).toBe(true);
      expect(run.message).toContain(TRUNCATION_WARNING);
    } else {
      expect(run.ok).toBe(false);
      expectClear(run.message, fault);
      expect(ourTab(addOn, 'books-report').values.slice(2)).toEqual(before);
    }
    expect(banner(ourTab(addOn, 'status'))).toContain('(nightly)');
    expectOthersFreshSince(startedAt, fault.says === null ? null : 'books-report');
    matrix.set(cellKey(fault.name, 'nightly trigger'), run.message);
  });
});
