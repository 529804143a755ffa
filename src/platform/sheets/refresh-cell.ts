// The named cell every refresh updates (src/core/formulas/recalculation.ts says why formulas take it). It lives
// on a small hidden sheet of ours, found by its name wherever the author moves it: two calls a refresh
// once it exists. The cell holds the refresh's time, so it is also where an author can read it.

import { messageOf } from '../../core/base/unknown';
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

/** After a refresh that fetched anything: formulas that follow the refresh recalculate. A refresh where
 * every tab failed leaves them alone (they would only fail too, and lose the figures they show). */
export function followedByFormulas<
  T extends { tabs: readonly { error: string | null }[]; finishedAt: string },
>(summary: T): T {
  if (summary.tabs.length && summary.tabs.every((tab) => tab.error !== null)) return summary;
  try {
    const spreadsheet = theSpreadsheet();
    let cell: GoogleAppsScript.Spreadsheet.Range | null = null;
    try {
      cell = spreadsheet.getRangeByName(REFRESH_CELL_NAME);
    } catch {
      // Thrown, as it might be for a name left pointing at a deleted sheet (Google documents neither way;
      // docs/google-rules.md): made anew.
    }
    // The refresh's time, in the cell made the first time (or after the author deleted it): Sheets then
    // recalculates every formula that references it.
    (cell || createCell(spreadsheet)).setValue(new Date(summary.finishedAt));
    return summary;
  } catch (err) {
    return { ...summary, statusError: `${REFRESH_CELL_NAME} not updated: ${messageOf(err)}` };
  }
}
