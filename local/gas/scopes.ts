// Which OAuth scope each emulated method needs, read from the "Authorization" section of its reference
// page (developers.google.com/apps-script/reference/...). When the manifest lists `oauthScopes`, Apps
// Script asks for exactly those, and a call whose scope is missing throws "You do not have permission to
// call X. Required permissions: SCOPE" (docs/google-rules.md; docs/apps-script.md, "Manifest"). With no
// `oauthScopes`, Apps Script detects the scopes from the code, so every call is granted.
// Granular consent (concepts/scopes, "Handle granular consent"): a user may tick only some of the
// manifest's scopes; their grant is then what they ticked (World.grants), per user.
import type { Manifest, World } from './env.ts';

const AUTH = 'https://www.googleapis.com/auth/';
const SCOPES = {
  spreadsheetsCurrentOnly: `${AUTH}spreadsheets.currentonly`,
  spreadsheets: `${AUTH}spreadsheets`,
  containerUi: `${AUTH}script.container.ui`,
  externalRequest: `${AUTH}script.external_request`,
  scriptApp: `${AUTH}script.scriptapp`,
  userInfoEmail: `${AUTH}userinfo.email`,
  sendMail: `${AUTH}script.send_mail`,
} as const;

/** Any one of these grants the call (the reference page lists them as "one or more of the following"). */
type Accepted = readonly string[];

const SPREADSHEET_ANY: Accepted = [SCOPES.spreadsheetsCurrentOnly, SCOPES.spreadsheets];
/** reference/spreadsheet/spreadsheet-app: open, openById, openByUrl and create list only `spreadsheets`. */
const SPREADSHEET_ALL: Accepted = [SCOPES.spreadsheets];

/** Per method where it differs from its class. */
const METHOD_SCOPES: Record<string, Accepted> = {
  'SpreadsheetApp.open': SPREADSHEET_ALL,
  'SpreadsheetApp.openById': SPREADSHEET_ALL,
  'SpreadsheetApp.openByUrl': SPREADSHEET_ALL,
  'SpreadsheetApp.create': SPREADSHEET_ALL,
  // reference/base/ui: getUi and building menus need none; showing HTML needs script.container.ui.
  'SpreadsheetApp.getUi': [],
  'Ui.showSidebar': [SCOPES.containerUi],
  'Ui.showModalDialog': [SCOPES.containerUi],
  'Ui.showModelessDialog': [SCOPES.containerUi],
  // reference/script/script-app: authorization info and the script id need no scope.
  'ScriptApp.getAuthorizationInfo': [],
  'ScriptApp.requireScopes': [],
  'ScriptApp.requireAllScopes': [],
  'ScriptApp.getScriptId': [],
  // reference/base/session: the user's identity needs userinfo.email; time zone and locale do not.
  'Session.getActiveUser': [SCOPES.userInfoEmail],
  'Session.getEffectiveUser': [SCOPES.userInfoEmail],
};

/** Per class; classes not listed (Properties, Cache, Lock, Utilities, HtmlService, Logger, …) need none. */
const CLASS_SCOPES: Record<string, Accepted> = {
  SpreadsheetApp: SPREADSHEET_ANY,
  Spreadsheet: SPREADSHEET_ANY,
  Sheet: SPREADSHEET_ANY,
  Range: SPREADSHEET_ANY,
  RangeList: SPREADSHEET_ANY,
  DeveloperMetadata: SPREADSHEET_ANY,
  DeveloperMetadataFinder: SPREADSHEET_ANY,
  DeveloperMetadataLocation: SPREADSHEET_ANY,
  ConditionalFormatRule: SPREADSHEET_ANY,
  // reference/url-fetch/url-fetch-app: fetch and fetchAll.
  UrlFetchApp: [SCOPES.externalRequest],
  // reference/script/script-app, trigger-builder, clock-trigger-builder, trigger.
  ScriptApp: [SCOPES.scriptApp],
  TriggerBuilder: [SCOPES.scriptApp],
  ClockTriggerBuilder: [SCOPES.scriptApp],
  Trigger: [SCOPES.scriptApp],
  // reference/mail/mail-app: getRemainingDailyQuota and every sendEmail.
  MailApp: [SCOPES.sendMail],
};

/** The scopes that would allow `Class.method`; empty when it needs none. */
function scopesFor(cls: string, method: string): Accepted {
  return METHOD_SCOPES[`${cls}.${method}`] ?? CLASS_SCOPES[cls] ?? [];
}

/** The manifest's scopes, or null when it lists none (every call granted). */
export function manifestScopes(manifest: Manifest): readonly string[] | null {
  return Array.isArray(manifest.oauthScopes) ? manifest.oauthScopes : null;
}

/** The scopes `user` granted: what they ticked, never more than the manifest asks for; null: every call. */
export function grantedScopes(world: World, user: string): readonly string[] | null {
  const asked = manifestScopes(world.manifest);
  const ticked = world.grants.get(user);
  if (!ticked) return asked;
  return (asked ?? [...ticked]).filter((s) => ticked.has(s));
}

/** The scope to name in the refusal, or null when the user's grant allows the call. */
export function missingScope(granted: readonly string[] | null, cls: string, method: string): string | null {
  if (granted === null) return null;
  const accepted = scopesFor(cls, method);
  if (accepted.length === 0 || accepted.some((s) => granted.includes(s))) return null;
  return accepted.join(', ');
}
