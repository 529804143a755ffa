// Finding developer metadata across the whole spreadsheet (Spreadsheet.createDeveloperMetadataFinder) and
// where a piece of it sits (DeveloperMetadata.getLocation). Only spreadsheet- and sheet-level metadata are
// emulated, so the locations are SPREADSHEET and SHEET; getSheet() is null for the spreadsheet's own, as
// Google documents ("null if the location type is not SHEET").
import type { Env } from '../env.ts';
import { GasObject } from '../gas-object.ts';
import { DeveloperMetadata } from './metadata.ts';
import type { MetadataModel, SheetModel } from './model.ts';
import type { Sheet } from './sheet.ts';
import { Spreadsheet } from './spreadsheet.ts';

export class DeveloperMetadataLocation extends GasObject {
  readonly _class = 'DeveloperMetadataLocation';

  constructor(
    env: Env,
    /** Null: the spreadsheet itself. */
    readonly _sheet: SheetModel | null,
  ) {
    super(env);
  }

  getLocationType(): string {
    return this._sheet ? 'SHEET' : 'SPREADSHEET';
  }
  getSheet(): Sheet | null {
    return this._sheet ? new Spreadsheet(this._env)._sheet(this._sheet) : null;
  }
  getSpreadsheet(): Spreadsheet | null {
    return this._sheet ? null : new Spreadsheet(this._env);
  }
}

/** Which sheet holds `owner` (a metadata list), or null for the spreadsheet's own list. */
export function locationOf(env: Env, owner: MetadataModel[]): DeveloperMetadataLocation {
  const sheet = env.world.spreadsheet.sheets.find((s) => s.metadata === owner) ?? null;
  return new DeveloperMetadataLocation(env, sheet);
}

export class DeveloperMetadataFinder extends GasObject {
  readonly _class = 'DeveloperMetadataFinder';
  #key: string | null = null;

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
        .map((m) => new DeveloperMetadata(this._env, owner, m)),
    );
  }
}
