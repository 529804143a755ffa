// Which sheets are ours (core/flows/tab-directory.ts decides: the mark, a renamed tab, a sheet of the
// author's under our name): here, its ports over one spreadsheet's sheets and developer metadata. A custom
// function may be refused the metadata finder (Google is silent): TabDirectory.reader reads each sheet's own.

import { type OwnedTabOf, openTabDirectory, type TabDirectoryOf } from '../../core/flows/tab-directory';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Metadata = GoogleAppsScript.Spreadsheet.DeveloperMetadata;

export type OwnedTab = OwnedTabOf<Sheet, Metadata>;

/** Every sheet's name: unique in a spreadsheet, so also how many sheets there are. */
export function sheetNames(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): Set<string> {
  return new Set(spreadsheet.getSheets().map((sheet) => sheet.getName()));
}

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type MarkSearch = (spreadsheet: Spreadsheet, key: string) => Metadata[];

/** One search of the whole spreadsheet. */
const finderSearch: MarkSearch = (spreadsheet, key) =>
  spreadsheet.createDeveloperMetadataFinder().withKey(key).find();

/** get* calls only, for a custom function (guides/sheets/functions: "most get*() methods"): every sheet,
 * each one's metadata, each entry's key. Ours sit on a sheet, so none is missed. */
const sheetBySheetSearch: MarkSearch = (spreadsheet, key) =>
  spreadsheet.getSheets().flatMap((sheet) => sheet.getDeveloperMetadata().filter((m) => m.getKey() === key));

function open(spreadsheet: Spreadsheet, search: MarkSearch = finderSearch): TabDirectory {
  return openTabDirectory<Sheet, Metadata>({
    findMarks: (key) => search(spreadsheet, key),
    markValue: (metadata) => metadata.getValue(),
    sheetOf: (metadata) => metadata.getLocation().getSheet(),
    sheetId: (sheet) => sheet.getSheetId(),
    sheetName: (sheet) => sheet.getName(),
    sheetNames: () => sheetNames(spreadsheet),
    insertSheet: (name, index) => spreadsheet.insertSheet(name, index),
    freezeRows: (sheet, rows) => sheet.setFrozenRows(rows),
    rename: (sheet, name) => sheet.setName(name),
    removeMark: (metadata) => metadata.remove(),
    setMarkValue: (metadata, text) => metadata.setValue(text),
    addMark: (sheet, key, text) => sheet.addDeveloperMetadata(key, text),
  });
}

/** Our tabs, found only (call find alone: nothing is created), where the finder may be refused: a custom
 * function. The finder first, as any other run (no call more where Google allows it); refused, or
 * failing, each sheet's metadata is read instead, whose own failure is the one the caller sees. */
function reader(spreadsheet: Spreadsheet): Pick<TabDirectory, 'find'> {
  try {
    return open(spreadsheet);
  } catch {
    return open(spreadsheet, sheetBySheetSearch);
  }
}

/** Which tabs are ours in one spreadsheet, for one refresh: TabDirectory.open(spreadsheet); for a custom
 * function, TabDirectory.reader(spreadsheet).find(tab). */
export const TabDirectory = { open, reader };
export type TabDirectory = TabDirectoryOf<Sheet, Metadata>;
