// The workbook cannot carry the dashboard's charts (write-excel-file writes cells, not charts), so its
// dashboard tab says where they are instead of "to the right, from column J", where the tab in Sheets has them.
import { CHARTS_NOTE_ROW } from '../../src/core/dashboard/index.ts';
import { DASHBOARD_HTML } from '../dashboard/render.ts';
import type { ExportTab } from './workbook.ts';

/** `page`: the dashboard page's file name, written beside the workbook (dashboardFileFor). */
function workbookChartsNote(page: string): string {
  return `Charts: not in this workbook, which holds the figures they draw (the chart data from column Q); ${page}, written beside it, draws them.`;
}

/** The note of the default workbook, royalties.xlsx. */
export const WORKBOOK_CHARTS_NOTE = workbookChartsNote(DASHBOARD_HTML);

/** The dashboard tab with the workbook's own note about its charts in place of the one for Sheets. */
export function withWorkbookChartsNote(tab: ExportTab, page: string = DASHBOARD_HTML): ExportTab {
  const at = CHARTS_NOTE_ROW - 1;
  const note = workbookChartsNote(page);
  const cells = tab.cells.map((row, r) =>
    r === at ? row.map((cell, c) => (c === 0 ? { ...cell, value: note } : cell)) : row,
  );
  return { ...tab, cells };
}
