// The named cell every refresh updates (src/core/formulas/recalculation.ts says why formulas take it). It lives
// on a small hidden sheet of ours, found by its name wherever the author moves it: two calls a refresh
// once it exists. The cell holds the refresh's time, so it is also where an author can read it.

import { followedByFormulas as followed } from '../../core/flows/refresh-cell';
import { REFRESH_CELL_NAME } from '../../core/formulas';
import { freeTabName } from '../../core/tabs';
import { theSpreadsheet } from '../document';
import { sheetNames } from './directory';

const SHEET_TITLE = 'Royalties refresh';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

function createCell(spreadsheet: Spreadsheet): GoogleAppsScript.Spreadsheet.Range {
  const names = sheetNames(spreadsheet);
  const sheet = spreadsheet.insertSheet(freeTabName(SHEET_TITLE, names), names.size);
  sheet.hideSheet();
  const cell = sheet.getRange(1, 1);
  cell.setNumberFormat('yyyy-mm-dd hh:mm:ss');
  try {
    // A name left pointing at a deleted sheet (#REF!) would refuse the new one.
    spreadsheet.removeNamedRange(REFRESH_CELL_NAME);
  } catch {
    // None: the usual case.
  }
  spreadsheet.setNamedRange(REFRESH_CELL_NAME, cell);
  return cell;
}

/** Sets the named cell to the refresh's time, made the first time (or after the author deleted it):
 * Sheets then recalculates every formula that references it. Throws as Google does. */
function setRefreshTime(at: Date): void {
  const spreadsheet = theSpreadsheet();
  let cell: GoogleAppsScript.Spreadsheet.Range | null = null;
  try {
    cell = spreadsheet.getRangeByName(REFRESH_CELL_NAME);
  } catch {
    // Thrown, as it might be for a name left pointing at a deleted sheet (Google documents neither way;
    // docs/google-rules.md): made anew.
  }
  (cell || createCell(spreadsheet)).setValue(at);
}

/** After a refresh that fetched anything: formulas that follow the refresh recalculate
 * (core/flows/refresh-cell.ts decides when, and what a failure says). */
export function followedByFormulas<
  T extends { tabs: readonly { error: string | null }[]; finishedAt: string },
>(summary: T): T {
  return followed(summary, { setRefreshTime });
}
