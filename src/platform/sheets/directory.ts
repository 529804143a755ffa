// Which sheets are ours (core/flows/tab-directory.ts decides: the mark, a renamed tab, a sheet of the
// author's under our name): here, its ports over one spreadsheet's sheets and developer metadata.

import { type OwnedTabOf, openTabDirectory, type TabDirectoryOf } from '../../core/flows/tab-directory';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Metadata = GoogleAppsScript.Spreadsheet.DeveloperMetadata;

export type OwnedTab = OwnedTabOf<Sheet, Metadata>;

/** Every sheet's name: unique in a spreadsheet, so also how many sheets there are. */
export function sheetNames(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): Set<string> {
  return new Set(spreadsheet.getSheets().map((sheet) => sheet.getName()));
}

function open(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): TabDirectory {
  return openTabDirectory<Sheet, Metadata>({
    findMarks: (key) => spreadsheet.createDeveloperMetadataFinder().withKey(key).find(),
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

/** Which tabs are ours in one spreadsheet, for one refresh: TabDirectory.open(spreadsheet). */
export const TabDirectory = { open };
export type TabDirectory = TabDirectoryOf<Sheet, Metadata>;
