// Granular consent's additions to ScriptApp (reference/script/script-app, reference/script/authorization-info)
// that @types/google-apps-script does not list yet: getAuthorizationInfo for given scopes, and the scopes
// granted.
declare namespace GoogleAppsScript {
  namespace Script {
    interface ScriptApp {
      getAuthorizationInfo(authMode: AuthMode, oAuthScopes: string[]): AuthorizationInfo;
    }
    interface AuthorizationInfo {
      getAuthorizedScopes(): string[];
    }
  }
}
