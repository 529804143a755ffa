// A formula cell's run from plain inputs: every port a plain object that records each call it gets, the
// client over a fake UrlFetchApp, the document cache a fake shared by the cells of one test.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/core/api/index.ts';
import { answerFormula, type FormulaPorts } from '../../../src/core/flows/formula-run.ts';
import {
  ACCESS_ON,
  FORMULA_ACCESS_OFF,
  formulaAccessProperty,
  NO_KEY_FOR_FORMULAS,
} from '../../../src/core/formulas/index.ts';
import type { HttpRequest } from '../../../src/core/ports.ts';
import { FakeCache, FakeClock, FakeHttp, json, nodeDigest } from '../../support/fake-ports.ts';
import { BASE, KEY, target } from '../api/support.ts';

const SHEET_ID = 'sheet-1';

interface Owner {
  readonly allows?: boolean;
  readonly key?: boolean;
  /** The owner's properties refuse to be read, as Google words a permission the owner did not grant. */
  readonly refused?: boolean;
}

/** One spreadsheet: its cache, clock and API, shared by every cell run in it. */
function spreadsheet() {
  const clock = new FakeClock();
  const cache = new FakeCache(clock);
  const http = new FakeHttp((request: HttpRequest) => {
    const { path } = target(request);
    if (path === '/summary')
      return json(200, { rows: [{ metric: 'royalties', value: 12.5 }] }, { 'cache-control': 'max-age=600' });
    return json(200, { rows: [{ date: '2026-11-01', royalties: 1 }] }, { 'cache-control': 'max-age=600' });
  });
  /** One cell's run; `calls` names each port it asked, in order. */
  function cell(name: 'ROYALTIES_SUMMARY' | 'ROYALTIES_TIMELINE', args: unknown[], owner: Owner = {}) {
    const calls: string[] = [];
    const ports: FormulaPorts = {
      clock,
      documentCache: () => {
        calls.push('documentCache');
        return cache;
      },
      storedSettings: () => {
        calls.push('storedSettings');
        return null;
      },
      openSpreadsheet: () => {
        calls.push('openSpreadsheet');
        return { id: () => SHEET_ID, zone: () => 'Europe/Paris' };
      },
      owner: () => {
        calls.push('owner');
        if (owner.refused) {
          throw new Error(
            'You do not have permission to call PropertiesService.getUserProperties. Required permissions: https://www.googleapis.com/auth/script.storage',
          );
        }
        const properties: Record<string, string> =
          owner.allows === false ? {} : { [formulaAccessProperty(SHEET_ID)]: ACCESS_ON };
        return {
          property: (key) => properties[key] ?? null,
          key: owner.key === false ? null : { apiKey: KEY, fingerprint: 'fp-1' },
        };
      },
      client: (options) => {
        calls.push('client');
        return createApiClient({
          baseUrl: BASE,
          apiKey: options.apiKey,
          keyFingerprint: options.keyFingerprint,
          generation: options.generation,
          http,
          clock,
          digest: nodeDigest,
          deadline: clock.now() + options.budgetMs,
          cache: options.cache,
        });
      },
      lock: () => {
        calls.push('lock');
        return { tryLock: () => true, releaseLock: () => undefined };
      },
      offsetInZone: () => {
        calls.push('offsetInZone');
        return () => 60;
      },
    };
    let result: unknown;
    let error: string | undefined;
    try {
      result = answerFormula(name, args, ports);
    } catch (err) {
      error = (err as Error).message;
    }
    return { calls, result, error };
  }
  return { cell, http, cache };
}

describe("a formula cell's run", () => {
  it('asks the owner, fetches once and keeps its answer; the next cell shows it from the cache alone', () => {
    const sheet = spreadsheet();
    const first = sheet.cell('ROYALTIES_SUMMARY', ['last_30_days', 'USD']);
    expect(first.error).toBeUndefined();
    expect(JSON.stringify(first.result)).toContain('12.5');
    // The allowance (under the spreadsheet's id) is read after the cache's look, before the claim.
    expect(first.calls).toEqual(['documentCache', 'owner', 'client', 'openSpreadsheet', 'lock']);
    expect(sheet.http.requests).toHaveLength(1);

    const again = sheet.cell('ROYALTIES_SUMMARY', ['last_30_days', 'USD']);
    expect(again.result).toEqual(first.result);
    // A recalculated cell: the document cache and one read of it, nothing more.
    expect(again.calls).toEqual(['documentCache']);
    expect(sheet.http.requests).toHaveLength(1);
  });

  it('reads the settings only for an argument left to them, and dates ask the zone once', () => {
    const sheet = spreadsheet();
    const dated = sheet.cell('ROYALTIES_TIMELINE', []);
    expect(dated.error).toBeUndefined();
    expect(dated.calls).toContain('storedSettings');
    expect(dated.calls.filter((call) => call === 'offsetInZone')).toHaveLength(1);
    expect(dated.result).toContainEqual(expect.arrayContaining([expect.any(Date)]));
  });

  it('refuses before any request when the owner has not allowed formulas', () => {
    const sheet = spreadsheet();
    const refused = sheet.cell('ROYALTIES_SUMMARY', ['last_30_days', 'USD'], { allows: false });
    expect(refused.error).toBe(FORMULA_ACCESS_OFF);
    expect(refused.calls).not.toContain('lock');
    expect(sheet.http.requests).toHaveLength(0);
  });

  it('says the owner has no key, once the allowance holds', () => {
    const sheet = spreadsheet();
    expect(sheet.cell('ROYALTIES_SUMMARY', ['last_30_days', 'USD'], { key: false }).error).toBe(
      NO_KEY_FOR_FORMULAS,
    );
    // No allowance and no key: the allowance speaks first.
    expect(
      sheet.cell('ROYALTIES_SUMMARY', ['last_30_days', 'USD'], { key: false, allows: false }).error,
    ).toBe(FORMULA_ACCESS_OFF);
    expect(sheet.http.requests).toHaveLength(0);
  });

  it("says where the owner grants a permission, never Google's words", () => {
    const refused = spreadsheet().cell('ROYALTIES_SUMMARY', ['last_30_days', 'USD'], { refused: true });
    expect(refused.error).toMatch(/^Formulas need the owner's permission/);
    expect(refused.error).not.toContain('You do not have permission');
  });
});
