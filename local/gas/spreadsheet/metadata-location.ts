// Where a piece of developer metadata sits (DeveloperMetadata.getLocation). Only spreadsheet- and
// sheet-level metadata are emulated, so the locations are SPREADSHEET and SHEET; getSheet() is null for
// the spreadsheet's own, as Google documents ("null if the location type is not SHEET").
import type { Env } from '../env.ts';
import { GasObject } from '../gas-object.ts';
import type { SpreadsheetHandle } from './handles.ts';
import type { MetadataModel, SheetModel } from './model.ts';

export class DeveloperMetadataLocation extends GasObject {
  readonly _class = 'DeveloperMetadataLocation';

  constructor(
    env: Env,
    readonly _spreadsheet: SpreadsheetHandle,
    /** Null: the spreadsheet itself. */
    readonly _sheet: SheetModel | null,
  ) {
    super(env);
  }

  getLocationType(): string {
    return this._sheet ? 'SHEET' : 'SPREADSHEET';
  }
  getSheet(): GasObject | null {
    return this._sheet ? this._spreadsheet._sheet(this._sheet) : null;
  }
  getSpreadsheet(): SpreadsheetHandle | null {
    return this._sheet ? null : this._spreadsheet;
  }
}

/** Which sheet holds `owner` (a metadata list), or the spreadsheet for its own list. */
export function locationOf(
  env: Env,
  spreadsheet: SpreadsheetHandle,
  owner: MetadataModel[],
): DeveloperMetadataLocation {
  const sheet = env.world.spreadsheet.sheets.find((s) => s.metadata === owner) ?? null;
  return new DeveloperMetadataLocation(env, spreadsheet, sheet);
}
