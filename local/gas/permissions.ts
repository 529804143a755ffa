// What each authorization mode may call (docs/apps-script.md, "Custom functions" and "Add-on type";
// Google's AuthMode reference). Returns Google's refusal text, or null when the call is allowed.
import { serviceOf } from './accounting.ts';
import type { Env } from './env.ts';
import { messages } from './messages.ts';
import { grantedScopes, missingScope } from './scopes.ts';

const SPREADSHEET_CLASSES = new Set([
  'Spreadsheet',
  'Sheet',
  'Range',
  'RangeList',
  'NamedRange',
  'DeveloperMetadata',
]);
const WRITE_METHOD =
  /^(set|clear|insert|delete|append|activate|add|remove|hide|show|auto|merge|rename|toast|copy|move|sort|update)/;
const TRIGGER_CLASSES = new Set(['TriggerBuilder', 'ClockTriggerBuilder', 'Trigger']);
const PROPERTY_WRITES = new Set(['setProperty', 'setProperties', 'deleteProperty', 'deleteAllProperties']);

/** Services that need no authorization: the only ones AuthMode.NONE may use. */
const NO_AUTH_CLASSES = new Set([
  'Ui',
  'Menu',
  'Utilities',
  'Blob',
  'Logger',
  'console',
  'HtmlService',
  'HtmlOutput',
  'HtmlTemplate',
  'AuthorizationInfo',
]);
const NO_AUTH_CALLS = new Set([
  'SpreadsheetApp.getUi',
  'ScriptApp.getAuthorizationInfo',
  'ScriptApp.requireScopes',
  'ScriptApp.requireAllScopes',
  'Session.getScriptTimeZone',
  'Session.getActiveUserLocale',
]);

function isWrite(cls: string, method: string): boolean {
  return SPREADSHEET_CLASSES.has(cls) && WRITE_METHOD.test(method);
}

export function refusal(env: Env, cls: string, method: string): string | null {
  const { exec, world } = env;
  const name = `${cls}.${method}`;
  const noAuthNeeded = NO_AUTH_CLASSES.has(cls) || NO_AUTH_CALLS.has(name);
  const scope = missingScope(grantedScopes(world, exec.effectiveUser), cls, method);
  if (scope) return messages.missingScope(name, scope);
  if (exec.kind === 'trigger' || exec.kind === 'custom-function') {
    if (name === 'SpreadsheetApp.getUi') return messages.noUiHere;
    if (cls === 'Spreadsheet' && method === 'toast') return messages.permission(name);
  }
  switch (exec.mode) {
    case 'CUSTOM_FUNCTION':
      if (isWrite(cls, method)) return messages.permission(name);
      if (cls === 'ScriptApp' || TRIGGER_CLASSES.has(cls)) return messages.permission(name);
      if (cls === 'Properties' && PROPERTY_WRITES.has(method)) return messages.permission(name);
      // guides/sheets/functions lists the services a custom function may use; Mail is not among them.
      if (cls === 'MailApp') return messages.permission(name);
      if (name === 'SpreadsheetApp.openById' || name === 'SpreadsheetApp.openByUrl')
        return messages.permission(name);
      // The guide allows "most get*() methods" and is silent on the finder: refused unless the reading says.
      if (method === 'createDeveloperMetadataFinder' && !env.world.readings.customFunctionFindsMetadata)
        return messages.permission(name);
      return null;
    case 'NONE':
      return noAuthNeeded ? null : messages.permission(name);
    case 'LIMITED':
      if (cls === 'UrlFetchApp' || cls === 'HTTPResponse' || cls === 'MailApp')
        return messages.permission(name);
      if (TRIGGER_CLASSES.has(cls) || (cls === 'ScriptApp' && !noAuthNeeded))
        return messages.permission(name);
      if (cls === 'Ui' && (method === 'showSidebar' || method === 'showModalDialog'))
        return messages.noSidebarHere(exec.mode);
      return null;
    case 'FULL': {
      const refused = world.authorizationRequired.get(exec.effectiveUser);
      if (refused && !noAuthNeeded && (refused.has(cls) || refused.has(serviceOf(cls))))
        return messages.authorizationRequired;
      return null;
    }
  }
}
