// Build settings: where the API is and which key is the public demo key. Defaults point at the local
// demo API (local/demo-api) so a fresh clone runs with no configuration.
export const DEFAULT_API_BASE_URL = 'http://127.0.0.1:8787/v1';
/** The demo key of the local demo API. Public by design: it reads only fictional figures. */
export const DEFAULT_DEMO_KEY = 'rfs_demo_live_0f5a3c9e7d1b2468ace0';

/**
 * Which way the add-on reaches Google: 'bound' (a script bound to one spreadsheet, the recommended
 * route) or 'addon' (an installed Editor add-on, whose nightly opens its spreadsheet by id and so needs
 * the full spreadsheets scope: docs/security.md).
 */
export type Route = 'bound' | 'addon';
const ROUTES: readonly Route[] = ['bound', 'addon'];

export interface BuildSettings {
  apiBaseUrl: string;
  demoKey: string;
  /** Default 'bound'. */
  route?: Route;
}

/** A build setting that cannot be used: its message is for the author, no stack. */
export class SettingsError extends Error {}

/** ROYALTIES_ROUTE as a route; anything else is refused with the two names. */
export function routeFrom(value: string | undefined): Route {
  const route = value?.trim() || 'bound';
  if ((ROUTES as readonly string[]).includes(route)) return route as Route;
  throw new SettingsError(`ROYALTIES_ROUTE must be "bound" or "addon", not "${route}".`);
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): BuildSettings {
  return {
    apiBaseUrl: (env.ROYALTIES_API_BASE_URL?.trim() || DEFAULT_API_BASE_URL).replace(/\/+$/, ''),
    demoKey: env.ROYALTIES_DEMO_KEY?.trim() || DEFAULT_DEMO_KEY,
    route: routeFrom(env.ROYALTIES_ROUTE),
  };
}
