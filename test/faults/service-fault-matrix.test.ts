// Acceptance: Google's own services refusing (the emulator's switches.serviceFault, in Google's words) ×
// every way the author meets the add-on: a formula's first answer, its recalculation, the sidebar opening,
// saving a key, a refresh from the sidebar and from the menu, the night, the morning e-mail. Each cell:
// where only an optional service failed (a cache, a lock), the figures as if nothing happened; otherwise a
// plain sentence. Google's text never reaches the author (cells, tabs, toasts, thrown messages, the night's
// record, the e-mail); no tab blanked and no ledger day lost; a daily quota never asked again. The matrix,
// with what the author saw, is written to test-results/service-fault-matrix.md.
// One add-on per fault (describe.each), filled once in beforeAll; each test clears the faults it set.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';
import type { ServiceFaultKind } from '../../local/gas/index.ts';
import { ENDPOINT_IDS } from '../../src/core/endpoints.ts';
import type { NightlyRun } from '../../src/core/flows/sidebar-state.ts';
import type { RefreshResult } from '../../src/core/refresh/index.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { installedAddOnDist } from '../support/bundles.ts';
import { ourTab, ourTabs } from '../tabs/support.ts';

/** Google's own words, any of them: never shown to an author. */
const GOOGLE_TEXT =
  /Service invoked|rateMax|Utilities\.sleep|Service Spreadsheets|LockService|Lock timeout|document with id|too much computer time/;

interface Fault {
  readonly kind: ServiceFaultKind;
  /** Only an optional service: every surface answers with its figures. */
  readonly optional: boolean;
}

const FAULTS: readonly Fault[] = [
  { kind: 'cacheRateLimit', optional: true },
  { kind: 'lockRateLimit', optional: true },
  { kind: 'lockOperations', optional: true },
  { kind: 'propertiesRateLimit', optional: false },
  { kind: 'spreadsheetsRateLimit', optional: false },
  { kind: 'spreadsheetsTimeout', optional: false },
  { kind: 'spreadsheetsUnavailable', optional: false },
  { kind: 'urlFetchDailyQuota', optional: false },
];

const SURFACES = [
  "a formula's first answer",
  'a recalculation',
  'the sidebar opening',
  'saving a key',
  'a refresh from the sidebar',
  'a refresh from the menu',
  'the night',
  'the morning e-mail',
] as const;
type Surface = (typeof SURFACES)[number];

const ROUTES = ['bound', 'addon'] as const;
const matrix = new Map<string, string>();
const cellKey = (route: string, fault: ServiceFaultKind, surface: Surface) => `${route}|${fault}|${surface}`;

afterAll(() => {
  const flat = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 300);
  const lines = ['# Service-fault matrix', '', 'Written by test/faults/service-fault-matrix.test.ts.', ''];
  for (const route of ROUTES) {
    lines.push(
      `## ${route}`,
      '',
      `| fault | ${SURFACES.join(' | ')} |`,
      `|---|${SURFACES.map(() => '---').join('|')}|`,
    );
    for (const f of FAULTS)
      lines.push(
        `| ${f.kind} | ${SURFACES.map((s) => flat(matrix.get(cellKey(route, f.kind, s)) ?? '(not run)')).join(' | ')} |`,
      );
    lines.push('');
  }
  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'test-results/service-fault-matrix.md'), `${lines.join('\n')}\n`);
});

/** Every text an author can see now: every cell of every tab, toasts, alerts, e-mails. */
function seenByAuthor(addOn: AddOn): string[] {
  const { emulator } = addOn;
  const seen: string[] = [];
  for (const sheet of emulator.spreadsheet.getSheets()) {
    for (const row of emulator.sheetSnapshot(sheet.getName()).values) seen.push(...row.map(String));
  }
  const ui = emulator.ui();
  seen.push(...ui.toasts, ...ui.alerts);
  for (const mail of emulator.mail.sent()) seen.push(mail.subject, mail.body, mail.htmlBody ?? '');
  return seen;
}

function expectNoGoogleText(texts: readonly string[]): void {
  const raw = texts.filter((t) => GOOGLE_TEXT.test(t));
  expect(raw, 'Google’s own words reached the author').toEqual([]);
}

