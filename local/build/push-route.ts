// Which route `npm run push` sends, and whether .clasp.json's project can take it. A project bound to a
// spreadsheet is told by .clasp.json's parentId (written by `npm run setup` and clasp's create-script for a
// container-bound script); a standalone project (an Editor add-on's) has none, but neither does a bound
// script whose id was copied in by hand, so that direction can only be pointed out, not refused.
import { type Manifest, routeOfManifest } from './manifest.ts';
import type { Route } from './settings.ts';

export interface ClaspFile {
  scriptId?: string;
  rootDir?: string;
  parentId?: string | string[];
}

const WHAT: Record<Route, string> = {
  bound: 'the bound build (a script bound to your spreadsheet: spreadsheets.currentonly)',
  addon: 'the installed add-on build (ROYALTIES_ROUTE=addon: the full spreadsheets scope)',
};

function boundToSpreadsheet(clasp: ClaspFile): boolean {
  const ids = Array.isArray(clasp.parentId) ? clasp.parentId : [clasp.parentId];
  return ids.some((id) => typeof id === 'string' && id.trim() !== '');
}

/** The line push prints before clasp runs. */
export function pushLine(clasp: ClaspFile, route: Route): string {
  const where = boundToSpreadsheet(clasp) ? 'the script bound to spreadsheet' : 'script';
  const id = boundToSpreadsheet(clasp) ? ([clasp.parentId].flat()[0] ?? '') : (clasp.scriptId ?? '');
  return `Pushing ${WHAT[route]} to ${where} ${id}.`;
}

/**
 * Why this build must not go to this project, or null. `manifest`: the built one, when there is one (its
 * scopes say which route it was built for, whatever the environment says now).
 */
export function pushRouteProblem(clasp: ClaspFile, route: Route, manifest?: Manifest): string | null {
  const built = manifest ? routeOfManifest(manifest) : route;
  if (built !== route)
    return `dist/ holds ${WHAT[built]}, but ROYALTIES_ROUTE asks for ${WHAT[route]}. Build again with the route you mean.`;
  if (route === 'addon' && boundToSpreadsheet(clasp))
    return `.clasp.json names a script bound to a spreadsheet (parentId), and this is ${WHAT.addon}, which would ask for every spreadsheet you can open where the bound build needs only this one. Push the bound build (unset ROYALTIES_ROUTE), or point .clasp.json at the add-on's standalone project.`;
  return null;
}

/** Said after the push line when the project's kind cannot be told: a bound build into what may be an add-on's project. */
export function pushRouteNote(clasp: ClaspFile, route: Route): string | null {
  if (route !== 'bound' || boundToSpreadsheet(clasp)) return null;
  return ".clasp.json has no parentId, so whether its script is bound to a spreadsheet cannot be told. If it is an Editor add-on's standalone project, stop and push with ROYALTIES_ROUTE=addon: the bound build's nightly refresh cannot open the spreadsheet there.";
}
