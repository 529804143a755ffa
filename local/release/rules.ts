// What a Marketplace release must satisfy before anything is pushed (docs/publishing.md): the manifest's
// allow-list as Google words its rules, V8, the listing's scopes, and the project's cap on versions.
import type { Manifest } from '../build/manifest.ts';
import { scopeDifference } from '../marketplace/kit.ts';

/** Apps Script keeps at most this many versions per project (enforced since 1 June 2024). */
export const VERSION_CAP = 200;
/** From here on, each release says how many are left and how to remove old ones. */
export const VERSION_WARNING = 180;

export const REMOVE_OLD_VERSIONS =
  'Open the project in the Apps Script editor (https://script.google.com/d/<script id>/edit), choose Project history on the left, and delete old versions no deployment uses.';

/**
 * Why Google would refuse one urlFetchWhitelist entry, or null (apps-script/manifest/allowlist-url): https://,
 * a full domain, a non-empty path, and at most one wildcard, as a leading `*.` of the host.
 */
export function whitelistEntryProblem(entry: string): string | null {
  const match = /^https:\/\/([^/]+)(\/.*)?$/.exec(entry);
  if (!match) return `urlFetchWhitelist entry "${entry}" must start with https://.`;
  const host = match[1] ?? '';
  const pathPart = match[2] ?? '';
  const bare = host.startsWith('*.') ? host.slice(2) : host;
  if (bare.includes('*'))
    return `urlFetchWhitelist entry "${entry}" may hold one wildcard only, as a leading "*.".`;
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(bare) || /^[\d.]+$/.test(bare))
    return `urlFetchWhitelist entry "${entry}" must name a full domain.`;
  if (pathPart.length <= 1) return `urlFetchWhitelist entry "${entry}" needs a path after the domain.`;
  return null;
}

/** Everything that keeps this manifest from a Marketplace release; empty when it may go. */
export function releaseManifestProblems(manifest: Manifest, listing: readonly string[]): string[] {
  const problems: string[] = [];
  if (manifest.runtimeVersion !== 'V8') problems.push('runtimeVersion must be "V8".');
  const list = manifest.urlFetchWhitelist;
  if (!Array.isArray(list) || list.length === 0)
    problems.push('urlFetchWhitelist is required for a versioned deployment, and the manifest has none.');
  else for (const entry of list) problems.push(...[whitelistEntryProblem(entry)].filter((p) => p !== null));
  const { onlyInManifest, onlyInListing } = scopeDifference(manifest.oauthScopes ?? [], listing);
  for (const scope of onlyInManifest)
    problems.push(
      `The manifest asks for ${scope}, which marketplace/scopes.json does not list: add it there (with its feature, justification and demo shot) and to the consent screen, or drop it.`,
    );
  for (const scope of onlyInListing)
    problems.push(`marketplace/scopes.json lists ${scope}, which the add-on build does not ask for.`);
  return problems;
}

/** The version's description: the package version and the commit it was built from. */
export function versionDescription(packageVersion: string, commit: string): string {
  return `Royalties for Sheets ${packageVersion} (commit ${commit})`;
}

export interface Deployment {
  readonly deploymentId: string;
  readonly versionNumber?: number;
  readonly description?: string;
}

/**
 * The deployment a release moves: the one versioned deployment (the HEAD one, with no version, is never the
 * listing's), the one named, or none yet (the first release). Several, with none named, is a question.
 */
export function deploymentToMove(
  deployments: readonly Deployment[],
  named: string | null,
): { deployment: Deployment | null } | { problem: string } {
  const versioned = deployments.filter((d) => typeof d.versionNumber === 'number');
  if (named !== null) {
    const found = versioned.find((d) => d.deploymentId === named);
    return found
      ? { deployment: found }
      : { problem: `No versioned deployment ${named} in this project; clasp list-deployments shows them.` };
  }
  if (versioned.length > 1)
    return {
      problem: `The project has ${versioned.length} versioned deployments (${versioned.map((d) => `${d.deploymentId} @${d.versionNumber}`).join(', ')}): name the one the Marketplace listing uses with --deployment-id ID (its App Configuration shows the script id and version; a new deployment would disable the users' triggers).`,
    };
  return { deployment: versioned[0] ?? null };
}

/** Said when the count nears or reaches the cap, else null. */
export function versionCapNote(count: number): { refuse: boolean; text: string } | null {
  if (count >= VERSION_CAP)
    return {
      refuse: true,
      text: `The project already holds ${count} versions, Apps Script's limit of ${VERSION_CAP}: no new version can be made. ${REMOVE_OLD_VERSIONS} Then run npm run release again.`,
    };
  if (count >= VERSION_WARNING)
    return {
      refuse: false,
      text: `Warning: the project holds ${count} of Apps Script's ${VERSION_CAP} versions. ${REMOVE_OLD_VERSIONS}`,
    };
  return null;
}
