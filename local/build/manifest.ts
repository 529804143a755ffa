// dist/appsscript.json: the source manifest plus a urlFetchWhitelist derived from the API base URL,
// and the rules Apps Script puts on both (docs/apps-script.md, "Manifest"). The add-on route adds one scope.
import { manifestScopes, SCOPES } from '../../src/core/permissions.ts';
import type { Route } from './settings.ts';

/** The bound route's scopes: exactly the union of the features' in the one table (src/core/permissions.ts,
 * docs/permissions.md), each with its reference page there. */
export const ALLOWED_SCOPES: readonly string[] = manifestScopes('bound');

/** The installed add-on's one extra scope: its nightly opens the spreadsheet by id
 * (reference/spreadsheet/spreadsheet-app#openById lists only this scope; docs/security.md). */
export const ADDON_SCOPE = SCOPES.spreadsheets;

export interface Manifest {
  timeZone?: string;
  runtimeVersion?: string;
  oauthScopes?: string[];
  urlFetchWhitelist?: string[];
  [key: string]: unknown;
}

/** The allow-list entry for a base URL: the base itself with a trailing slash. */
export function whitelistEntryFor(apiBaseUrl: string): string {
  return `${apiBaseUrl.replace(/\/+$/, '')}/`;
}

/**
 * Why Apps Script would refuse this base URL in urlFetchWhitelist, or null when it is fine: entries must
 * be https:// with a full domain and a non-empty path.
 */
export function allowListProblem(apiBaseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(apiBaseUrl);
  } catch {
    return `"${apiBaseUrl}" is not a URL. Set ROYALTIES_API_BASE_URL to the API's https address, e.g. https://api.example.com/v1.`;
  }
  if (url.protocol !== 'https:') {
    return `Apps Script only allow-lists https:// addresses, and the API base URL is ${url.protocol}//${url.host}. Set ROYALTIES_API_BASE_URL to the API's https address (e.g. https://api.example.com/v1) before pushing.`;
  }
  if (!url.hostname.includes('.') || /^[\d.]+$/.test(url.hostname)) {
    return `Apps Script allow-lists only full domain names, and the API base URL's host is "${url.hostname}".`;
  }
  if (url.pathname === '/' || url.pathname === '') {
    return `Apps Script allow-list entries need a path after the domain (the API's version segment, e.g. /v1), and "${apiBaseUrl}" has none.`;
  }
  if (url.search || url.hash) return `The API base URL must not carry a query or fragment: "${apiBaseUrl}".`;
  return null;
}

export function buildManifest(source: Manifest, apiBaseUrl: string, route: Route = 'bound'): Manifest {
  const scopes = route === 'addon' ? { oauthScopes: [...(source.oauthScopes ?? []), ADDON_SCOPE] } : {};
  return { ...source, ...scopes, urlFetchWhitelist: [whitelistEntryFor(apiBaseUrl)] };
}

/** The route a built manifest was made for: the add-on's extra scope says 'addon'. */
export function routeOfManifest(manifest: Manifest): Route {
  return manifest.oauthScopes?.includes(ADDON_SCOPE) ? 'addon' : 'bound';
}

/** Problems with a built manifest; `forPush` adds the allow-list rules that only bite on Google's side. */
export function manifestProblems(manifest: Manifest, options: { forPush: boolean; route?: Route }): string[] {
  const allowed: readonly string[] =
    options.route === 'addon' ? [...ALLOWED_SCOPES, ADDON_SCOPE] : ALLOWED_SCOPES;
  const problems: string[] = [];
  if (manifest.runtimeVersion !== 'V8') problems.push('runtimeVersion must be "V8".');
  if (typeof manifest.timeZone !== 'string' || manifest.timeZone === '')
    problems.push('timeZone must be set.');
  const scopes = manifest.oauthScopes;
  if (!Array.isArray(scopes) || scopes.length === 0) {
    problems.push('oauthScopes must be listed explicitly.');
  } else {
    for (const s of scopes) {
      if (!allowed.includes(s)) problems.push(`Scope ${s} is more than the add-on needs.`);
    }
    // Every feature's scopes, or the feature fails at its first call (docs/permissions.md).
    for (const s of options.route === 'addon' ? manifestScopes('addon') : ALLOWED_SCOPES) {
      if (!scopes.includes(s))
        problems.push(`oauthScopes must list ${s.replace(/^.*\/auth\//, '')}, or its feature fails.`);
    }
  }
  const list = manifest.urlFetchWhitelist;
  if (!Array.isArray(list) || list.length === 0) {
    problems.push('urlFetchWhitelist must list the API base URL.');
  } else {
    for (const entry of list) {
      if (!entry.endsWith('/')) problems.push(`urlFetchWhitelist entry ${entry} must end with "/".`);
      if (options.forPush) {
        const why = allowListProblem(entry);
        if (why) problems.push(why);
      }
    }
  }
  return problems;
}
