// SpreadsheetApp and the Spreadsheet the add-on is bound to (the only one it can reach: the
// spreadsheets.currentonly scope).

import { strictEnum } from '../binding.ts';
import { GasObject } from '../gas-object.ts';
import { GasError, messages, typeNames } from '../messages.ts';
import { User } from '../session.ts';
import { Ui } from '../ui.ts';
import { parseA1, splitSheetName } from './a1.ts';
import { type ConditionalFormatRuleBuilder, newRuleBuilder } from './conditional-format.ts';
import { addMetadata, type DeveloperMetadata, metadataOf } from './metadata.ts';
import { DeveloperMetadataFinder } from './metadata-finder.ts';
import type { SheetModel, SpreadsheetModel } from './model.ts';
import {
  checkRangeName,
  findNamedRange,
  liveNamedRanges,
  NamedRange,
  type NamedRangeModel,
} from './named-range.ts';
import { Range } from './range.ts';
import { Sheet } from './sheet.ts';

export class Spreadsheet extends GasObject {
  readonly _class = 'Spreadsheet';

  get _model(): SpreadsheetModel {
    return this._env.world.spreadsheet;
  }

  _sheet(model: SheetModel): Sheet {
    return new Sheet(this._env, this, model);
  }

  getId(): string {
    return this._model.id;
  }
  getName(): string {
    return this._model.name;
  }
  rename(newName: string): void {
    this._model.name = String(newName);
  }
  getUrl(): string {
    return `https://docs.google.com/spreadsheets/d/${this._model.id}/edit`;
  }
  getOwner(): User {
    return new User(this._env, this._model.owner);
  }
  getSpreadsheetTimeZone(): string {
    return this._model.timeZone;
  }
  setSpreadsheetTimeZone(timeZone: string): void {
    this._model.timeZone = String(timeZone);
  }
  getSpreadsheetLocale(): string {
    return this._model.locale;
  }

  getSheets(): Sheet[] {
    return this._model.sheets.map((s) => this._sheet(s));
  }
  getNumSheets(): number {
    return this._model.sheets.length;
  }
  getSheetByName(name: string): Sheet | null {
    const model = this._model.sheetByName(String(name));
    return model ? this._sheet(model) : null;
  }
  getSheetById(id: number): Sheet | null {
    const model = this._model.sheets.find((s) => s.sheetId === id);
    return model ? this._sheet(model) : null;
  }
  getActiveSheet(): Sheet {
    return this._sheet(this._model.activeSheet);
  }
  setActiveSheet(sheet: Sheet): Sheet {
    this._model.activeSheet = sheet._live();
    return sheet;
  }

  /** insertSheet(), (name), (index), (name, index): placed after the active sheet unless an index is given; becomes active. */
  insertSheet(...args: unknown[]): Sheet {
    const [a, b] = args;
    let name: string | undefined;
    let index = this._model.sheets.indexOf(this._model.activeSheet) + 1;
    if (args.length > 2 || (args.length === 2 && typeof b !== 'number'))
      throw new GasError(messages.notEmulated(`Spreadsheet.insertSheet(${typeNames(args)})`));
    if (typeof a === 'number') index = a;
    else if (a !== undefined) name = String(a);
    if (typeof b === 'number') index = b;
    const model = this._model.insertSheet(name, index);
    this._model.activeSheet = model;
    this._env.capture(model.name);
    return this._sheet(model);
  }
  deleteSheet(sheet: Sheet): void {
    if (!(sheet instanceof Sheet))
      throw new GasError(messages.signature('SpreadsheetApp.Spreadsheet.deleteSheet', typeNames([sheet])));
    this._model.deleteSheet(sheet._live());
  }
  getRange(a1Notation: string): Range {
    const { sheet, cells } = splitSheetName(String(a1Notation));
    const target = sheet === null ? this._model.activeSheet : this._model.sheetByName(sheet);
    if (!target) throw new GasError(messages.rangeNotFound);
    parseA1(cells, target.maxRows, target.maxColumns);
    return this._sheet(target).getRange(cells);
  }

