// The globals one execution sees: the emulated services, each behind the binding's proxy, plus loud
// stand-ins for the Apps Script services this add-on has no business calling.
import type { Binding } from './binding.ts';
import { CacheService } from './cache.ts';
import type { Env } from './env.ts';
import { GasObject } from './gas-object.ts';
import { HtmlService } from './html.ts';
import { LockService } from './lock.ts';
import { Console, Logger } from './logger.ts';
import { MailApp } from './mail.ts';
import { PropertiesService } from './properties.ts';
import type { Realm } from './realm.ts';
import { ScriptApp } from './script-app.ts';
import { Session } from './session.ts';
import { SpreadsheetApp } from './spreadsheet/spreadsheet.ts';
import { UrlFetchApp } from './url-fetch.ts';
import { Utilities } from './utilities.ts';

/** Any member of these throws `not emulated: DriveApp.getFiles`. */
const NOT_EMULATED_SERVICES = [
  'DriveApp',
  'GmailApp',
  'DocumentApp',
  'FormApp',
  'CalendarApp',
  'SlidesApp',
  'ContactsApp',
  'GroupsApp',
  'ContentService',
  'CardService',
  'XmlService',
  'Charts',
  'Maps',
  'Jdbc',
  'LanguageApp',
  'DataStudioApp',
  'Browser',
];

class NotEmulated extends GasObject {
  constructor(
    env: Env,
    readonly _class: string,
  ) {
    super(env);
  }
}

/** Evaluates a template's printing scriptlet in the script's realm, its variables in scope. */
function templateEvaluator(realm: Realm): (expression: string, vars: Map<string, unknown>) => unknown {
  return (expression, vars) =>
    new realm.Function(...vars.keys(), `return (${expression});`)(...vars.values());
}

export function scriptGlobals(env: Env, binding: Binding, realm: Realm): Record<string, unknown> {
  const services: GasObject[] = [
    new SpreadsheetApp(env),
    new UrlFetchApp(env),
    new CacheService(env),
    new PropertiesService(env),
    new LockService(env),
    new ScriptApp(env),
    new HtmlService(env, templateEvaluator(realm)),
    new Utilities(env),
    new Session(env),
    new MailApp(env),
    new Logger(env),
    new Console(env),
    ...NOT_EMULATED_SERVICES.map((name) => new NotEmulated(env, name)),
  ];
  return Object.fromEntries(services.map((s) => [s._class, binding.wrap(s)]));
}
