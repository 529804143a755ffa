// saveApiKey / useDemoKey / removeApiKey through the real built add-on, in the emulator, against the
// demo API over real HTTP.
// Each test starts an add-on of its own, with the keys it needs saved, on a demo API shared by the file.
import { describe, expect, it, onTestFinished } from 'vitest';
import { accountView } from '../../src/core/api/index.ts';
import type { SidebarState } from '../../src/core/flows/sidebar-state.ts';
import { type AddOn, startAddOn, useDemoApi } from '../support/addon.ts';
import { TEST_SETTINGS } from '../support/bundles.ts';
import { expectNoKeyLeak } from '../support/leaks.ts';
import { direct } from './support.ts';

const AUTHOR_KEY = 'rfs_live_Au7hor0000000000secretpart';
const UNKNOWN_KEY = 'rfs_live_Nobody000000000000secretpart';

const demoApi = useDemoApi({ accounts: [{ key: AUTHOR_KEY, name: 'My sheet', reportingCurrency: 'EUR' }] });

/** A fresh add-on, no key saved, on the shared API with no faults and an empty request log; when the test
 * ends, no key leaked anywhere and none went into a URL. */
async function freshAddOn(): Promise<AddOn> {
  const api = demoApi();
  await api.clearFaults();
  await api.clearRequests();
  const addOn = await startAddOn({ api });
  onTestFinished(async () => {
    try {
      for (const key of [AUTHOR_KEY, UNKNOWN_KEY, api.demoKey]) expectNoKeyLeak(addOn.emulator, key);
      expect((await api.requests()).filter((r) => r.keyInUrl)).toEqual([]);
    } finally {
      await addOn.close();
    }
  });
  return addOn;
}

function storedKeys(addOn: AddOn, user: string): string[] {
  return Object.values(addOn.emulator.properties.user(user)).filter((v) => v.startsWith('rfs_'));
}

