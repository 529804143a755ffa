// Granular consent as an execution meets it: what this user granted, asked of Google once per execution,
// and the features' scopes asked for before an action starts (Google's prompt ends the execution, so the
// author is asked at that moment, never halfway through). The table is core/permissions.ts;
// platform/permissions.ts hands in ScriptApp.
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
} from '../permissions';

export interface ConsentPort {
  readonly route: Route;
  /** Whether Google wants the user to authorise again (REQUIRED), and the scopes it lists as granted
   * (read only then). */
  authorisation(): { required: boolean; grantedScopes(): string[] };
  /** Ends the execution with Google's prompt unless every one of these scopes is granted. */
  requireScopes(scopes: string[]): void;
}

export interface Consent {
  /** Ends the execution with Google's prompt unless every scope of these features is granted. */
  askFor(features: readonly FeatureId[]): void;
  /** The scopes of these features that this user has not granted. */
  notGranted(features: readonly FeatureId[]): string[];
  /** Google wants the user to authorise again although every scope is ticked (the old, whole-grant case). */
  reauthorisationNeeded(): boolean;
  /** One line per feature that lacks a permission, for the sidebar. */
  missingNow(): MissingPermission[];
  /** The action, asking first for what it needs with the arguments it was given. */
  asking<A extends unknown[], R>(action: Action, run: (...args: A) => R): (...args: A) => R;
  /** The sidebar's button on a permissions line: asks for that feature's scopes (Google prompts), and
   * answers with what is still missing once they are granted. */
  askForPermission(feature: unknown): MissingPermission[];
}

export function consentOver(port: ConsentPort): Consent {
  const { route } = port;
  let known: { required: boolean; scopes: readonly string[] } | undefined;
  // Every scope of the manifest unless Google says authorisation is REQUIRED, then those it lists as granted.
  const grant = () => {
    if (!known) {
      const info = port.authorisation();
      known = {
        required: info.required,
        scopes: info.required ? info.grantedScopes() : manifestScopes(route),
      };
    }
    return known;
  };
  const scopesOf = (features: readonly FeatureId[]) => [
    ...new Set(features.flatMap((f) => featureScopes(f, route))),
  ];
  const askFor = (features: readonly FeatureId[]) => {
    if (features.length) port.requireScopes(scopesOf(features));
  };
  const missingNow = () => missingPermissions(grant().scopes, route);
  return {
    askFor,
    notGranted: (features) => scopesOf(features).filter((s) => !grant().scopes.includes(s)),
    reauthorisationNeeded() {
      const { required, scopes } = grant();
      return required && manifestScopes(route).every((s) => scopes.includes(s));
    },
    missingNow,
    asking:
      (action, run) =>
      (...args) => {
        askFor(actionFeatures(action, args));
        return run(...args);
      },
    askForPermission(feature) {
      const id = FEATURES.find((f) => f.id === feature)?.id;
      if (!id) throw new Error('Choose one of the features the sidebar lists.');
      askFor([id]);
      return missingNow();
    },
  };
}
