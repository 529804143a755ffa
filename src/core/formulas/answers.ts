// A formula's answer kept in the document cache, so that a recalculated cell costs one cache read: the
// answer comes back in the same call as the document facts, and the cell asks no property. The entry says
// what the answer was computed under (the owner's key, and the settings and time zone it read) and when the
// response it came from expires; a cell shows it only until then, and only while the facts say the same
// and the owner still lets formulas use that key.
import { utf8Length } from '../base/text';
import { isObject, isScalar, parseJson } from '../base/unknown';
import type { FormulaCell } from './cells';
import { FORMULA_FUNCTIONS, type FormulaName } from './functions';
import type { FormulaResult } from './output';
import type { FormulaArguments } from './request';

/** CacheService keys hold 250 characters. */
const MAX_PLAIN_KEY = 240;
/** CacheService holds 100 KB a value: a bigger answer is not kept (the cell reads the response instead). */
const MAX_ANSWER_BYTES = 95_000;

/** What an answer was computed under. */
export interface AnswerBasis {
  /** Fingerprint of the owner's key (never the key). */
  readonly key: string;
  /** The settings as stored, when the call read them (null: never saved). */
  readonly settings?: string | null;
  /** The spreadsheet's time zone, when the cells hold dates. */
  readonly zone?: string;
}

interface Entry extends AnswerBasis {
  /** The identity, checked on reading: a hashed key could be shared by two. */
  readonly of: string;
  /** When the cached response it came from expires (ms): the answer is never older than that response. */
  readonly until: number;
  readonly cells: unknown;
}

/** Dates and text told apart, at any depth of a range passed as an argument or of a result kept. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return { date: value.getTime() };
  if (Array.isArray(value)) return value.map(plain);
  return value === undefined ? null : value;
}

/** The function and its arguments, in parameter order: two cells asking the same share an answer. */
export function answerIdentity(name: FormulaName, args: FormulaArguments): string {
  return JSON.stringify([name, ...FORMULA_FUNCTIONS[name].params.map((p) => plain(args[p]))]);
}

/** A fast 32-bit string hash (FNV-1a): no service call, and a collision only costs a miss, since the entry
 * names its identity. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

export function answerKey(identity: string): string {
  // The identity itself when it fits a cache key, else its hash (the entry names its identity).
  const plainKey = `rfs-ans ${identity}`;
  return plainKey.length <= MAX_PLAIN_KEY ? plainKey : `rfs-ans# ${hash(identity)}`;
}

function cellIn(value: unknown): FormulaCell | undefined {
  if (value !== null && isScalar(value)) return value;
  const date = isObject(value) && value.date;
  return typeof date === 'number' ? new Date(date) : undefined;
}

/** The entry to keep, or undefined when it is too big for one cache value. */
export function answerEntry(
  identity: string,
  basis: AnswerBasis,
  until: number,
  result: FormulaResult,
): string | undefined {
  const entry: Entry = { ...basis, of: identity, until, cells: plain(result) };
  const text = JSON.stringify(entry);
  return utf8Length(text) <= MAX_ANSWER_BYTES ? text : undefined;
}

/** The kept answer, when the entry is this identity's, its response has not expired by `now`, and `holds`
 * says its basis is still true. */
export function keptAnswer(
  text: string | undefined,
  identity: string,
  now: number,
  holds: (basis: AnswerBasis) => boolean,
): FormulaResult | undefined {
  const entry = parseJson(text || null) as Entry;
  if (!isObject(entry) || entry.of !== identity || typeof entry.key !== 'string') return undefined;
  if (!(typeof entry.until === 'number' && now < entry.until) || !holds(entry)) return undefined;
  if (!Array.isArray(entry.cells)) return cellIn(entry.cells);
  // A row that is not a list is as unreadable as a cell that is no cell: the whole answer is refused.
  const rows = entry.cells.map((row) => (Array.isArray(row) ? row.map(cellIn) : [undefined]));
  return rows.some((row) => row.includes(undefined)) ? undefined : (rows as FormulaCell[][]);
}
