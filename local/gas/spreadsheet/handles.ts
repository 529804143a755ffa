// What the spreadsheet classes need of each other, as types of their own, so the classes import one
// way only: spreadsheet.ts → sheet.ts → range.ts, and metadata-finder.ts → metadata.ts →
// metadata-location.ts, all of them → handles.ts. (Navigation upwards, Range.getSheet or
// Sheet.getParent, returns the object it was given.)
import type { GasObject } from '../gas-object.ts';
import type { SheetModel } from './model.ts';

/** The Spreadsheet, as a Sheet or a metadata location hands it back. */
export interface SpreadsheetHandle extends GasObject {
  _sheet(model: SheetModel): GasObject;
}

/** The Sheet a Range belongs to; R is the Range class (range.ts names it, this module cannot). */
export interface SheetHandle<R> extends GasObject {
  readonly _model: SheetModel;
  getRange(row: number, column: number, numRows?: number, numColumns?: number): R;
}