describe('saveApiKey', () => {
  it('checks the key with GET /account, stores it, and returns the account for the sidebar', async () => {
    const addOn = await freshAddOn();
    const before = addOn.emulator.stats.http().length;
    const view = addOn.saveApiKeyFor(addOn.emulator.owner, addOn.api.demoKey);
    const { body } = await direct(addOn.api, addOn.api.demoKey, '/account');
    // last_used_at moves with every call; everything the sidebar shows is stable.
    expect(view).toEqual(accountView(body, addOn.api.demoKey));
    expect(view.isDemo).toBe(true);
    expect(view.keyStart?.endsWith('…')).toBe(true);
    expect(addOn.api.demoKey.startsWith(view.keyStart!.slice(0, -1))).toBe(true);
    expect(view.platforms.length).toBeGreaterThan(0);
    const calls = addOn.emulator.stats.http().slice(before);
    expect(calls.map((c) => [c.method.toUpperCase(), new URL(c.url).pathname, c.status])).toEqual([
      ['GET', '/v1/account', 200],
    ]);
    expect(storedKeys(addOn, addOn.emulator.owner)).toEqual([addOn.api.demoKey]);
  });

  it("stores each user's key in their own properties", async () => {
    const addOn = await freshAddOn();
    addOn.saveApiKeyFor(addOn.emulator.owner, addOn.api.demoKey);
    const [editor] = addOn.emulator.editors;
    const view = addOn.saveApiKeyFor(editor, `  ${AUTHOR_KEY}\n`);
    expect(view.isDemo).toBe(false);
    expect(view.reportingCurrency).toBe('EUR');
    expect(view.keyName).toBe('My sheet');
    expect(storedKeys(addOn, editor!)).toEqual([AUTHOR_KEY]);
    expect(storedKeys(addOn, addOn.emulator.owner)).toEqual([addOn.api.demoKey]);
  });

  it('never stores a key the API rejects, and says where to get one', async () => {
    const addOn = await freshAddOn();
    const owner = addOn.emulator.owner;
    addOn.saveApiKeyFor(owner, addOn.api.demoKey);
    const kept = storedKeys(addOn, owner);
    expect(kept).toEqual([addOn.api.demoKey]);
    await addOn.api.clearRequests();
    expect(() => addOn.saveApiKeyFor(owner, UNKNOWN_KEY)).toThrow(/refused the API key.*Settings ▸ API/);
    expect(storedKeys(addOn, owner)).toEqual(kept);
    const log = await addOn.api.requests();
    expect(log.map((r) => [r.path, r.status, r.keySent])).toEqual([['/account', 401, true]]);
  });

  it('asks the API each time, even with the account in the cache: a key refused since is not saved again', async () => {
    const addOn = await freshAddOn();
    const [editor] = addOn.emulator.editors;
    addOn.saveApiKeyFor(editor, AUTHOR_KEY);
    addOn.emulator.run('removeApiKey', [], { as: editor });
    await addOn.api.setFaults('/account', { statuses: [401] });
    await addOn.api.clearRequests();
    expect(() => addOn.saveApiKeyFor(editor, AUTHOR_KEY)).toThrow(/refused the API key/);
    expect((await addOn.api.requests()).map((r) => r.status)).toEqual([401]);
    expect(storedKeys(addOn, editor!)).toEqual([]);
  });

  it('leaves the account where the sidebar reloading right after reads it, with no second request', async () => {
    const addOn = await freshAddOn();
    const view = addOn.saveApiKeyFor(addOn.emulator.owner, addOn.api.demoKey);
    await addOn.api.clearRequests();
    const state = addOn.emulator.run<SidebarState>('getSidebarState');
    expect(await addOn.api.requests()).toEqual([]);
    expect(state.account).toMatchObject({ keyName: view.keyName, reportingCurrency: view.reportingCurrency });
  });

  it('refuses a malformed key before any request', async () => {
    const addOn = await freshAddOn();
    const before = addOn.emulator.stats.http().length;
    for (const bad of ['', '   ', 'rfs_live_ab 12', `rfs_live_${'x'.repeat(300)}`]) {
      expect(() => addOn.saveApiKeyFor(addOn.emulator.owner, bad)).toThrow(/API key/);
    }
    expect(addOn.emulator.stats.http().length).toBe(before);
  });

  it('retries a failing /account and stores the key once it answers', async () => {
    const addOn = await freshAddOn();
    await addOn.api.setFaults('/account', { statuses: [503, { status: 429, retryAfter: 2 }] });
    const [editor] = addOn.emulator.editors;
    const start = addOn.emulator.clock.now();
    await addOn.api.clearRequests();
    expect(addOn.saveApiKeyFor(editor, AUTHOR_KEY).isDemo).toBe(false);
    expect((await addOn.api.requests()).map((r) => r.status)).toEqual([503, 429, 200]);
    expect(addOn.emulator.clock.now() - start).toBeGreaterThanOrEqual(2000);
  });

  it('keeps the old key when the API cannot be asked', async () => {
    const addOn = await freshAddOn();
    const [editor] = addOn.emulator.editors;
    addOn.saveApiKeyFor(editor, AUTHOR_KEY);
    await addOn.api.setFaults('/account', { statuses: [500, 500, 500, 500] });
    expect(() => addOn.saveApiKeyFor(editor, addOn.api.demoKey)).toThrow(/server error \(500\)/);
    expect(storedKeys(addOn, editor!)).toEqual([AUTHOR_KEY]);
  });
});

describe('useDemoKey and removeApiKey', () => {
  it('useDemoKey stores the build demo key after the same check', async () => {
    const addOn = await freshAddOn();
    const [editor] = addOn.emulator.editors;
    const view = addOn.emulator.run<ReturnType<typeof accountView>>('useDemoKey', [], { as: editor });
    expect(view.isDemo).toBe(true);
    expect(storedKeys(addOn, editor!)).toEqual([TEST_SETTINGS.demoKey]);
  });

  it("removeApiKey forgets the acting user's key only", async () => {
    const addOn = await freshAddOn();
    const [editor] = addOn.emulator.editors;
    addOn.saveApiKeyFor(addOn.emulator.owner, addOn.api.demoKey);
    addOn.saveApiKeyFor(editor, AUTHOR_KEY);
    addOn.emulator.run('removeApiKey', [], { as: editor });
    expect(storedKeys(addOn, editor!)).toEqual([]);
    expect(storedKeys(addOn, addOn.emulator.owner)).toEqual([addOn.api.demoKey]);
  });
});
