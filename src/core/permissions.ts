// Every permission (OAuth scope) the add-on asks for, and the feature that needs it: the one table the
// manifest check (local/build/manifest.ts), the docs (docs/permissions.md) and the code follow. Since
// Google's granular consent an author may untick any scope on the consent screen, so each feature asks for
// its own scopes when the author starts it, and says plainly what is off without them.
import { OPEN_SIDEBAR, PRODUCT } from './base/phrases';

const AUTH = 'https://www.googleapis.com/auth/';

export const SCOPES = {
  spreadsheetsCurrentOnly: `${AUTH}spreadsheets.currentonly`,
  containerUi: `${AUTH}script.container.ui`,
  externalRequest: `${AUTH}script.external_request`,
  scriptApp: `${AUTH}script.scriptapp`,
  userInfoEmail: `${AUTH}userinfo.email`,
  sendMail: `${AUTH}script.send_mail`,
  /** The installed add-on's route only: its night opens the spreadsheet by id. */
  spreadsheets: `${AUTH}spreadsheets`,
} as const;

/** What Google's consent screen says for each scope (the words an author ticks or unticks). */
export const SCOPE_WORDS: Readonly<Record<string, string>> = {
  [SCOPES.spreadsheetsCurrentOnly]:
    'View and manage spreadsheets that this application has been installed in',
  [SCOPES.containerUi]:
    'Display and run third-party web content in prompts and sidebars inside Google applications',
  [SCOPES.externalRequest]: 'Connect to an external service',
  [SCOPES.scriptApp]: 'Allow this application to run when you are not present',
  [SCOPES.userInfoEmail]: 'See your primary Google Account email address',
  [SCOPES.sendMail]: 'Send email as you',
  [SCOPES.spreadsheets]: 'See, edit, create, and delete all your Google Sheets spreadsheets',
};

export type FeatureId = 'spreadsheet' | 'sidebar' | 'api' | 'nightly' | 'allowance' | 'email';

export interface Feature {
  readonly id: FeatureId;
  /** The feature in the author's words. */
  readonly name: string;
  /** What is off while a scope of it is not granted. */
  readonly withoutIt: string;
}

/** In the order the sidebar lists what is missing. */
export const FEATURES: readonly Feature[] = [
  {
    id: 'spreadsheet',
    name: 'This spreadsheet',
    withoutIt: 'nothing can be read from or written to this spreadsheet',
  },
  { id: 'sidebar', name: 'The sidebar', withoutIt: 'the sidebar and the help cannot open' },
  {
    id: 'api',
    name: 'Your figures from the API',
    withoutIt: 'no key can be checked, no tab refreshed, no formula answered',
  },
  {
    id: 'nightly',
    name: 'The nightly refresh',
    withoutIt: 'the nightly refresh cannot be turned on, changed or run',
  },
  {
    // Both of the owner's switches: recognising the owner needs the acting user's address.
    id: 'allowance',
    name: "The owner's switches (formulas, alert lines)",
    withoutIt:
      'the owner cannot be recognised, so the formula allowance and the alert lines cannot be changed',
  },
  { id: 'email', name: 'The morning e-mail', withoutIt: 'no morning e-mail or test e-mail is sent' },
];

export type Route = 'bound' | 'addon';

/** The scopes a feature needs on a route (the add-on route's night opens the spreadsheet by id). */
export function featureScopes(id: FeatureId, route: Route): string[] {
  switch (id) {
    case 'spreadsheet':
      return [SCOPES.spreadsheetsCurrentOnly];
    case 'sidebar':
      return [SCOPES.containerUi];
    case 'api':
      return [SCOPES.externalRequest];
    case 'nightly':
      return route === 'addon' ? [SCOPES.scriptApp, SCOPES.spreadsheets] : [SCOPES.scriptApp];
    case 'allowance':
      return [SCOPES.userInfoEmail];
    // The e-mail goes to the address Session gives (userinfo.email), through MailApp (script.send_mail).
    case 'email':
      return [SCOPES.sendMail, SCOPES.userInfoEmail];
  }
}

/** Every scope the manifest of a route must list: the union of the features', nothing more. */
export function manifestScopes(route: Route): string[] {
  return [...new Set(FEATURES.flatMap((f) => featureScopes(f.id, route)))];
}

export function featureNamed(id: FeatureId): Feature {
  return FEATURES.find((f) => f.id === id)!;
}

/** Google's words for each scope, quoted and joined. */
export function scopeWords(scopes: readonly string[]): string {
  return scopes.map((s) => `“${SCOPE_WORDS[s] ?? s}”`).join(' and ');
}

/** Where an author grants a permission: the sidebar's permissions line. */
export const GRANT_IN_SIDEBAR = `Open ${OPEN_SIDEBAR} and grant it there.`;

/** One line for a feature that lacks a permission: what it needs, in Google's words, and what is off. */
export function missingLine(id: FeatureId, missing: readonly string[]): string {
  const feature = featureNamed(id);
  return `${feature.name} needs ${thePermission(missing)} ${scopeWords(missing)}: until then ${feature.withoutIt}.`;
}

