// Google's exception texts in one place, so the add-on meets the same words locally as in Sheets.
// Where a text could not be confirmed it is marked (README.md, "Messages").

export const messages = {
  notEmulated: (what: string) => `not emulated: ${what}`,
  permission: (what: string) => `You do not have permission to call ${what}`,
  /** A scope missing from the manifest's oauthScopes (oshliaer/google-apps-script-snippets#23 shows the
   *  call refused; the "Required permissions" tail is the form public reports quote). */
  missingScope: (what: string, scope: string) =>
    `You do not have permission to call ${what}. Required permissions: ${scope}`,
  noUiHere: 'Cannot call SpreadsheetApp.getUi() from this context.',
  /** UNCONFIRMED wording: Google refuses sidebars and dialogs outside FULL mode. */
  noSidebarHere: (mode: string) => `Cannot show a sidebar or dialog in AuthMode.${mode}.`,
  exceededTime: 'Exceeded maximum execution time',
  /** Google's wording unknown (spreadsheet/metadata.ts): the emulator's own, labelled as such. */
  metadataTooLarge: (limit: number) =>
    `Emulator: developer metadata of this location would exceed ${limit} characters (Google's wording unknown).`,
  authorizationRequired: 'Authorization is required to perform that action.',
  scriptFunctionNotFound: (name: string) => `Script function not found: ${name}`,
  signature: (method: string, types: string) =>
    `The parameters (${types}) don't match the method signature for ${method}.`,

  rowsMismatch: (data: number, range: number) =>
    `The number of rows in the data does not match the number of rows in the range. The data has ${data} but the range has ${range}.`,
  columnsMismatch: (data: number, range: number) =>
    `The number of columns in the data does not match the number of columns in the range. The data has ${data} but the range has ${range}.`,
  sheetExists: (name: string) => `A sheet with the name "${name}" already exists. Please enter another name.`,
  outOfBounds: 'The coordinates of the range are outside the dimensions of the sheet.',
  rangeNotFound: 'Range not found',
  rowsAtLeastOne: 'The number of rows in the range must be at least 1.',
  columnsAtLeastOne: 'The number of columns in the range must be at least 1.',
  rowsOutOfBounds: 'Those rows are out of bounds.',
  columnsOutOfBounds: 'Those columns are out of bounds.',
  deleteAllRows: 'Sorry, it is not possible to delete all non-frozen rows.',
  removeAllSheets: "You can't remove all the sheets in a document.",
  sheetGone: 'The sheet has been deleted.',
  /** Quoted in public reports of setValue with a long string; for a custom function's result, UNCONFIRMED. */
  /** Google's words for a custom function's result it refused for its size (Blacksmoke16/GESI#102). */
  resultTooLarge: 'Result too large',
  cellTooLong: (limit: number) =>
    `Your input contains more than the maximum of ${limit} characters in a single cell.`,

  /** Google's transient service failure, quoted in many public reports (any Spreadsheet call may throw it). */
  serviceFailed: (spreadsheetId: string) =>
    `Service Spreadsheets failed while accessing document with id ${spreadsheetId}.`,

  /** Google's short-time rate limit of a service (`cache`, `properties`, `lockBean`…), the form public
   *  reports quote (nuadi/googlecrestscript; docs/google-rules.md). For spreadsheets UNCONFIRMED. */
  rateLimit: (service: string) =>
    `Service invoked too many times in a short time: ${service} rateMax. Try Utilities.sleep(1000) between calls.`,
  /** A daily quota (`urlfetch`, `email`): Blacksmoke16/GESI#108, bumbleshoot/automate-habitica#10. */
  dailyQuota: (service: string) => `Service invoked too many times for one day: ${service}.`,
  /** The daily total of trigger runtime (webdigi/GmailScheduler#31). */
  computerTimeQuota: 'Service using too much computer time for one day',
  /** findthemasks/findthemasks#251. */
  spreadsheetsTimedOut: (spreadsheetId: string) =>
    `Service Spreadsheets timed out while accessing document with id ${spreadsheetId}.`,
  /** Confirmed by a Google engineer as an unlisted quota (googleworkspace/apps-script-oauth2#207). */
  lockOperations: 'There are too many LockService operations against the same script.',

  argumentTooLarge: (what: string) => `Argument too large: ${what}`,
  invalidArgument: (what: string) => `Invalid argument: ${what}`,
  propertyQuota: 'You have exceeded the property storage quota. Please remove some properties and try again.',
  lockTimeout: 'Lock timeout: another process was holding the lock for too long.',

  notAllowListed: (url: string) =>
    `Request to ${url} failed because the URL has not been whitelisted in the script manifest.`,
  /** UNCONFIRMED wording for the 2 KB URL limit. */
  urlTooLong: 'Limit Exceeded: URLFetch URL Length.',
  requestFailed: (origin: string, code: number, body: string) =>
    `Request failed for ${origin} returned code ${code}. Truncated server response: ${body} (use muteHttpExceptions option to examine full response)`,
  dnsError: (url: string) => `DNS error: ${url}`,
  addressUnavailable: (url: string) => `Address unavailable: ${url}`,
  timeout: (url: string) => `Timeout: ${url}`,

  /** UNCONFIRMED wording for the add-on rule "one time-based trigger per user per document". */
  tooManyTriggers:
    'This add-on has created too many time-based triggers in this document for this Google user account.',
  tooManyUserTriggers:
    'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
  /** UNCONFIRMED wording: add-ons may run a time-based trigger at most once an hour. */
  triggerTooFrequent: 'Add-ons may only create time-based triggers that run at most once per hour.',

  /** The quota text public reports quote (guides/services/quotas lists the quota, not the text). */
  mailQuota: 'Service invoked too many times for one day: email.',

  noHtmlFile: (name: string) => `No HTML file named ${name} was found.`,
} as const;

/** Google's names for argument types in "The parameters (…) don't match the method signature". */
export function typeNames(args: readonly unknown[]): string {
  return args.map(typeName).join(',');
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `${v.length > 0 ? typeName(v[0]) : 'Object'}[]`;
  if (Object.prototype.toString.call(v) === '[object Date]') return 'Date';
  switch (typeof v) {
    case 'string':
      return 'String';
    case 'number':
      return 'number';
    case 'boolean':
      return 'Boolean';
    case 'undefined':
      return 'undefined';
    default:
      return 'Object';
  }
}

/** An error with Google's wording; `Exception` is what Apps Script calls them in the log. */
export class GasError extends Error {
  override name = 'Exception';
}
