// The world an emulator keeps between executions (env.ts World), built from its options: the spreadsheet,
// the stores, triggers, clock and records, and the readings of Google's undocumented behaviour.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Accounting } from './accounting.ts';
import { Clock } from './clock.ts';
import { Documents } from './documents.ts';
import type { Manifest, World } from './env.ts';
import { HttpBridge } from './http-bridge.ts';
import { ServiceFaults } from './service-faults.ts';
import { RESULT_CELL_LIMIT } from './spreadsheet/cell-limit.ts';
import { DEVELOPER_METADATA_LIMIT } from './spreadsheet/metadata.ts';
import { SpreadsheetModel } from './spreadsheet/model.ts';
import { CacheStores, CallFaults, LockState, MailState, PropertyStores, TriggerStore } from './state.ts';
import type { EmulatorOptions } from './types.ts';
import { FETCH_TIMEOUT_MS } from './url-fetch.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_START_TIME = Date.parse('2026-11-21T08:00:00Z');
const DEFAULT_SPREADSHEET_ID = '1RoyaltiesEmulatedSpreadsheet0000000000000';

function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, 'appsscript.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** Where the built add-on is: dist/ unless the options say. */
export function distDirOf(options: EmulatorOptions): string {
  return options.distDir ?? path.join(REPO_ROOT, 'dist');
}

export function createWorld(options: EmulatorOptions = {}): World {
  const distDir = distDirOf(options);
  const owner = options.owner ?? 'owner@example.com';
  const timeZone = options.timeZone ?? 'Europe/London';
  const start = options.startTime ?? DEFAULT_START_TIME;
  const firstSpreadsheet = new SpreadsheetModel(
    options.spreadsheetId ?? DEFAULT_SPREADSHEET_ID,
    options.spreadsheetName ?? 'Royalties',
    owner,
    timeZone,
  );
  const properties = new PropertyStores();
  const caches = new CacheStores();
  const clock = new Clock(typeof start === 'number' ? start : start.getTime());
  return {
    owner,
    editors: options.editors ?? ['editor@example.com'],
    distDir,
    // The script's time zone is the manifest's (as in Apps Script); a manifest without one follows the spreadsheet.
    manifest: { timeZone, ...readManifest(distDir) },
    routes: options.routes ?? {},
    addonName: options.addonName ?? 'Royalties for Sheets',
    deployment: options.deployment ?? 'addon',
    readings: {
      // The pessimistic reading per route: public reports say an installed add-on's clock trigger runs with
      // no active document; a bound script's was seen to have its spreadsheet (types.ts).
      clockTriggerHasDocument: options.clockTriggerHasDocument ?? (options.deployment ?? 'addon') !== 'addon',
      userTriggersListClock: options.userTriggersListClock ?? false,
      namedRangeOutlivesSheet: options.namedRangeOutlivesSheet ?? true,
      chartRangesAsAdded: options.chartRangesAsAdded ?? false,
      resultCellLimit: options.resultCellLimit === undefined ? RESULT_CELL_LIMIT : options.resultCellLimit,
      brokenNamedRangeThrows: options.brokenNamedRangeThrows ?? true,
      developerMetadataLimit:
        options.developerMetadataLimit === undefined
          ? DEVELOPER_METADATA_LIMIT
          : options.developerMetadataLimit,
      fetchTimeoutSeconds: options.fetchTimeoutSeconds ?? 'ignored',
      contentTextKeepsByteOrderMark: options.contentTextKeepsByteOrderMark ?? true,
      customFunctionFindsMetadata: options.customFunctionFindsMetadata ?? false,
      numbersKeep15Digits: options.numbersKeep15Digits ?? true,
    },
    clock,
    accounting: new Accounting(),
    spreadsheet: firstSpreadsheet,
    documents: new Documents(firstSpreadsheet, properties.document, caches.document),
    properties,
    caches,
    locks: new LockState(),
    triggers: new TriggerStore(),
    ui: { menus: [], sidebars: [], dialogs: [], alerts: [], toasts: [] },
    http: new HttpBridge(options.whileWaiting, options.hangNotices ?? false),
    mail: new MailState(),
    hangAfterMs: options.hangAfterMs ?? FETCH_TIMEOUT_MS,
    authorizationRequired: new Map(),
    grants: new Map(),
    consentPrompts: [],
    withheldEmails: new Set(),
    callFaults: new CallFaults(),
    serviceFaults: new ServiceFaults(clock),
  };
}

/** Who may run the script: the spreadsheet's owner and editors; anyone else is a test's mistake. */
export function userCheck(world: World): (email: string) => string {
  const users = new Set([world.owner, ...world.editors]);
  return (email) => {
    if (!users.has(email)) throw new Error(`${email} is neither the owner nor an editor of the spreadsheet.`);
    return email;
  };
}
