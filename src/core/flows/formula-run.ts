// A custom function's run, one cell: the arguments (defaults from the sidebar settings), the owner's
// allowance, the owner's key, one request shared by every cell asking the same (shared cache + single
// flight), and the cells to spill, all within 25 of the 30 seconds Sheets allows. Every cell is its own
// execution, so each port call here is paid per cell: a recalculated cell whose answer is kept makes two,
// the document cache and one read of it (the answer and the spreadsheet's facts together, the owner's
// allowance among them), and asks no property, spreadsheet, lock nor zone. Any other cell reads the owner's
// user properties once (allowance, key, key fingerprint). platform/formulas.ts builds the ports.
import { type ApiClient, ApiError, type ApiResponse } from '../api';
import {
  ACCESS_ON,
  answerEntry,
  answerIdentity,
  answerKey,
  type DayToDate,
  type FlightLock,
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
  knownOffsets,
  type Look,
  midnightsInZone,
  NO_KEY_FOR_FORMULAS,
  refreshGeneration,
  singleFlight,
} from '../formulas';
import { cellCache } from '../formulas/cell-cache';
import { type DocumentFacts, documentFacts } from '../formulas/document-facts';
import { formulaPermissionSentence, PermissionMissing, plainPermissionError } from '../permissions';
import type { CachePort, ClockPort } from '../ports';
import { accountFacts, toReportTable } from '../report';

/** Of Sheets' 30 s: the rest is for reading settings and shaping the cells. */
export const FORMULA_BUDGET_MS = 25_000;
/** A waiter stops waiting for another cell's request this long before its deadline, to make its own. */
export const OWN_REQUEST_RESERVE_MS = 8_000;

/** The owner's user properties, read whole in one call (Google hands a formula the owner's). */
export interface FormulaOwner {
  property(name: string): string | null;
  /** The owner's key beside its fingerprint; null when either is missing. */
  readonly key: { readonly apiKey: string; readonly fingerprint: string } | null;
}

/** What the cell's client is made with (platform/api.ts, platformClient). */
export interface FormulaClientOptions {
  readonly apiKey: string;
  readonly keyFingerprint: string;
  readonly generation: string | undefined;
  readonly budgetMs: number;
  /** The cell's own use of the document cache; undefined: no cache. */
  readonly cache: CachePort | undefined;
}

/** What one cell asks of Apps Script, each a service call or more (platform/formulas.ts). */
export interface FormulaPorts {
  readonly clock: ClockPort;
  /** The document cache (undefined outside a document). */
  documentCache(): CachePort | undefined;
  /** The settings property as stored (null: never saved). */
  storedSettings(): string | null;
  /** The active spreadsheet, opened when first asked. */
  openSpreadsheet(): { id(): string; zone(): string };
  owner(): FormulaOwner;
  client(options: FormulaClientOptions): ApiClient;
  /** The document lock, asked only to claim a request: a cell answered from a cache never asks. */
  lock(): FlightLock | null;
  /** An instant's offset from UTC in `zone`, in minutes. */
  offsetInZone(zone: string): (ms: number) => number;
}

/** One custom function's answer to its positional arguments, named as FORMULA_FUNCTIONS lists them (the
 * same order as the registry's parameters; a test checks they agree). */
export function answerFormula(
  name: FormulaName,
  args: readonly unknown[],
  ports: FormulaPorts,
): FormulaResult {
  return sayingPermissions(() => {
    const named = Object.fromEntries(FORMULA_FUNCTIONS[name].params.map((param, i) => [param, args[i]]));
    return runFormula(name, named, ports);
  });
}

/** A cell's answer; when the owner's grant lacks a permission (the API's, or the spreadsheet's for the
 * formula's own reads), one sentence that says where it is granted, never Google's text. */
export function sayingPermissions<T>(answer: () => T): T {
  try {
    return answer();
  } catch (err) {
    const plain = plainPermissionError(err);
    throw plain instanceof PermissionMissing ? new Error(formulaPermissionSentence(plain.scopes)) : err;
  }
}

function runFormula(name: FormulaName, args: FormulaArguments, ports: FormulaPorts): FormulaResult {
  const { clock } = ports;
  const deadline = clock.now() + FORMULA_BUDGET_MS;
  const facts = documentFacts({
    cache: ports.documentCache(),
    storedSettings: ports.storedSettings,
    openSpreadsheet: ports.openSpreadsheet,
    now: () => clock.now(),
  });
  const identity = answerIdentity(name, args);
  const kept = keptAnswerOf(facts, identity, clock);
  if (kept !== undefined) return kept;
  // One read of the owner's user properties serves the allowance, the key and its fingerprint.
  const owner = ports.owner();
  // The owner's allowance, always checked before any request and before anything is shown.
  const allow = () => {
    if (owner.property(formulaAccessProperty(facts.id())) !== ACCESS_ON) refuse(facts, FORMULA_ACCESS_OFF);
  };
  let call: FormulaCall;
  try {
    call = formulaCall(name, args, facts.settings);
  } catch (err) {
    allow();
    throw err;
  }
  const { key } = owner;
  if (key === null) {
    allow();
    refuse(facts, NO_KEY_FOR_FORMULAS);
  }
  const { apiKey, fingerprint } = key;
  // What this cell writes for later cells waits for its last write: one cache call for all of it.
  const cell = facts.cache && cellCache(facts.cache);
  const client = ports.client({
    apiKey,
    keyFingerprint: fingerprint,
    generation: refreshGeneration(args.refreshed),
    budgetMs: deadline - clock.now(),
    cache: cell?.port,
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
            { clock, markers: facts.cache, outcome: cell.port, lock: ports.lock },
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
    const dates = midnightsInSheetZone(facts, days, ports.offsetInZone);
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
function keptAnswerOf(facts: DocumentFacts, identity: string, clock: ClockPort): FormulaResult | undefined {
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
    clock.now(),
    (basis) =>
      now.allowedKey === basis.key &&
      // The settings and the zone count only when the answer read them.
      (basis.settings === undefined || now.settings === basis.settings) &&
      (basis.zone === undefined || now.zone === basis.zone),
  );
}

/** Calendar days → Dates at midnight in the spreadsheet's zone. Each offset the zone is asked for is a
 * service call; what one cell learnt is kept among the facts, so the next cells showing the same days (a
 * recalculation, a copied formula) ask nothing. Offsets are facts about the zone, not anyone's data. */
function midnightsInSheetZone(
  facts: DocumentFacts,
  days: Iterable<string>,
  offsetInZone: FormulaPorts['offsetInZone'],
): Map<string, Date> {
  const known = facts.offsets();
  const offsets = knownOffsets(offsetInZone(facts.zone()), known);
  const dates = midnightsInZone(days, offsets);
  // Each question added one sample: keep them only when something was asked.
  const samples = offsets.samples();
  if (samples.length > known.length) facts.learnOffsets(samples);
  return dates;
}

/** Refused by the owner's properties: the facts stop carrying an allowance, so no kept answer shows. */
function refuse(facts: DocumentFacts, message: string): never {
  facts.noteAllowedKey(undefined);
  facts.save();
  throw new Error(message);
}
