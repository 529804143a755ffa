// Finding developer metadata across the whole spreadsheet (Spreadsheet.createDeveloperMetadataFinder).
import type { Env } from '../env.ts';
import { GasObject } from '../gas-object.ts';
import type { SpreadsheetHandle } from './handles.ts';
import { DeveloperMetadata } from './metadata.ts';

export { DeveloperMetadataLocation } from './metadata-location.ts';

export class DeveloperMetadataFinder extends GasObject {
  readonly _class = 'DeveloperMetadataFinder';
  #key: string | null = null;

  constructor(
    env: Env,
    readonly _spreadsheet: SpreadsheetHandle,
  ) {
    super(env);
  }

  withKey(key: string): DeveloperMetadataFinder {
    this.#key = String(key);
    return this;
  }

  /** The spreadsheet's own metadata first, then each sheet's in tab order (Google does not promise an order). */
  find(): DeveloperMetadata[] {
    const { spreadsheet } = this._env.world;
    const owners = [spreadsheet.metadata, ...spreadsheet.sheets.map((s) => s.metadata)];
    return owners.flatMap((owner) =>
      owner
        .filter((m) => this.#key === null || m.key === this.#key)
        .map((m) => new DeveloperMetadata(this._env, this._spreadsheet, owner, m)),
    );
  }
}
