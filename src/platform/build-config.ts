// Values fixed at build time by local/build (esbuild `define`). Only the platform layer reads them; the
// domain layer receives them as arguments.
declare const __ROYALTIES_API_BASE_URL__: string;
declare const __ROYALTIES_DEMO_KEY__: string;
declare const __ROYALTIES_VERSION__: string;
declare global {
  /** Whether this is the installed add-on's build (ROYALTIES_ROUTE=addon). Read where it is used, never
   * through an exported constant: esbuild removes a branch only when its condition is the defined literal
   * itself, so the bound build carries none of the add-on's paths. */
  const __ROYALTIES_ADDON_ROUTE__: boolean;
}

export const buildConfig = {
  /** Base address of the API, including its version segment and no trailing slash. */
  apiBaseUrl: __ROYALTIES_API_BASE_URL__,
  /** The public demo key behind "Try the demo account". */
  demoKey: __ROYALTIES_DEMO_KEY__,
  version: __ROYALTIES_VERSION__,
} as const;
