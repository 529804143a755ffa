// Running a custom function: the arguments (defaults from the sidebar settings), the owner's allowance,
// the owner's key, one request shared by every cell asking the same (shared cache + single flight), and
// the cells to spill. Everything happens within 25 of the 30 seconds Sheets allows a custom function.
// Every cell is its own execution, so each service call here is paid per cell: a recalculated cell whose
// answer is kept makes two, the document cache and one read of it (the answer and the spreadsheet's facts
// together, the owner's allowance among them), and asks no property, SpreadsheetApp, LockService nor
// Utilities. Any other cell reads the owner's user properties once (allowance, key, key fingerprint).
import type { ApiResponse } from '../core/api';
import { ApiError } from '../core/api';
import {
  ACCESS_ON,
  answerEntry,
  answerIdentity,
  answerKey,
  type DayToDate,
  FORMULA_ACCESS_OFF,
  FORMULA_FUNCTIONS,
  type FormulaArguments,
  type FormulaCall,
  type FormulaName,
  type FormulaResult,
  formulaAccessProperty,
  formulaCall,
  formulaOutput,
  keptAnswer,
  type Look,
  NO_KEY_FOR_FORMULAS,
  refreshGeneration,
  singleFlight,
} from '../core/formulas';
import { formulaPermissionSentence, PermissionMissing, plainPermissionError } from '../core/permissions';
import { accountFacts, toReportTable } from '../core/report';
import { platformClient } from './api';
import { platformCache } from './cache';
import { cellCache } from './cell-cache';
import { platformClock } from './clock';
import { userValues } from './document';
import { type DocumentFacts, documentFacts } from './document-facts';
import { primeTimeoutMemory } from './fetch-timeout';
import { keyIn } from './key-store';
import { storedSettingsText } from './settings-store';
import { midnightsInSheetZone } from './zone-offsets';

/** Of Sheets' 30 s: the rest is for reading settings and shaping the cells. */
const FORMULA_BUDGET_MS = 25_000;
/** A waiter stops waiting for another cell's request this long before its deadline, to make its own. */
const OWN_REQUEST_RESERVE_MS = 8_000;

/** The entry point of one custom function: positional arguments named as FORMULA_FUNCTIONS lists them
 * (the same order as the registry's parameters; a test checks they agree). */
export function customFunction(name: FormulaName): (...args: unknown[]) => FormulaResult {
  return (...args) => {
    try {
      return runFormula(
        name,
        Object.fromEntries(FORMULA_FUNCTIONS[name].params.map((param, i) => [param, args[i]])),
      );
    } catch (err) {
      // The owner's grant lacks a permission (the API's, or the spreadsheet's for the formula's own reads):
      // one sentence that says where it is granted, never Google's text.
      const plain = plainPermissionError(err);
      throw plain instanceof PermissionMissing ? new Error(formulaPermissionSentence(plain.scopes)) : err;
    }
  };
}

