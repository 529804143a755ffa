// The sidebar's server calls from plain inputs: the client over a fake UrlFetchApp, the stores plain maps.
import { describe, expect, it } from 'vitest';
import * as server from '../../../src/core/flows/sidebar-server.ts';
import type { HttpOutcome, HttpRequest } from '../../../src/core/ports.ts';
import { DEFAULT_SETTINGS, type RoyaltiesSettings } from '../../../src/core/settings.ts';
import { json } from '../../support/fake-ports.ts';
import { makeClient, target } from '../api/support.ts';

function api(answer: (request: HttpRequest) => HttpOutcome) {
  const asked: string[] = [];
  const client = () =>
    makeClient((request) => {
      asked.push(target(request).path);
      return answer(request);
    }).client;
  return { client, asked };
}

function save(input: unknown, answer: HttpOutcome, key: string | null = 'rfs_key') {
  const { client, asked } = api(() => answer);
  const stored: RoyaltiesSettings[] = [];
  const run = () =>
    server.saveSettings(input, {
      apiKey: () => key,
      storedSettings: () => DEFAULT_SETTINGS,
      client,
      store: (settings) => stored.push(settings),
    });
  return { run, asked, stored };
}

const REFUSED = json(400, { error: { code: 'bad_request', message: 'Unknown currency: XYZ' } });

describe("the sidebar's settings", () => {
  it("tries a changed currency with the API and refuses it in the API's own words, storing nothing", () => {
    const saving = save({ ...DEFAULT_SETTINGS, currency: 'XYZ' }, REFUSED);
    expect(saving.run).toThrow('Unknown currency: XYZ');
    expect(saving.asked).toEqual(['/summary']);
    expect(saving.stored).toEqual([]);
  });

  it('asks nothing when period and currency stay, nor without a key, and stores the settings', () => {
    const same = save({ ...DEFAULT_SETTINGS, tabs: ['summary'] }, REFUSED);
    expect(same.run().tabs).toEqual(['summary']);
    expect(same.asked).toEqual([]);
    const noKey = save({ ...DEFAULT_SETTINGS, currency: 'EUR' }, REFUSED, null);
    noKey.run();
    expect(noKey.stored).toHaveLength(1);
  });

  it('stores a change the API cannot check now: an API that cannot answer refuses nothing', () => {
    const saving = save({ ...DEFAULT_SETTINGS, currency: 'EUR' }, json(503, {}));
    expect(saving.run().currency).toBe('EUR');
    expect(saving.stored).toHaveLength(1);
  });
});

function state(setup: { key?: string | null; owner?: boolean; missing?: string[]; account?: HttpOutcome }) {
  const { client, asked } = api(() => setup.account ?? json(200, { account: { name: 'Jo' }, platforms: [] }));
  const askedFor: string[][] = [];
  const user = { getProperty: (key: string) => (key === 'royalties.folds' ? '{"alerts":true}' : null) };
  const port: server.SidebarStatePort<typeof user, object> = {
    missingPermissions: () =>
      (setup.missing ?? []).map((feature) => ({ feature, scopes: [], line: feature }) as never),
    askFor: (features) => void askedFor.push([...features]),
    userValues: () => user,
    documentValues: () => ({}),
    apiKey: () => (setup.key === undefined ? 'rfs_key' : setup.key),
    client,
    now: () => Date.parse('2026-11-21T08:00:00Z'),
    isOwner: () => setup.owner ?? true,
    formulaAccessOn: () => true,
    stoppedRefresh: () => undefined,
    parts: () => ({}) as ReturnType<server.SidebarStatePort<typeof user, object>['parts']>,
  };
  return { state: () => server.sidebarState(port), asked, askedFor };
}

describe("the sidebar's state", () => {
  it('reads the account with the key, and what this user keeps open', () => {
    const { state: read, asked } = state({});
    const shown = read();
    expect(shown).toMatchObject({ keySaved: true, accountError: null, isOwner: true, formulaAccess: true });
    expect(shown.account).not.toBeNull();
    expect(shown.folds).toEqual({ alerts: true });
    expect(asked).toEqual(['/account']);
  });

  it("says why the account could not be read; without a key, neither; an editor's formula access unknown", () => {
    const failing = state({
      account: json(401, { error: { code: 'unauthorized', message: 'Key revoked' } }),
    });
    expect(failing.state()).toMatchObject({ account: null });
    expect(failing.state().accountError).toBeTruthy();
    const none = state({ key: null, owner: false });
    expect(none.state()).toMatchObject({
      keySaved: false,
      account: null,
      accountError: null,
      formulaAccess: null,
    });
    expect(none.asked).toEqual([]);
  });

  it("asks for the spreadsheet's own permission first when it is missing", () => {
    const { state: read, askedFor } = state({ missing: ['spreadsheet', 'email'] });
    read();
    expect(askedFor).toEqual([['spreadsheet']]);
    expect(state({ missing: ['email'] }).askedFor).toEqual([]);
  });

  it('keeps what the sidebar sends of its folds within what a property should hold', () => {
    const saved: string[] = [];
    server.saveFolds({ long: 'x'.repeat(600) }, (_, text) => saved.push(text));
    server.saveFolds(undefined, (key, text) => saved.push(`${key}=${text}`));
    expect(saved[0]).toHaveLength(500);
    expect(saved[1]).toBe('royalties.folds={}');
  });
});