/** What a refresh must never lose: every report tab keeps its rows, the ledger every day, no blank row. */
function dataOf(addOn: AddOn): Map<string, unknown[][]> {
  const data = new Map<string, unknown[][]>();
  for (const [tab, snapshot] of ourTabs(addOn)) data.set(tab, snapshot.values.slice(2));
  return data;
}

function expectNothingLost(addOn: AddOn, before: Map<string, unknown[][]>): void {
  const now = dataOf(addOn);
  for (const tab of ENDPOINT_IDS) expect(now.get(tab)?.length ?? 0, tab).toBeGreaterThan(0);
  const ledger = now.get('history') ?? [];
  expect(ledger.length, 'ledger days').toBeGreaterThanOrEqual(before.get('history')?.length ?? 0);
  for (const row of ledger)
    expect(
      row.some((v) => v !== '' && v !== null),
      'a blank ledger row',
    ).toBe(true);
}

/** Runs `work` as the author would, with the fault on: what came back, or the message it ended with. */
function attempt<T>(work: () => T): { value?: T; message?: string } {
  try {
    return { value: work() };
  } catch (err) {
    return { message: (err as Error).message };
  }
}

describe.each(ROUTES)('route %s', (route) => {
  describe.each(FAULTS)('$kind', (fault) => {
    let addOn: AddOn;
    let triggerId: string;

    beforeAll(async () => {
      addOn = await startAddOn({
        ...(route === 'addon'
          ? { distDir: await installedAddOnDist(), emulator: { deployment: 'addon' } }
          : {}),
      });
      addOn.saveApiKeyFor();
      addOn.emulator.run('setFormulaAccess', [true]);
      addOn.emulator.run('refreshAllTabs');
      addOn.emulator.run('setNightlyRefresh', [true, 5]);
      addOn.emulator.run('setMorningEmail', ['daily']);
      triggerId = addOn.emulator.triggers()[0]!.id;
    });
    afterAll(async () => {
      await addOn?.close();
    });

    /** The fault on for `work` only, and the calls it refused counted. */
    function withFault<T>(work: () => T): { outcome: { value?: T; message?: string }; refused: number } {
      const { switches } = addOn.emulator;
      const before = addOn.emulator.serviceFaultRefusals(fault.kind);
      switches.serviceFault(fault.kind);
      try {
        const outcome = attempt(work);
        return { outcome, refused: addOn.emulator.serviceFaultRefusals(fault.kind) - before };
      } finally {
        switches.clearServiceFaults();
      }
    }

    /** A daily quota is never asked again: one refused call per execution at most. */
    function expectNotRetried(refused: number, executions = 1): void {
      if (fault.kind === 'urlFetchDailyQuota')
        expect(refused, 'UrlFetchApp asked again').toBeLessThanOrEqual(executions);
    }

    function record(surface: Surface, said: string): void {
      matrix.set(cellKey(route, fault.kind, surface), said);
    }

    it("a formula's first answer", () => {
      addOn.emulator.switches.evictCaches();
      const { outcome, refused } = withFault(() =>
        addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_BOOKS', ['last_30_days']),
      );
      if (fault.optional)
        expect(outcome.message, 'the formula failed for an optional service').toBeUndefined();
      if (outcome.message !== undefined)
        expect(outcome.message).toMatch(/asks again at the next refresh|tries again/);
      else expect(outcome.value!.length).toBeGreaterThan(1);
      expectNoGoogleText([outcome.message ?? '']);
      expectNotRetried(refused);
      record("a formula's first answer", outcome.message ?? `answered (${outcome.value!.length} rows)`);
    });

    it('a recalculation', () => {
      addOn.emulator.switches.evictCaches();
      const first = addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_SUMMARY', ['last_30_days']);
      const { outcome, refused } = withFault(() =>
        addOn.emulator.runCustomFunction<unknown[][]>('ROYALTIES_SUMMARY', ['last_30_days']),
      );
      if (fault.optional) expect(outcome.value).toEqual(first);
      if (outcome.message !== undefined)
        expect(outcome.message).toMatch(/asks again at the next refresh|tries again/);
      expectNoGoogleText([outcome.message ?? '']);
      expectNotRetried(refused);
      record('a recalculation', outcome.message ?? 'answered');
    });

    it('the sidebar opening', () => {
      const { outcome, refused } = withFault(() => {
        addOn.emulator.run('showSidebar');
        return addOn.emulator.run<Record<string, unknown>>('getSidebarState');
      });
      if (fault.optional)
        expect(outcome.message, 'the sidebar failed for an optional service').toBeUndefined();
      expectNoGoogleText([outcome.message ?? '', JSON.stringify(outcome.value ?? {})]);
      expectNotRetried(refused, 2);
      record('the sidebar opening', outcome.message ?? 'opened');
    });

    it('saving a key', () => {
      const editor = addOn.emulator.editors[0]!;
      const stored = () => Object.values(addOn.emulator.properties.user(editor));
      const { outcome, refused } = withFault(() => addOn.saveApiKeyFor(editor));
      if (fault.optional)
        expect(outcome.message, 'the key was refused for an optional service').toBeUndefined();
      if (outcome.message === undefined) {
        expect(stored()).toContain(addOn.api.demoKey);
        addOn.emulator.run('removeApiKey', [], { as: editor });
      }
      expect(stored()).not.toContain(addOn.api.demoKey);
      expectNoGoogleText([outcome.message ?? '']);
      expectNotRetried(refused);
      record('saving a key', outcome.message ?? 'saved');
    });

    it('a refresh from the sidebar', () => {
      const before = dataOf(addOn);
      const { outcome, refused } = withFault(() => addOn.emulator.run<RefreshResult>('refreshAllTabs'));
      const errors = outcome.value?.tabs.filter((t) => t.error).map((t) => `${t.tab}: ${t.error}`) ?? [];
      if (fault.optional) {
        expect(outcome.message, 'the refresh failed for an optional service').toBeUndefined();
        expect(errors).toEqual([]);
      }
      expectNoGoogleText([outcome.message ?? '', ...errors, ...seenByAuthor(addOn)]);
      expectNothingLost(addOn, before);
      expectNotRetried(refused);
      record('a refresh from the sidebar', outcome.message ?? (errors[0] || 'refreshed'));
    });

    it('a refresh from the menu', () => {
      const before = dataOf(addOn);
      const toasts = addOn.emulator.ui().toasts.length;
      const { outcome, refused } = withFault(() =>
        addOn.emulator.run<RefreshResult | null>('menuRefreshAllTabs'),
      );
      const told = addOn.emulator.ui().toasts.slice(toasts);
      if (fault.optional) expect(outcome.value?.tabs.every((t) => t.error === null)).toBe(true);
      expectNoGoogleText([outcome.message ?? '', ...told, ...seenByAuthor(addOn)]);
      expectNothingLost(addOn, before);
      expectNotRetried(refused);
      record('a refresh from the menu', outcome.message ?? told.join(' / '));
    });

    it('the night and its morning e-mail', () => {
      const before = dataOf(addOn);
      const mails = addOn.emulator.mail.sent().length;
      // A day on: the morning e-mail is due again.
      addOn.emulator.clock.advance(24 * 60 * 60 * 1000);
      const { outcome, refused } = withFault(() => addOn.emulator.runTrigger(triggerId) as NightlyRun);
      const state = addOn.emulator.run<{ nightly: { lastRun: NightlyRun | null } }>('getSidebarState');
      const night = outcome.value ?? state.nightly.lastRun;
      if (fault.optional) {
        expect(outcome.message, 'the night failed for an optional service').toBeUndefined();
        expect(night?.ok).toBe(true);
      }
      const sent = addOn.emulator.mail.sent().slice(mails);
      expectNoGoogleText([
        outcome.message ?? '',
        night?.message ?? '',
        night?.email ?? '',
        ...sent.flatMap((m) => [m.subject, m.body]),
        ...seenByAuthor(addOn),
      ]);
      expectNothingLost(addOn, before);
      expectNotRetried(refused);
      expect(ourTab(addOn, 'books-report').values.length).toBeGreaterThan(2);
      record('the night', outcome.message ?? night?.message ?? '(no record)');
      record('the morning e-mail', sent.length ? `sent: ${sent[0]!.subject}` : (night?.email ?? '(none)'));
    });
  });
});
