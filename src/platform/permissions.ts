// Granular consent on the platform: ScriptApp's authorisation info and its prompt handed to
// core/flows/consent.ts, which decides what is granted and what to ask for.
import { consentOver } from '../core/flows/consent';
import type { Route } from '../core/permissions';

const consent = consentOver({
  route: (__ROYALTIES_ADDON_ROUTE__ ? 'addon' : 'bound') satisfies Route,
  authorisation() {
    const info = ScriptApp.getAuthorizationInfo(ScriptApp.AuthMode.FULL);
    return {
      required: info.getAuthorizationStatus() === ScriptApp.AuthorizationStatus.REQUIRED,
      grantedScopes: () => info.getAuthorizedScopes(),
    };
  },
  requireScopes: (scopes) => ScriptApp.requireScopes(ScriptApp.AuthMode.FULL, scopes),
});

export const { askFor, notGranted, reauthorisationNeeded, missingNow, asking, askForPermission } = consent;
