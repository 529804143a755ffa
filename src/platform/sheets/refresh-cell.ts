// The named cell every refresh updates, in Apps Script's spreadsheet: core/flows/refresh-cell.ts decides
// when it is set, where it is made and what a failure says.

import {
  followedByFormulas as followed,
  type RefreshCellSheets,
  refreshCellIn,
} from '../../core/flows/refresh-cell';
import { theSpreadsheet } from '../document';
import { sheetNames } from './directory';

type Range = GoogleAppsScript.Spreadsheet.Range;

function cellsOf(spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): RefreshCellSheets<Range> {
  return {
    namedCell: (name) => spreadsheet.getRangeByName(name),
    tabNames: () => sheetNames(spreadsheet),
    newHiddenCell(title, position, format) {
      const sheet = spreadsheet.insertSheet(title, position);
      sheet.hideSheet();
      const cell = sheet.getRange(1, 1);
      cell.setNumberFormat(format);
      return cell;
    },
    removeName: (name) => spreadsheet.removeNamedRange(name),
    nameCell: (name, cell) => spreadsheet.setNamedRange(name, cell),
    setTime: (cell, at) => cell.setValue(at),
  };
}

/** After a refresh that fetched anything: formulas that follow the refresh recalculate. */
export function followedByFormulas<
  T extends { tabs: readonly { error: string | null }[]; finishedAt: string },
>(summary: T): T {
  return followed(summary, {
    setRefreshTime: (at) => refreshCellIn(cellsOf(theSpreadsheet())).setRefreshTime(at),
  });
}
