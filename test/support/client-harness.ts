// Entry of a small test-only bundle (see bundles.ts) that runs the real platform client (UrlFetchApp,
// CacheService, Utilities) inside the emulator, so every endpoint and fault can be exercised through
// Apps Script's services before the custom functions exist. Never part of dist/.
import type { AccountView, ApiOutcome, ApiRequest } from '../../src/core/api/index.ts';
import { saveApiKey as saveKey } from '../../src/platform/account.ts';
import { platformClient } from '../../src/platform/api.ts';
import type { CacheChoice } from '../../src/platform/cache.ts';
import { platformDigest } from '../../src/platform/digest.ts';
import { keyStore } from '../../src/platform/key-store.ts';

export interface HarnessCall {
  readonly requests: readonly ApiRequest[];
  readonly budgetMs?: number;
  readonly cache?: CacheChoice;
  readonly cacheTtlSeconds?: number;
  /** A fixed jitter value in [0, 1), so backoff waits are known. */
  readonly random?: number;
  /** Spend emulated time first (Utilities.sleep), e.g. to leave a hanging request little budget. */
  readonly sleepFirstMs?: number;
}

/** What the harness returns per request: plain data, as google.script.run would pass it. */
export type HarnessOutcome =
  | {
      ok: true;
      response: {
        data: unknown;
        fromCache: boolean;
      };
    }
  | {
      ok: false;
      error: { kind: string; message: string; status?: number; retryAfterSeconds?: number; attempts: number };
    };

function plain(outcome: ApiOutcome): HarnessOutcome {
  if (outcome.ok) return { ok: true, response: { ...outcome.response } };
  const { kind, message, status, retryAfterSeconds, attempts } = outcome.error;
  return {
    ok: false,
    error: {
      kind,
      message,
      attempts,
      ...(status === undefined ? {} : { status }),
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    },
  };
}

/** The add-on's own saveApiKey, so startAddOn's saveApiKeyFor works on the harness too. */
export function saveApiKey(key: string): AccountView {
  return saveKey(key);
}

/** Sheets' cell limit: the JSON answer comes back as a column of cells of at most this many characters,
 *  as a custom function's answer must (the emulator refuses a longer cell, as Sheets does). */
const CELL_CHARACTERS = 50_000;

export function fetchMany(callJson: string): string[][] {
  const call = JSON.parse(callJson) as HarnessCall;
  if (call.sleepFirstMs) Utilities.sleep(call.sleepFirstMs);
  const apiKey = keyStore.get();
  if (apiKey === null) throw new Error('No API key saved: call saveApiKey first.');
  const { random } = call;
  const client = platformClient({
    apiKey,
    budgetMs: call.budgetMs ?? 25_000,
    cache: call.cache ?? 'document',
    ...(call.cacheTtlSeconds === undefined ? {} : { cacheTtlSeconds: call.cacheTtlSeconds }),
    ...(random === undefined ? {} : { random: () => random }),
  });
  const json = JSON.stringify(client.fetchMany(call.requests).map(plain));
  const column: string[][] = [];
  for (let i = 0; i < json.length; i += CELL_CHARACTERS) column.push([json.slice(i, i + CELL_CHARACTERS)]);
  return column;
}

/** The digest adapter over Utilities.computeDigest (signed bytes), for comparison with Node's SHA-256. */
export function sha256Hex(text: string): string {
  return platformDigest.sha256Hex(text);
}