  _rangeOf(named: NamedRangeModel): Range {
    return new Range(this._env, this._sheet(named.sheet), { ...named.rect });
  }
  /** Names a range; a name already in use is refused (UNVERIFIED: Google's reference does not say). */
  setNamedRange(name: string, range: Range): void {
    const text = String(name);
    checkRangeName(text);
    if (!(range instanceof Range))
      throw new GasError(
        messages.signature('SpreadsheetApp.Spreadsheet.setNamedRange', typeNames([name, range])),
      );
    const broken = this._env.world.readings.namedRangeOutlivesSheet;
    if (findNamedRange(this._model.namedRanges, text, broken))
      throw new GasError(messages.invalidArgument('name'));
    this._model.namedRanges.push({ name: text, sheet: range._model, rect: { ...range._rect } });
  }
  /** The named range's cells, or null when no range has that name; for a name left pointing at a deleted
   * sheet, null or (EmulatorOptions.brokenNamedRangeThrows) a throw. The test-facing view never throws. */
  getRangeByName(name: string): Range | null {
    const named = findNamedRange(this._model.namedRanges, String(name));
    if (named) return this._rangeOf(named);
    const { readings } = this._env.world;
    const broken =
      readings.namedRangeOutlivesSheet && findNamedRange(this._model.namedRanges, String(name), true);
    // UNCONFIRMED wording: what Google throws here, if it throws, is not documented.
    if (broken && readings.brokenNamedRangeThrows && this._env.counted)
      throw new GasError(messages.rangeNotFound);
    return null;
  }
  getNamedRanges(): NamedRange[] {
    return liveNamedRanges(this._model.namedRanges).map((n) => new NamedRange(this._env, this, n));
  }
  removeNamedRange(name: string): void {
    const broken = this._env.world.readings.namedRangeOutlivesSheet;
    const named = findNamedRange(this._model.namedRanges, String(name), broken);
    if (!named) throw new GasError(messages.rangeNotFound);
    this._model.namedRanges.splice(this._model.namedRanges.indexOf(named), 1);
  }

  toast(msg: string, title?: string, _timeoutSeconds?: number): void {
    const text = String(msg);
    this._env.world.ui.toasts.push(text);
    this._env.capture(title === undefined ? text : `${String(title)}: ${text}`);
  }

  addDeveloperMetadata(...args: unknown[]): Spreadsheet {
    addMetadata(this._env, this._model.metadata, args);
    return this;
  }
  getDeveloperMetadata(): DeveloperMetadata[] {
    return metadataOf(this._env, this, this._model.metadata);
  }
  /** Searches the spreadsheet's metadata and every sheet's. */
  createDeveloperMetadataFinder(): DeveloperMetadataFinder {
    return new DeveloperMetadataFinder(this._env, this);
  }
}

export class SpreadsheetApp extends GasObject {
  readonly _class = 'SpreadsheetApp';
  readonly DeveloperMetadataVisibility = strictEnum('SpreadsheetApp.DeveloperMetadataVisibility', {
    DOCUMENT: 'DOCUMENT',
    PROJECT: 'PROJECT',
  });

  /** Null where no document is active: "Returns the currently active spreadsheet, or null if there is
   *  none" (reference/spreadsheet/spreadsheet-app#getActive), e.g. a clock trigger under the pessimistic reading. */
  getActiveSpreadsheet(): Spreadsheet | null {
    return this._env.exec.hasDocument ? new Spreadsheet(this._env) : null;
  }
  getActive(): Spreadsheet | null {
    return this.getActiveSpreadsheet();
  }
  getActiveSheet(): Sheet | null {
    return this.getActiveSpreadsheet()?.getActiveSheet() ?? null;
  }
  /**
   * Needs the full `spreadsheets` scope (scopes.ts). Any spreadsheet of the world (documents.ts) its user
   * may open; the emulator plays one spreadsheet per execution, so an execution with a document open may
   * open only that one, and one with none (an add-on's clock trigger) works on the one it opens.
   */
  openById(id: string): Spreadsheet {
    const { world, exec } = this._env;
    const model = world.documents.open(String(id), exec.effectiveUser);
    if (model !== world.spreadsheet) {
      if (exec.hasDocument) throw new Error('The emulator plays one spreadsheet per execution.');
      world.documents.use(world, model.id);
    }
    return new Spreadsheet(this._env);
  }
  newConditionalFormatRule(): ConditionalFormatRuleBuilder {
    return newRuleBuilder(this._env);
  }
  /** Writes apply at once in the emulator, so there is nothing to flush; the call is still counted. */
  flush(): void {}
  getUi(): Ui {
    return new Ui(this._env);
  }
}
