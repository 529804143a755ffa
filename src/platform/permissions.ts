// Granular consent on the platform: what this user granted, read once per execution, and the features'
// scopes asked for before an action starts (ScriptApp.requireScopes ends the execution with Google's
// prompt, so the author is asked at that moment, never halfway through). The table is core/permissions.ts.
import {
  type Action,
  actionFeatures,
  FEATURES,
  type FeatureId,
  featureScopes,
  type MissingPermission,
  manifestScopes,
  missingPermissions,
  type Route,
} from '../core/permissions';

const ROUTE: Route = __ROYALTIES_ADDON_ROUTE__ ? 'addon' : 'bound';

export function scopesOf(features: readonly FeatureId[]): string[] {
  return [...new Set(features.flatMap((f) => featureScopes(f, ROUTE)))];
}

/** Ends the execution with Google's prompt unless every scope of these features is granted. */
export function askFor(features: readonly FeatureId[]): void {
  if (features.length) ScriptApp.requireScopes(ScriptApp.AuthMode.FULL, scopesOf(features));
}

interface Grant {
  /** Google wants the user to authorise again (a newer version's scope), whatever they ticked. */
  readonly required: boolean;
  readonly scopes: readonly string[];
}

let known: Grant | undefined;

/** This user's grant, asked of Google once per execution: every scope of the manifest unless Google says
 * authorisation is REQUIRED, then the scopes it lists as granted. */
function grant(): Grant {
  if (!known) {
    const info = ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL);
    const required = info.getAuthorizationStatus() === ScriptApp.AuthorizationStatus.REQUIRED;
    known = { required, scopes: required ? info.getAuthorizedScopes() : manifestScopes(ROUTE) };
  }
  return known;
}

/** The scopes of these features that this user has not granted. */
export function notGranted(features: readonly FeatureId[]): string[] {
  const { scopes } = grant();
  return scopesOf(features).filter((s) => !scopes.includes(s));
}

/** Google wants the user to authorise again although every scope is ticked (the old, whole-grant case). */
export function reauthorisationNeeded(): boolean {
  const { required, scopes } = grant();
  return required && manifestScopes(ROUTE).every((s) => scopes.includes(s));
}

/** One line per feature that lacks a permission, for the sidebar. */
export function missingNow(): MissingPermission[] {
  return missingPermissions(grant().scopes, ROUTE);
}

/** The action, asking first for what it needs with the arguments it was given. */
export function asking<A extends unknown[], R>(action: Action, run: (...args: A) => R): (...args: A) => R {
  return (...args: A) => {
    askFor(actionFeatures(action, args));
    return run(...args);
  };
}

/** The sidebar's button on a permissions line: asks for that feature's scopes (Google prompts), and answers
 * with what is still missing once they are granted. */
export function askForPermission(feature: unknown): MissingPermission[] {
  const id = FEATURES.find((f) => f.id === feature)?.id;
  if (!id) throw new Error('Choose one of the features the sidebar lists.');
  askFor([id]);
  return missingNow();
}
