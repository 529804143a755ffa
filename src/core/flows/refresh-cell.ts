// After a refresh that fetched anything, the named cell formulas follow takes the refresh's time, so they
// recalculate (core/formulas/recalculation.ts says why). A refresh where every tab failed leaves them alone:
// they would only fail too, and lose the figures they show. The cell failing costs no figure: it is said on
// the Status record instead. The cell lives on a small hidden tab of ours, found by its name wherever the
// author moves it: two calls a refresh once it exists, and where an author can read the refresh's time.
// platform/sheets/refresh-cell.ts hands in the spreadsheet.
import { REFRESH_CELL_NAME } from '../formulas';
import { plainMessageOf } from '../google-faults';
import { freeTabName } from '../tabs';

const TAB_TITLE = 'Royalties refresh';
const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** The named cell: set to the refresh's time (found, or made the first time); throws as Google does. */
export interface RefreshCellPort {
  setRefreshTime(at: Date): void;
}

/** The spreadsheet as the refresh cell needs it; `C` is its cell (a range in Apps Script). */
export interface RefreshCellSheets<C> {
  /** The cell under this name, null for none; may throw for a name left pointing at a deleted tab. */
  namedCell(name: string): C | null;
  tabNames(): ReadonlySet<string>;
  /** A new tab at this position, hidden, and its first cell in this number format. */
  newHiddenCell(title: string, position: number, format: string): C;
  /** Throws when no range has this name. */
  removeName(name: string): void;
  nameCell(name: string, cell: C): void;
  setTime(cell: C, at: Date): void;
}

function madeCell<C>(sheets: RefreshCellSheets<C>): C {
  const names = sheets.tabNames();
  const cell = sheets.newHiddenCell(freeTabName(TAB_TITLE, names), names.size, TIME_FORMAT);
  try {
    // A name left pointing at a deleted tab (#REF!) would refuse the new one.
    sheets.removeName(REFRESH_CELL_NAME);
  } catch {
    // None: the usual case.
  }
  sheets.nameCell(REFRESH_CELL_NAME, cell);
  return cell;
}

/** The named cell set to the refresh's time, made the first time (or after the author deleted it): Sheets
 * then recalculates every formula that references it. Throws as Google does. */
export function refreshCellIn<C>(sheets: RefreshCellSheets<C>): RefreshCellPort {
  return {
    setRefreshTime(at) {
      let cell: C | null = null;
      try {
        cell = sheets.namedCell(REFRESH_CELL_NAME);
      } catch {
        // Thrown, as it might be for a name left pointing at a deleted tab (Google documents neither way;
        // docs/google-rules.md): made anew.
      }
      sheets.setTime(cell ?? madeCell(sheets), at);
    },
  };
}

/** The summary as it was, or with the cell's failure said plainly for the Status record. */
export function followedByFormulas<
  T extends { tabs: readonly { error: string | null }[]; finishedAt: string },
>(summary: T, cell: RefreshCellPort): T {
  if (summary.tabs.length && summary.tabs.every((tab) => tab.error !== null)) return summary;
  try {
    cell.setRefreshTime(new Date(summary.finishedAt));
    return summary;
  } catch (err) {
    return { ...summary, statusError: `${REFRESH_CELL_NAME} not updated: ${plainMessageOf(err)}` };
  }
}
