// The Marketplace listing kit kept in marketplace/: its scope list (scopes.json) and texts (listing.json and
// the detailed description), read as data so the release, the asset test and the docs agree on one list.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../build/build.ts';
import type { Route } from '../build/settings.ts';

export const KIT = path.join(ROOT, 'marketplace');

/** Every picture the listing needs, with its size: drawn by npm run icons, checked by the asset test. */
export const ART = [
  { file: 'art/icon-128.png', width: 128, height: 128 },
  { file: 'art/icon-32.png', width: 32, height: 32 },
  { file: 'art/card-banner-220x140.png', width: 220, height: 140 },
] as const;

export interface ScopeEntry {
  readonly scope: string;
  readonly builds: readonly Route[];
  readonly feature: string;
  readonly authorSees: string;
  readonly whyNoNarrower: string;
  readonly demoShot: string;
}

export function scopeEntries(kit = KIT): ScopeEntry[] {
  return (JSON.parse(readFileSync(path.join(kit, 'scopes.json'), 'utf8')) as { scopes: ScopeEntry[] }).scopes;
}

/** The scopes the listing names for one build, in the kit's order. */
export function listingScopes(route: Route, kit = KIT): string[] {
  return scopeEntries(kit)
    .filter((entry) => entry.builds.includes(route))
    .map((entry) => entry.scope);
}

/** What differs between a manifest's scopes and the listing's, each side's extras by name. */
export function scopeDifference(
  manifest: readonly string[],
  listing: readonly string[],
): { onlyInManifest: string[]; onlyInListing: string[] } {
  return {
    onlyInManifest: manifest.filter((scope) => !listing.includes(scope)),
    onlyInListing: listing.filter((scope) => !manifest.includes(scope)),
  };
}
