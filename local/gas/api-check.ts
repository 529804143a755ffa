// Compile-time check against @types/google-apps-script: every public method of an emulated class must
// exist on Google's class of that name, so code that passes here never calls something Sheets lacks.
// (Members Google has and the emulator lacks throw `not emulated` at run time instead.)
// Granular consent's methods, which the types do not list yet, are declared beside the add-on's code.
/// <reference path="../../src/platform/google-consent.d.ts" />
import type { Cache, CacheService } from './cache.ts';
import type { HtmlOutput, HtmlService, HtmlTemplate } from './html.ts';
import type { Lock, LockService } from './lock.ts';
import type { Logger } from './logger.ts';
import type { MailApp } from './mail.ts';
import type { Properties, PropertiesService } from './properties.ts';
import type {
  AuthorizationInfo,
  ClockTriggerBuilder,
  ScriptApp,
  Trigger,
  TriggerBuilder,
} from './script-app.ts';
import type { Session, User } from './session.ts';
import type {
  ChartOptions,
  ContainerInfo,
  EmbeddedChart,
  EmbeddedChartBuilder,
} from './spreadsheet/charts.ts';
import type { DeveloperMetadata } from './spreadsheet/metadata.ts';
import type { DeveloperMetadataFinder, DeveloperMetadataLocation } from './spreadsheet/metadata-finder.ts';
import type { Range, RangeList } from './spreadsheet/range.ts';
import type { Sheet } from './spreadsheet/sheet.ts';
import type { Spreadsheet, SpreadsheetApp } from './spreadsheet/spreadsheet.ts';
import type { Menu, Ui } from './ui.ts';
import type { HTTPResponse, UrlFetchApp } from './url-fetch.ts';
import type { Blob, Utilities } from './utilities.ts';

type PublicMembers<T> = {
  [K in keyof T]-?: K extends `_${string}` ? never : K;
}[keyof T];
/** The emulated members Google's class lacks: must be `never`. */
type Invented<Impl, Google> = Exclude<PublicMembers<Impl>, keyof Google>;
type MustBeNever<T extends never> = T;

export type ApiCheck = [
  MustBeNever<Invented<SpreadsheetApp, GoogleAppsScript.Spreadsheet.SpreadsheetApp>>,
  MustBeNever<Invented<Spreadsheet, GoogleAppsScript.Spreadsheet.Spreadsheet>>,
  MustBeNever<Invented<Sheet, GoogleAppsScript.Spreadsheet.Sheet>>,
  MustBeNever<Invented<Range, GoogleAppsScript.Spreadsheet.Range>>,
  MustBeNever<Invented<RangeList, GoogleAppsScript.Spreadsheet.RangeList>>,
  MustBeNever<Invented<DeveloperMetadata, GoogleAppsScript.Spreadsheet.DeveloperMetadata>>,
  MustBeNever<Invented<DeveloperMetadataFinder, GoogleAppsScript.Spreadsheet.DeveloperMetadataFinder>>,
  MustBeNever<Invented<DeveloperMetadataLocation, GoogleAppsScript.Spreadsheet.DeveloperMetadataLocation>>,
  MustBeNever<Invented<EmbeddedChart, GoogleAppsScript.Spreadsheet.EmbeddedChart>>,
  MustBeNever<Invented<EmbeddedChartBuilder, GoogleAppsScript.Spreadsheet.EmbeddedChartBuilder>>,
  MustBeNever<Invented<ChartOptions, GoogleAppsScript.Charts.ChartOptions>>,
  MustBeNever<Invented<ContainerInfo, GoogleAppsScript.Spreadsheet.ContainerInfo>>,
  MustBeNever<Invented<Ui, GoogleAppsScript.Base.Ui>>,
  MustBeNever<Invented<Menu, GoogleAppsScript.Base.Menu>>,
  MustBeNever<Invented<User, GoogleAppsScript.Base.User>>,
  MustBeNever<Invented<Session, GoogleAppsScript.Base.Session>>,
  MustBeNever<Invented<Logger, GoogleAppsScript.Base.Logger>>,
  MustBeNever<Invented<Blob, GoogleAppsScript.Base.Blob>>,
  MustBeNever<Invented<CacheService, GoogleAppsScript.Cache.CacheService>>,
  MustBeNever<Invented<Cache, GoogleAppsScript.Cache.Cache>>,
  MustBeNever<Invented<PropertiesService, GoogleAppsScript.Properties.PropertiesService>>,
  MustBeNever<Invented<Properties, GoogleAppsScript.Properties.Properties>>,
  MustBeNever<Invented<LockService, GoogleAppsScript.Lock.LockService>>,
  MustBeNever<Invented<Lock, GoogleAppsScript.Lock.Lock>>,
  MustBeNever<Invented<UrlFetchApp, GoogleAppsScript.URL_Fetch.UrlFetchApp>>,
  MustBeNever<Invented<HTTPResponse, GoogleAppsScript.URL_Fetch.HTTPResponse>>,
  MustBeNever<Invented<ScriptApp, GoogleAppsScript.Script.ScriptApp>>,
  MustBeNever<Invented<Trigger, GoogleAppsScript.Script.Trigger>>,
  MustBeNever<Invented<TriggerBuilder, GoogleAppsScript.Script.TriggerBuilder>>,
  MustBeNever<Invented<ClockTriggerBuilder, GoogleAppsScript.Script.ClockTriggerBuilder>>,
  MustBeNever<Invented<AuthorizationInfo, GoogleAppsScript.Script.AuthorizationInfo>>,
  MustBeNever<Invented<HtmlService, GoogleAppsScript.HTML.HtmlService>>,
  MustBeNever<Invented<HtmlOutput, GoogleAppsScript.HTML.HtmlOutput>>,
  MustBeNever<Invented<HtmlTemplate, GoogleAppsScript.HTML.HtmlTemplate>>,
  MustBeNever<Invented<Utilities, GoogleAppsScript.Utilities.Utilities>>,
  MustBeNever<Invented<MailApp, GoogleAppsScript.Mail.MailApp>>,
];
