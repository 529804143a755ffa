// Running a custom function: the owner's allowance, the arguments (defaults from the sidebar settings),
// the owner's key, one request shared by every cell asking the same (shared cache + single flight), and
// the cells to spill. Everything happens within 25 of the 30 seconds Sheets allows a custom function.
import type { ApiClient, ApiRequest, ApiResponse } from '../core/api';
import { isApiError } from '../core/api';
import {
  type DayToDate,
  type FlightLock,
  FORMULA_ACCESS_OFF,
  FORMULA_FUNCTIONS,
  type FormulaArguments,
  type FormulaName,
  type FormulaResult,
  formulaCall,
  formulaOutput,
  midnightInZone,
  NO_KEY_FOR_FORMULAS,
  offsetMinutes,
  singleFlight,
} from '../core/formulas';
import { accountFacts, toReportTable } from '../core/report';
import { platformClient } from './api';
import { buildConfig } from './build-config';
import { platformCache } from './cache';
import { platformClock } from './clock';
import { platformDigest } from './digest';
import { isFormulaAccessOn } from './formula-access';
import { keyStore } from './key-store';
import { loadSettings } from './settings-store';

/** Of Sheets' 30 s: the rest is for reading settings and shaping the cells. */
export const FORMULA_BUDGET_MS = 25_000;
/** A waiter stops waiting for another cell's request this long before its deadline, to make its own. */
const OWN_REQUEST_RESERVE_MS = 8_000;

/** The entry point of one custom function: positional arguments named as FORMULA_FUNCTIONS lists them
 * (the same order as the registry's parameters; a test checks they agree). */
export function customFunction(name: FormulaName): (...args: unknown[]) => FormulaResult {
  const params = FORMULA_FUNCTIONS[name].params;
  return (...args) => runFormula(name, Object.fromEntries(params.map((param, i) => [param, args[i]])));
}

export function runFormula(name: FormulaName, args: FormulaArguments): FormulaResult {
  const deadline = platformClock.now() + FORMULA_BUDGET_MS;
  if (!isFormulaAccessOn()) throw new Error(FORMULA_ACCESS_OFF);
  const call = formulaCall(name, args, loadSettings());
  const apiKey = keyStore.get();
  if (apiKey === null) throw new Error(NO_KEY_FOR_FORMULAS);

  const response = fetchShared(call.request, apiKey, deadline);
  const endpoint = call.request.endpoint;
  const table = toReportTable(response.data, endpoint);
  return formulaOutput(table, {
    functionName: name,
    dayToDate: dayInSpreadsheetZone(),
    ...(call.field === undefined ? {} : { field: call.field }),
    ...(endpoint === 'account' ? { lead: accountFacts(response.data) } : {}),
  });
}

function fetchShared(request: ApiRequest, apiKey: string, deadline: number): ApiResponse {
  const client: ApiClient = platformClient({
    apiKey,
    budgetMs: deadline - platformClock.now(),
    cache: 'document',
  });
  const markers = platformCache('document');
  const peek = (): ApiResponse | undefined => {
    try {
      // A deadline already past: the client answers from its caches and starts no request.
      return client.fetch(request, { deadline: 0 });
    } catch (err) {
      if (isApiError(err) && err.kind === 'out-of-time') return undefined;
      throw err;
    }
  };
  const fetch = () => client.fetch(request, { deadline });
  if (!markers) return peek() ?? fetch();
  return singleFlight(
    {
      marker: flightMarker(request, apiKey),
      peek,
      fetch,
      waitUntil: deadline - OWN_REQUEST_RESERVE_MS,
    },
    { clock: platformClock, markers, lock: documentLock() },
  );
}

/** A hash of base URL, key and request: tells requests and keys apart without holding the key. */
function flightMarker(request: ApiRequest, apiKey: string): string {
  return `rfs-flight.${platformDigest.sha256Hex(JSON.stringify([buildConfig.apiBaseUrl, apiKey, request]))}`;
}

function documentLock(): FlightLock | null {
  const lock = LockService.getDocumentLock();
  return lock ? { tryLock: (ms) => lock.tryLock(ms), release: () => lock.releaseLock() } : null;
}

/** Each distinct day costs two formatDate calls; a timeline repeats none, a report repeats many. */
export function dayInSpreadsheetZone(): DayToDate {
  const zone = SpreadsheetApp.getActive().getSpreadsheetTimeZone();
  const offsetAt = (ms: number): number => offsetMinutes(Utilities.formatDate(new Date(ms), zone, 'Z'));
  const days = new Map<string, number>();
  return (iso) => {
    let ms = days.get(iso);
    if (ms === undefined) {
      ms = midnightInZone(iso, offsetAt).getTime();
      days.set(iso, ms);
    }
    return new Date(ms);
  };
}