/** A feature the author cannot use for want of permissions: the sidebar shows one line and a button each. */
export interface MissingPermission {
  readonly feature: FeatureId;
  /** The scopes not granted, as the manifest names them. */
  readonly scopes: readonly string[];
  readonly text: string;
}

/** The features that lack a scope, given the scopes granted. */
export function missingPermissions(granted: readonly string[], route: Route): MissingPermission[] {
  return FEATURES.flatMap(({ id }) => {
    const scopes = featureScopes(id, route).filter((s) => !granted.includes(s));
    return scopes.length ? [{ feature: id, scopes, text: missingLine(id, scopes) }] : [];
  });
}

/** Google's refusal of a call whose scope was not granted: "You do not have permission to call X.
 * Required permissions: SCOPE[, SCOPE]" (docs/permissions.md). */
const GOOGLE_REFUSAL =
  /You do not have permission to call [\w.]+\.? ?Required permissions: ([^\s,)]+(?:, [^\s,)]+)*)/;

/** The scopes Google's refusal names, or null when the message is not one. */
export function scopesRefused(message: string): string[] | null {
  const m = GOOGLE_REFUSAL.exec(message);
  return m ? m[1]!.split(', ') : null;
}

/** A call refused for a permission the author did not grant: never retried, never a network fault. Its
 * message is the plain sentence, never Google's text with the scope's address. */
export class PermissionMissing extends Error {
  override name = 'PermissionMissing';
  constructor(readonly scopes: readonly string[]) {
    super(permissionSentence(scopes));
  }
}

/** The plain sentence for scopes refused: what they are in Google's words, and where to grant them. */
export function permissionSentence(scopes: readonly string[]): string {
  return `${PRODUCT} needs ${thePermission(scopes)} ${scopeWords(scopes)}: grant it in ${OPEN_SIDEBAR}.`;
}

function thePermission(scopes: readonly string[]): string {
  return scopes.length > 1 ? 'the permissions' : 'the permission';
}

/** A formula runs with the owner's authority: only the owner's grant counts. */
export function formulaPermissionSentence(scopes: readonly string[]): string {
  return `Formulas need the owner's permission ${scopeWords(scopes)}: the owner grants it in ${OPEN_SIDEBAR}.`;
}

/** A night that could not refresh for want of a permission (a trigger cannot ask for one). */
export function nightNeedsPermission(scopes: readonly string[]): string {
  return `The nightly refresh could not run: it needs ${thePermission(scopes)} ${scopeWords(scopes)}. ${GRANT_IN_SIDEBAR}`;
}

/** Whether a sentence is one of these (it ends by saying where to grant the permission). */
export function saysPermissionMissing(text: string | undefined): boolean {
  return text?.endsWith(GRANT_IN_SIDEBAR) === true;
}

/** Why the morning e-mail was skipped (follows "No morning e-mail was sent: "). */
export function emailNeedsPermission(scopes: readonly string[]): string {
  return `it needs ${thePermission(scopes)} ${scopeWords(scopes)}. ${GRANT_IN_SIDEBAR}`;
}

/** Google's refusal turned into the plain error; anything else as it was. */
export function plainPermissionError(error: unknown): unknown {
  const scopes = error instanceof Error ? scopesRefused(error.message) : null;
  return scopes ? new PermissionMissing(scopes) : error;
}

/** What each action the author starts from the sidebar or the menu needs, asked for before it starts.
 * Not listed: actions that need nothing more than Apps Script itself (removing the key, folding sections). */
export const ACTION_FEATURES = {
  showSidebar: ['sidebar', 'spreadsheet'],
  showHelp: ['sidebar'],
  // Only the dialog's own permission: the check reports every other one rather than asking for it.
  checkInstallation: ['sidebar'],
  saveApiKey: ['api'],
  useDemoKey: ['api'],
  saveSettings: ['spreadsheet'],
  setFormulaAccess: ['allowance', 'spreadsheet'],
  setNightlyRefresh: ['nightly', 'spreadsheet'],
  setMorningEmail: ['spreadsheet'],
  saveAlertLines: ['allowance', 'spreadsheet'],
  sendTestMorningEmail: ['email', 'spreadsheet'],
  refreshAllTabs: ['spreadsheet', 'api'],
  menuRefreshAllTabs: ['spreadsheet', 'api'],
  startRefresh: ['spreadsheet', 'api'],
} as const satisfies Record<string, readonly FeatureId[]>;

export type Action = keyof typeof ACTION_FEATURES;

/** The features an action needs with these arguments: turning the nightly refresh on also needs what the
 * night will use (Google: ask before creating a trigger, so it never exists without its permissions), and
 * turning the morning e-mail on needs the e-mail's. */
export function actionFeatures(action: Action, args: readonly unknown[]): FeatureId[] {
  const features: FeatureId[] = [...ACTION_FEATURES[action]];
  if (action === 'setNightlyRefresh' && args[0] === true) features.push('api');
  if (action === 'setMorningEmail' && args[0] !== 'off') features.push('email');
  return features;
}
