// Running a custom function: the owner's allowance, the arguments (defaults from the sidebar settings),
// the owner's key, one request shared by every cell asking the same (shared cache + single flight), and
// the cells to spill. Everything happens within 25 of the 30 seconds Sheets allows a custom function.
// Every cell is its own execution, so each service call here is paid per cell: every store is opened once,
// and the lock, the time zone and the date questions only when the cell needs them.
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
  NO_KEY_FOR_FORMULAS,
  singleFlight,
} from '../core/formulas';
import type { CachePort } from '../core/ports';
import { accountFacts, toReportTable } from '../core/report';
import { platformClient } from './api';
import { platformCache } from './cache';
import { platformClock } from './clock';
import { formulaAccessIn } from './formula-access';
import { keyIn } from './key-store';
import { settingsWhenAsked } from './settings-store';
import { midnightsInSheetZone } from './zone-offsets';

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
  // One read of the owner's user properties serves the allowance (checked first) and the key.
  const owner = PropertiesService.getUserProperties().getProperties();
  const spreadsheet = SpreadsheetApp.getActive();
  if (!formulaAccessIn(owner, spreadsheet.getId())) throw new Error(FORMULA_ACCESS_OFF);
  const call = formulaCall(name, args, settingsWhenAsked());
  const apiKey = keyIn(owner);
  if (apiKey === null) throw new Error(NO_KEY_FOR_FORMULAS);

  // One document cache for the responses, the flight markers and the zone's offsets.
  const cache = platformCache('document');
  const response = fetchShared(call.request, apiKey, deadline, cache);
  const endpoint = call.request.endpoint;
  const table = toReportTable(response.data, endpoint);
  const output = (dayToDate: DayToDate) =>
    formulaOutput(table, {
      functionName: name,
      dayToDate,
      ...(call.field === undefined ? {} : { field: call.field }),
      ...(endpoint === 'account' ? { lead: accountFacts(response.data) } : {}),
    });
  // A first pass lists the days the cells show; their dates then cost a few questions for all of them.
  const days = new Set<string>();
  const cells = output((iso) => {
    days.add(iso);
    return new Date(0);
  });
  if (days.size === 0) return cells;
  const dates = midnightsInSheetZone(spreadsheet.getSpreadsheetTimeZone(), days, cache);
  return output((iso) => new Date(dates.get(iso)!.getTime()));
}

function fetchShared(
  request: ApiRequest,
  apiKey: string,
  deadline: number,
  cache: CachePort | undefined,
): ApiResponse {
  const client: ApiClient = platformClient({
    apiKey,
    budgetMs: deadline - platformClock.now(),
    cache: cache || 'none',
  });
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
  if (!cache) return peek() || fetch();
  return singleFlight(
    {
      // Asked only on a miss, after peek: beside the response's own cache key (already digested), so it
      // tells requests and keys apart without holding the key, for no digest of its own.
      get marker() {
        return `${client.cacheKey(request)}.flight`;
      },
      peek,
      fetch,
      waitUntil: deadline - OWN_REQUEST_RESERVE_MS,
    },
    { clock: platformClock, markers: cache, lock: documentLockWhenClaimed() },
  );
}

/** The document lock, taken only when a cell claims a request (a miss); a hit never asks LockService. */
function documentLockWhenClaimed(): FlightLock {
  let lock: GoogleAppsScript.Lock.Lock | null = null;
  return {
    tryLock: (ms) => {
      lock = LockService.getDocumentLock();
      return !!lock && lock.tryLock(ms);
    },
    release: () => {
      if (lock) lock.releaseLock();
    },
  };
}
