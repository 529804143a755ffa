// A build for each route: ROYALTIES_ROUTE=addon adds the full spreadsheets scope and compiles the route
// into the bundle; the bound build (the default) is the build as it was, byte for byte.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../local/build/build.ts';
import { temporaryDir } from '../../local/build/harness.ts';
import { ADDON_SCOPE, type Manifest, routeOfManifest } from '../../local/build/manifest.ts';
import { routeFrom, settingsFromEnv } from '../../local/build/settings.ts';

async function built(env: NodeJS.ProcessEnv): Promise<Map<string, string>> {
  const dir = await temporaryDir('rfs-route-');
  await build(settingsFromEnv(env), dir);
  return new Map(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
}

const manifestOf = (files: Map<string, string>) => JSON.parse(files.get('appsscript.json')!) as Manifest;

describe('ROYALTIES_ROUTE', () => {
  it('bound is the default build, byte for byte; addon adds only the spreadsheets scope to the manifest', async () => {
    const [byDefault, bound, addon] = await Promise.all([
      built({}),
      built({ ROYALTIES_ROUTE: 'bound' }),
      built({ ROYALTIES_ROUTE: 'addon' }),
    ]);
    expect([...bound.keys()].sort()).toEqual([...byDefault.keys()].sort());
    expect([...byDefault.keys()]).toContain('Code.js');
    for (const [name, text] of byDefault) expect(bound.get(name), name).toBe(text);
    expect(manifestOf(bound).oauthScopes).toContain(
      'https://www.googleapis.com/auth/spreadsheets.currentonly',
    );
    expect(manifestOf(bound).oauthScopes).not.toContain(ADDON_SCOPE);
    expect(routeOfManifest(manifestOf(bound))).toBe('bound');
    const { oauthScopes, ...rest } = manifestOf(addon);
    const { oauthScopes: boundScopes, ...boundRest } = manifestOf(bound);
    expect(rest).toEqual(boundRest);
    expect(oauthScopes).toEqual([...(boundScopes ?? []), ADDON_SCOPE]);
    expect(routeOfManifest(manifestOf(addon))).toBe('addon');
    // The route is compiled in: the add-on's bundle opens the spreadsheet by id where the bound one cannot.
    expect(addon.get('Code.js')).not.toBe(bound.get('Code.js'));
    // …and only there: the bound bundle carries none of the add-on's paths (esbuild drops them).
    expect(addon.get('Code.js')).toContain('.openById(');
    expect(bound.get('Code.js')).not.toContain('.openById(');
    expect(bound.get('Code.js')!.length).toBeLessThan(addon.get('Code.js')!.length);
    expect(addon.get('Sidebar.html')).toBe(bound.get('Sidebar.html'));
  });

  it('refuses a route it does not know', () => {
    expect(routeFrom(undefined)).toBe('bound');
    expect(routeFrom(' addon ')).toBe('addon');
    expect(() => routeFrom('standalone')).toThrow(
      'ROYALTIES_ROUTE must be "bound" or "addon", not "standalone".',
    );
  });
});