function runFormula(name: FormulaName, args: FormulaArguments): FormulaResult {
  const deadline = platformClock.now() + FORMULA_BUDGET_MS;
  const facts = documentFacts(platformCache('document'), storedSettingsText);
  const identity = answerIdentity(name, args);
  const kept = keptAnswerOf(facts, identity);
  if (kept !== undefined) return kept;
  // One read of the owner's user properties serves the allowance, the key and its fingerprint.
  const owner = userValues();
  primeTimeoutMemory(owner);
  // The owner's allowance, always checked before any request and before anything is shown.
  const allow = () => {
    if (owner.getProperty(formulaAccessProperty(facts.id())) !== ACCESS_ON) refuse(facts, FORMULA_ACCESS_OFF);
  };
  let call: FormulaCall;
  try {
    call = formulaCall(name, args, facts.settings);
  } catch (err) {
    allow();
    throw err;
  }
  const key = keyIn(owner);
  if (key === null) {
    allow();
    refuse(facts, NO_KEY_FOR_FORMULAS);
  }
  const { apiKey, fingerprint } = key;
  // What this cell writes for later cells waits for its last write: one cache call for all of it.
  const cell = facts.cache && cellCache(facts.cache);
  const client = platformClient({
    apiKey,
    keyFingerprint: fingerprint,
    generation: refreshGeneration(args.refreshed),
    budgetMs: deadline - platformClock.now(),
    cache: cell ? cell.port : 'none',
  });
  const { request, field } = call;
  // Beside the response's own cache key, so it tells requests, keys and refreshes apart without holding
  // the key; read with the response, so a cell that finds another fetching waits with no more calls.
  const marker = `${client.cacheKey(request)}.flight`;
  const look = (): Look<ApiResponse> => {
    cell?.along(marker);
    let answer: ApiResponse | undefined;
    try {
      // A deadline already past: the client answers from its caches and starts no request.
      answer = client.fetch(request, { deadline: 0 });
    } catch (err) {
      if (!(err instanceof ApiError && err.kind === 'out-of-time')) throw err;
    }
    return { answer, state: cell?.seen(marker) };
  };
  // The cached response (read with the facts in one cache call), else, once the allowance is checked, one
  // request shared by every cell asking the same. When the facts are already at hand (an argument left to
  // the settings), the allowance costs nothing more: checked first. Otherwise the facts come with the
  // cached response, and the check follows.
  const early = facts.read();
  if (early) allow();
  const first = look();
  if (!early) allow();
  let response: ApiResponse;
  try {
    response =
      first.answer ||
      (facts.cache && cell
        ? singleFlight(
            {
              marker,
              look,
              // Asked right after a look that found nothing: straight to the API.
              fetch: () => client.fetch(request, { deadline, readCache: false }),
              waitUntil: deadline - OWN_REQUEST_RESERVE_MS,
              seen: first.state,
            },
            {
              clock: platformClock,
              markers: facts.cache,
              outcome: cell.port,
              // Asked only to claim a request: a cell answered from a cache never asks LockService.
              lock: () => LockService.getDocumentLock(),
            },
          )
        : client.fetch(request, { deadline }));
  } catch (err) {
    // The outcome ("failed: …") still reaches the waiters, with whatever else this cell learnt.
    if (cell) {
      const { entries, ttlSeconds } = cell.written();
      facts.save(entries, ttlSeconds);
    }
    throw err;
  }
  const { data, pages, expiresAt } = response;
  const table = toReportTable(
    data,
    request.endpoint,
    pages?.unread ?? null,
    pages?.rows ?? null,
    pages?.repeated ?? null,
  );
  const lead = request.endpoint === 'account' ? accountFacts(data) : undefined;
  const output = (dayToDate: DayToDate) =>
    formulaOutput(table, { functionName: name, dayToDate, field, lead });
  // A first pass lists the days the cells show; their dates then cost a few questions for all of them.
  const days = new Set<string>();
  let result = output((iso) => {
    days.add(iso);
    return new Date(0);
  });
  if (days.size > 0) {
    const dates = midnightsInSheetZone(facts, days);
    result = output((iso) => dates.get(iso)!);
  }
  // Allowed, with this key: the next cells may show kept answers without asking the owner's properties.
  facts.noteAllowedKey(fingerprint);
  // Kept only when the response says when it expires, so the answer never outlives it.
  const entry =
    expiresAt &&
    answerEntry(
      identity,
      {
        key: fingerprint,
        settings: facts.settingsRead(),
        zone: days.size > 0 ? facts.zone() : undefined,
      },
      expiresAt,
      result,
    );
  const written = cell?.written() ?? { entries: {}, ttlSeconds: undefined };
  facts.save({ ...written.entries, ...(entry ? { [answerKey(identity)]: entry } : {}) }, written.ttlSeconds);
  return result;
}

/** The answer an earlier cell kept, read with the facts in one cache call; shown only while the facts
 * still carry the key it was fetched with (the owner's allowance) and the settings and zone it read. */
function keptAnswerOf(facts: DocumentFacts, identity: string): FormulaResult | undefined {
  if (!facts.cache) return undefined;
  const key = answerKey(identity);
  let found: Record<string, string>;
  try {
    found = facts.cache.getAll([key]);
  } catch {
    return undefined;
  }
  const now = facts.carried();
  return keptAnswer(
    found[key],
    identity,
    platformClock.now(),
    (basis) =>
      now.allowedKey === basis.key &&
      // The settings and the zone count only when the answer read them.
      (basis.settings === undefined || now.settings === basis.settings) &&
      (basis.zone === undefined || now.zone === basis.zone),
  );
}

/** Refused by the owner's properties: the facts stop carrying an allowance, so no kept answer shows. */
function refuse(facts: DocumentFacts, message: string): never {
  facts.noteAllowedKey(undefined);
  facts.save();
  throw new Error(message);
}
