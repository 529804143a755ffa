// Saving a key from plain inputs: the client over a fake UrlFetchApp, the store a list of what was stored.
import { describe, expect, it } from 'vitest';
import { SAVE_KEY_HERE } from '../../../src/core/base/phrases.ts';
import { saveKey } from '../../../src/core/flows/key-save.ts';
import type { HttpOutcome } from '../../../src/core/ports.ts';
import { json } from '../../support/fake-ports.ts';
import { KEY, makeClient, target } from '../api/support.ts';

/** Saves `value` against an API answering /account with `answer`. */
function save(value: unknown, answer: HttpOutcome) {
  const stored: string[] = [];
  const asked: { path: string; budgetMs: number }[] = [];
  let error: string | undefined;
  let account: unknown;
  try {
    account = saveKey(value, {
      client: (apiKey, budgetMs) => {
        const { client, http } = makeClient(() => answer, { apiKey });
        return {
          ...client,
          fetch: (request, options) => {
            const response = client.fetch(request, options);
            asked.push(...http.requests.map((r) => ({ path: target(r).path, budgetMs })));
            return response;
          },
        };
      },
      storeKey: (apiKey) => stored.push(apiKey),
    });
  } catch (err) {
    error = (err as Error).message;
  }
  return { stored, asked, error, account };
}

const ACCOUNT = json(200, { account: { name: 'Jo Author' }, platforms: [{ name: 'KDP', connected: true }] });

describe('saving a key', () => {
  it('asks /account with the key, then stores it and hands back the account, the key masked', () => {
    const saved = save(`  ${KEY} `, ACCOUNT);
    expect(saved.error).toBeUndefined();
    expect(saved.asked).toEqual([{ path: '/account', budgetMs: 20_000 }]);
    expect(saved.stored).toEqual([KEY]);
    expect(JSON.stringify(saved.account)).not.toContain(KEY);
  });

  it('refuses a key of the wrong shape before anything is asked', () => {
    const saved = save('not a key', ACCOUNT);
    expect(saved.error).toBeDefined();
    expect(saved.asked).toEqual([]);
    expect(saved.stored).toEqual([]);
  });

  it('stores nothing the API refuses, and says to paste a key here', () => {
    const saved = save(KEY, json(401, { error: { code: 'unauthorized', message: 'bad key' } }));
    expect(saved.error).toContain(SAVE_KEY_HERE);
    expect(saved.stored).toEqual([]);
  });

  it('stores nothing when the answer holds no account', () => {
    const saved = save(KEY, json(200, {}));
    expect(saved.error).toBeDefined();
    expect(saved.stored).toEqual([]);
  });
});
