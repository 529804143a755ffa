// Named ranges: Spreadsheet.setNamedRange / getRangeByName / getNamedRanges and NamedRange
// (developers.google.com/apps-script/reference/spreadsheet/named-range). Name rules from the Sheets help
// "Name a range" (support.google.com/docs/answer/63175): letters, numbers and underscores only; not
// starting with a number nor with "true"/"false"; 1 to 250 characters; not an A1 or R1C1 address.
// A named range whose sheet is deleted no longer resolves (Sheets shows #REF!): getRangeByName answers
// null then, and getNamedRanges leaves it out (UNVERIFIED: whether Apps Script still lists it).
import type { Env } from '../env.ts';
import { GasObject } from '../gas-object.ts';
import { GasError, messages } from '../messages.ts';
import type { NamedRangeModel } from './model.ts';
import type { Range } from './range.ts';

export type { NamedRangeModel } from './model.ts';

/** The Spreadsheet, as a NamedRange needs it (handles.ts: the classes import one way only). */
interface RangeMaker {
  _rangeOf(named: NamedRangeModel): Range;
}

const A1_LIKE = /^\$?[A-Za-z]{1,3}\$?\d+$/;
const R1C1_LIKE = /^[Rr]\d*[Cc]\d*$/;

export function checkRangeName(name: string): void {
  const ok =
    /^[A-Za-z_][A-Za-z0-9_]{0,249}$/.test(name) &&
    !/^(true|false)/i.test(name) &&
    !A1_LIKE.test(name) &&
    !R1C1_LIKE.test(name);
  if (!ok) throw new GasError(messages.invalidArgument('name'));
}

/** The live named ranges (their sheet still exists). */
export function liveNamedRanges(all: NamedRangeModel[]): NamedRangeModel[] {
  return all.filter((n) => !n.sheet.deleted);
}

/** `withBroken`: also a name whose sheet was deleted (EmulatorOptions.namedRangeOutlivesSheet). */
export function findNamedRange(
  all: NamedRangeModel[],
  name: string,
  withBroken = false,
): NamedRangeModel | undefined {
  // Sheets compares range names case-insensitively.
  return (withBroken ? all : liveNamedRanges(all)).find((n) => n.name.toLowerCase() === name.toLowerCase());
}

export class NamedRange extends GasObject {
  readonly _class = 'NamedRange';

  constructor(
    env: Env,
    readonly _spreadsheet: RangeMaker,
    readonly _named: NamedRangeModel,
  ) {
    super(env);
  }

  getName(): string {
    return this._named.name;
  }
  getRange(): Range {
    return this._spreadsheet._rangeOf(this._named);
  }
  setName(name: string): NamedRange {
    const text = String(name);
    checkRangeName(text);
    this._named.name = text;
    return this;
  }
  setRange(range: Range): NamedRange {
    this._named.sheet = range._model;
    this._named.rect = { ...range._rect };
    return this;
  }
  remove(): void {
    const all = this._env.world.spreadsheet.namedRanges;
    const i = all.indexOf(this._named);
    if (i >= 0) all.splice(i, 1);
  }
}
