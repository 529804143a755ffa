// Developer metadata: key/value tags the add-on puts on its own tabs. They belong to the sheet, so they
// survive renames and moves.
import type { Env } from '../env.ts';
import { GasObject } from '../gas-object.ts';
import { GasError, messages } from '../messages.ts';
import type { SpreadsheetHandle } from './handles.ts';
import { type DeveloperMetadataLocation, locationOf } from './metadata-location.ts';
import type { MetadataModel } from './model.ts';

const VISIBILITIES = new Set(['DOCUMENT', 'PROJECT']);

export class DeveloperMetadata extends GasObject {
  readonly _class = 'DeveloperMetadata';

  constructor(
    env: Env,
    readonly _spreadsheet: SpreadsheetHandle,
    readonly _owner: MetadataModel[],
    readonly _model: MetadataModel,
  ) {
    super(env);
  }

  getId(): number {
    return this._model.id;
  }
  getKey(): string {
    return this._model.key;
  }
  getValue(): string | null {
    return this._model.value;
  }
  getVisibility(): string {
    return this._model.visibility;
  }
  getLocation(): DeveloperMetadataLocation {
    return locationOf(this._env, this._spreadsheet, this._owner);
  }
  setKey(key: string): DeveloperMetadata {
    const checked = checkedKey(key);
    checkRoom(this._env, this._owner, checked.length + (this._model.value?.length ?? 0), this._model);
    this._model.key = checked;
    this._env.capture(this._model.key);
    return this;
  }
  setValue(value: string): DeveloperMetadata {
    const text = String(value);
    checkRoom(this._env, this._owner, this._model.key.length + text.length, this._model);
    this._model.value = text;
    this._env.capture(this._model.value);
    return this;
  }
  setVisibility(visibility: string): DeveloperMetadata {
    this._model.visibility = checkedVisibility(visibility);
    return this;
  }
  remove(): void {
    const i = this._owner.indexOf(this._model);
    if (i >= 0) this._owner.splice(i, 1);
  }
}

function checkedKey(key: unknown): string {
  if (typeof key !== 'string' || key === '') throw new GasError(messages.invalidArgument('key'));
  return key;
}

function checkedVisibility(v: unknown): 'DOCUMENT' | 'PROJECT' {
  const s = String(v);
  if (!VISIBILITIES.has(s)) throw new GasError(messages.invalidArgument('visibility'));
  return s as 'DOCUMENT' | 'PROJECT';
}

/**
 * The metadata of one location (the spreadsheet, or one sheet) is limited in size: 30,000 characters per
 * location as reported; the Sheets guide ("Read, write, and search metadata") states no figure in the copies
 * read here, so UNCONFIRMED (docs/google-rules.md). Pessimistic reading: keys and values both count, and
 * every visibility. EmulatorOptions.developerMetadataLimit sets another (null: no limit).
 */
export const DEVELOPER_METADATA_LIMIT = 30_000;

/** Refuses a change that would take the location (`owner`) past the limit; `replacing`: the entry changed. */
function checkRoom(env: Env, owner: MetadataModel[], size: number, replacing: MetadataModel | null): void {
  const limit = env.world.readings.developerMetadataLimit;
  if (limit === null) return;
  let total = size;
  for (const m of owner) if (m !== replacing) total += m.key.length + (m.value?.length ?? 0);
  if (total > limit) throw new GasError(messages.metadataTooLarge(limit));
}

/**
 * addDeveloperMetadata(key), (key, visibility), (key, value) and (key, value, visibility). Visibility
 * values are the strings 'DOCUMENT'/'PROJECT', so a two-argument call with one of those means visibility.
 */
export function addMetadata(env: Env, owner: MetadataModel[], args: unknown[]): void {
  const [key, a, b] = args;
  const isVisibility = (v: unknown) => typeof v === 'string' && VISIBILITIES.has(v);
  let value: string | null = null;
  let visibility: 'DOCUMENT' | 'PROJECT' = 'DOCUMENT';
  if (args.length === 2 && isVisibility(a)) visibility = checkedVisibility(a);
  else if (args.length >= 2) value = a === null || a === undefined ? null : String(a);
  if (args.length >= 3) visibility = checkedVisibility(b);
  const checked = checkedKey(key);
  checkRoom(env, owner, checked.length + (value?.length ?? 0), null);
  const model = env.world.spreadsheet.newMetadata(checked, value, visibility);
  env.capture(`${model.key}=${model.value ?? ''}`);
  owner.push(model);
}

export function metadataOf(
  env: Env,
  spreadsheet: SpreadsheetHandle,
  owner: MetadataModel[],
): DeveloperMetadata[] {
  return owner.map((m) => new DeveloperMetadata(env, spreadsheet, owner, m));
}
