// Which route `npm run push` sends and the projects it refuses, as plain functions (clasp never runs).
import { describe, expect, it } from 'vitest';
import { ADDON_SCOPE, type Manifest } from '../../local/build/manifest.ts';
import { pushLine, pushRouteNote, pushRouteProblem } from '../../local/build/push-route.ts';

const BOUND = { scriptId: 'script-1', rootDir: 'dist', parentId: 'sheet-1' };
const NO_PARENT = { scriptId: 'script-2', rootDir: 'dist' };
const boundManifest: Manifest = { oauthScopes: ['https://www.googleapis.com/auth/spreadsheets.currentonly'] };
const addonManifest: Manifest = { oauthScopes: [...(boundManifest.oauthScopes ?? []), ADDON_SCOPE] };

describe('pushRouteProblem', () => {
  it('refuses the add-on build into a project bound to a spreadsheet (parentId, a string or a list)', () => {
    expect(pushRouteProblem(BOUND, 'addon')).toMatch(/bound to a spreadsheet \(parentId\)/);
    expect(pushRouteProblem({ ...BOUND, parentId: ['sheet-1'] }, 'addon')).toMatch(/parentId/);
    expect(pushRouteProblem(BOUND, 'addon', addonManifest)).toMatch(/parentId/);
  });

  it('lets the bound build into a bound project, and the add-on build into one with no parentId', () => {
    expect(pushRouteProblem(BOUND, 'bound', boundManifest)).toBeNull();
    expect(pushRouteProblem(NO_PARENT, 'addon', addonManifest)).toBeNull();
    expect(pushRouteProblem({ ...NO_PARENT, parentId: [] }, 'addon')).toBeNull();
    expect(pushRouteProblem({ ...NO_PARENT, parentId: '' }, 'addon')).toBeNull();
  });

  it('refuses a built manifest of the other route than the one asked for', () => {
    expect(pushRouteProblem(NO_PARENT, 'addon', boundManifest)).toMatch(/dist\/ holds the bound build/);
    expect(pushRouteProblem(BOUND, 'bound', addonManifest)).toMatch(
      /dist\/ holds the installed add-on build/,
    );
  });
});

describe('what push says', () => {
  it('names the route and where it goes', () => {
    expect(pushLine(BOUND, 'bound')).toBe(
      'Pushing the bound build (a script bound to your spreadsheet: spreadsheets.currentonly) to the script bound to spreadsheet sheet-1.',
    );
    expect(pushLine(NO_PARENT, 'addon')).toBe(
      'Pushing the installed add-on build (ROYALTIES_ROUTE=addon: the full spreadsheets scope) to script script-2.',
    );
  });

  it('points out a bound build into a project whose kind cannot be told, and nothing else', () => {
    expect(pushRouteNote(NO_PARENT, 'bound')).toMatch(/cannot be told/);
    expect(pushRouteNote(BOUND, 'bound')).toBeNull();
    expect(pushRouteNote(NO_PARENT, 'addon')).toBeNull();
  });
});
