// The listing kit in marketplace/ against the Marketplace's rules: every picture a PNG of its exact size (read
// from the IHDR header), every text within its limit, the listing's scopes those of the add-on build's manifest
// (and of docs/permissions.md's table when it is there), the verification answers written from the same list.
// And the checks bite: a resized icon, or a scope added to the manifest alone, is a named problem.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';
import { buildManifest, type Manifest } from '../../local/build/manifest.ts';
import { withChromium } from '../../local/chromium.ts';
import { kitProblems, pngSize } from '../../local/marketplace/check.ts';
import { KIT, listingScopes, scopeEntries } from '../../local/marketplace/kit.ts';
import { VERIFICATION, verificationText } from '../../local/marketplace/verification.ts';

const source = JSON.parse(readFileSync(path.join(ROOT, 'appsscript.json'), 'utf8')) as Manifest;
const addonScopes = (manifest = source) =>
  buildManifest(manifest, 'https://api.example.com/v1', 'addon').oauthScopes ?? [];
const PERMISSIONS = path.join(ROOT, 'docs/permissions.md');
const consentTable = existsSync(PERMISSIONS) ? readFileSync(PERMISSIONS, 'utf8') : undefined;

const work = mkdtempSync(path.join(tmpdir(), 'listing-kit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the Marketplace listing kit', () => {
  it('meets every rule: pictures, texts, scopes', () => {
    expect(kitProblems(KIT, addonScopes(), listingScopes('addon'), consentTable)).toEqual([]);
    expect(pngSize(path.join(KIT, 'art/icon-32.png'))).toEqual({ width: 32, height: 32 });
    expect(pngSize(path.join(KIT, 'screenshots/2-dashboard.png'))).toEqual({ width: 1280, height: 800 });
  });

  it('names for each scope of each build the feature, what the author sees, why no narrower and a demo shot', () => {
    const bound = buildManifest(source, 'https://api.example.com/v1', 'bound').oauthScopes ?? [];
    expect(listingScopes('bound').sort()).toEqual([...bound].sort());
    expect(scopeEntries().length).toBeGreaterThan(0);
    for (const entry of scopeEntries()) {
      for (const field of ['feature', 'authorSees', 'whyNoNarrower', 'demoShot'] as const)
        expect(entry[field].length, `${entry.scope} ${field}`).toBeGreaterThan(10);
    }
    expect(readFileSync(VERIFICATION, 'utf8')).toBe(verificationText(scopeEntries()));
  });

  it('a resized icon is a named problem', async () => {
    const kit = path.join(work, 'resized');
    cpSync(KIT, kit, { recursive: true });
    await withChromium({ width: 48, height: 48 }, async (context) => {
      const page = await context.newPage();
      await page.setContent('<body style="margin:0;background:#188038"></body>');
      await page.screenshot({ path: path.join(kit, 'art/icon-32.png') });
    });
    expect(kitProblems(kit, addonScopes(), listingScopes('addon'))).toEqual([
      'marketplace/art/icon-32.png is 48×48, not 32×32.',
    ]);
  });

  it('a scope added to the manifest alone is a named problem', () => {
    const wider = {
      ...source,
      oauthScopes: [...(source.oauthScopes ?? []), 'https://www.googleapis.com/auth/drive'],
    };
    expect(kitProblems(KIT, addonScopes(wider), listingScopes('addon'))).toEqual([
      'The add-on manifest asks for https://www.googleapis.com/auth/drive, which the listing does not name.',
    ]);
  });
});
