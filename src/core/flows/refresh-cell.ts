// After a refresh that fetched anything, the named cell formulas follow takes the refresh's time, so they
// recalculate (core/formulas/recalculation.ts says why). A refresh where every tab failed leaves them alone:
// they would only fail too, and lose the figures they show. The cell failing costs no figure: it is said on
// the Status record instead. platform/sheets/refresh-cell.ts finds or makes the cell.
import { REFRESH_CELL_NAME } from '../formulas';
import { plainMessageOf } from '../google-faults';

/** The named cell: set to the refresh's time (found, or made the first time); throws as Google does. */
export interface RefreshCellPort {
  setRefreshTime(at: Date): void;
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
