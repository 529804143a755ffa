import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  failedRun,
  MAX_STORED_BYTES,
  NIGHT_FAILED,
  nightlyHour,
  nightlyRunFromStored,
  nightlyRunToStored,
  REAUTHORISE_MESSAGE,
  refreshMessage,
  runFromRefresh,
} from '../../../src/core/flows/nightly.ts';
import type { TabOutcome } from '../../../src/core/refresh/index.ts';
import { TAB_CHOICES, tabTitle } from '../../../src/core/tab-ids.ts';

const at = '2026-11-21T05:12:00.000Z';

/** The outcome of the tab the author calls `name`. */
function tab(name: string, overrides: Partial<TabOutcome> = {}): TabOutcome {
  const id = TAB_CHOICES.find((choice) => tabTitle(choice) === name);
  if (!id) throw new Error(`No tab is called ${name}`);
  return { tab: id, sheetName: name, rows: 10, truncated: false, error: null, ...overrides };
}

describe('nightly hour', () => {
  it('accepts every whole hour of the day, as a number or as text', () => {
    for (let h = 0; h < 24; h++) {
      expect(nightlyHour(h)).toBe(h);
      expect(nightlyHour(String(h))).toBe(h);
    }
  });

  it('refuses anything else with what is accepted', () => {
    for (const bad of [-1, 24, 3.5, Number.NaN, '', 'five', null, undefined, true, {}]) {
      expect(() => nightlyHour(bad)).toThrow(/0 to 23/);
    }
  });
});

describe('the nightly outcome', () => {
  it('is ok when every tab refreshed, and counts them', () => {
    const tabs = [tab('Summary'), tab('Books'), tab('KENP')];
    const run = runFromRefresh({ startedAt: at, finishedAt: at, tabs }, at);
    expect(run.ok).toBe(true);
    expect(run.at).toBe(at);
    expect(run).toEqual({ at, ok: true, message: `Refreshed ${tabs.length} tabs.` });
  });

  it('fails when any tab failed, naming each failed tab with its reason', () => {
    const tabs = [tab('Summary'), tab('Books', { error: 'The API did not answer.' }), tab('KENP')];
    const run = runFromRefresh({ startedAt: at, finishedAt: at, tabs }, at);
    expect(run.ok).toBe(false);
    // "1 of 3" says the other 2 were refreshed: no sentence says it again.
    expect(run.message).toBe('1 of 3 tabs failed. Books: The API did not answer.');
  });

  it('names a failed tab that has no sheet yet by its title, never its id', () => {
    const tabs = [tab('Books', { sheetName: null, error: 'The API did not answer.' }), tab('KENP')];
    const run = runFromRefresh({ startedAt: at, finishedAt: at, tabs }, at);
    expect(run.message).toContain('Books: The API did not answer.');
    expect(run.message).not.toContain('books-report');
  });

  it('mentions truncated tabs and the remedy', () => {
    const message = refreshMessage({
      startedAt: at,
      finishedAt: at,
      tabs: [tab('Timeline', { truncated: true })],
    });
    expect(message).toContain('Timeline');
    expect(message).toContain('shorter period');
  });

  it('says what to do when re-authorisation is needed, and when the refresh threw', () => {
    expect(failedRun(at, REAUTHORISE_MESSAGE)).toEqual({ at, ok: false, message: REAUTHORISE_MESSAGE });
    expect(REAUTHORISE_MESSAGE).toMatch(/Open Extensions ▸ .+ to re-authorise it\./);
    const failed = failedRun(at, `${NIGHT_FAILED}No API key is saved.`);
    expect(failed.ok).toBe(false);
    expect(failed.message).toBe('The nightly refresh failed: No API key is saved.');
  });

  it('survives the round trip through document properties, within 9 KB', () => {
    const outcome = fc.record({
      tab: fc.constantFrom(...TAB_CHOICES),
      sheetName: fc.option(fc.string({ maxLength: 30 })),
      rows: fc.option(fc.nat()),
      truncated: fc.boolean(),
      // Any Unicode, not only ASCII: Google's 9 KB counts UTF-8 bytes, up to four a character.
      error: fc.option(fc.string({ maxLength: 2000, unit: 'binary' })),
    });
    const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 13 }), (tabs) => {
        const run = runFromRefresh({ startedAt: at, finishedAt: at, tabs }, at);
        const stored = nightlyRunToStored(run);
        expect(bytes(stored)).toBeLessThanOrEqual(MAX_STORED_BYTES);
        const back = nightlyRunFromStored(stored);
        expect(back?.ok).toBe(run.ok);
        expect(back?.at).toBe(at);
        if (bytes(JSON.stringify(run)) <= MAX_STORED_BYTES - 100) expect(back).toEqual(run);
        else expect(back?.message.endsWith('…')).toBe(true);
      }),
    );
    // The case that matters is produced: thirteen long messages in a script of two-byte letters.
    const long = TAB_CHOICES.map((id) => ({
      tab: id,
      sheetName: null,
      rows: null,
      truncated: false,
      error: 'д'.repeat(2000),
    }));
    const run = runFromRefresh({ startedAt: at, finishedAt: at, tabs: long }, at);
    expect(bytes(run.message)).toBeGreaterThan(9 * 1024);
    expect(bytes(nightlyRunToStored(run))).toBeLessThanOrEqual(MAX_STORED_BYTES);
  });

  it('reads a missing or damaged record as no record', () => {
    expect(nightlyRunFromStored(null)).toBeNull();
    expect(nightlyRunFromStored('{not json')).toBeNull();
    expect(nightlyRunFromStored(JSON.stringify({ at: 1, ok: 'yes' }))).toBeNull();
  });
});
