// Reading the Royalties dashboard back from the emulator: its tables by title, its chart data blocks by
// header, and its charts through the test's own (uncounted) view of the sheet.
import type { SheetSnapshot } from '../../local/gas/index.ts';
import { columnLetters } from '../../local/gas/spreadsheet/a1.ts';
import type { AddOn } from '../support/addon.ts';
import { ourTab } from '../tabs/support.ts';

export function dashboard(addOn: AddOn): SheetSnapshot {
  return ourTab(addOn, 'dashboard');
}

/** Rows of the table titled `title` in columns A–H: header row, then data rows up to the first blank. */
export function table(snapshot: SheetSnapshot, title: string): { headers: unknown[]; rows: unknown[][] } {
  const top = snapshot.values.findIndex((row) => row[0] === title);
  if (top < 0) throw new Error(`No table "${title}" on the dashboard`);
  const headers = snapshot.values[top + 1]!.slice(0, 8);
  const rows: unknown[][] = [];
  for (let r = top + 2; r < snapshot.values.length && snapshot.values[r]?.[0] !== ''; r++) {
    rows.push(snapshot.values[r]!.slice(0, 8));
  }
  return { headers, rows };
}

/** The tiles: label → [this period, previous period, change]. */
export function tiles(snapshot: SheetSnapshot): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  for (let c = 1; c < 8; c++) {
    const label = snapshot.values[1]?.[c];
    if (typeof label === 'string' && label !== '')
      out.set(
        label,
        [2, 3, 4].map((r) => snapshot.values[r]?.[c]),
      );
  }
  return out;
}

/** The A1 notation of the chart data block whose first header is `header` (row 2), `width` columns wide. */
export function blockA1(snapshot: SheetSnapshot, header: string, width: number): string {
  const at = snapshot.values[1]!.findIndex((v, c) => c >= 16 && v === header);
  if (at < 0) throw new Error(`No chart data block "${header}"`);
  let last = 1;
  while (snapshot.values[last + 1]?.[at] !== undefined && snapshot.values[last + 1]?.[at] !== '') last++;
  return `${columnLetters(at + 1)}2:${columnLetters(at + width)}${last + 1}`;
}

type EmbeddedChart = GoogleAppsScript.Spreadsheet.EmbeddedChart;

export function dashboardSheet(addOn: AddOn): GoogleAppsScript.Spreadsheet.Sheet {
  const sheet = addOn.emulator.spreadsheet.getSheetByName(dashboard(addOn).name);
  if (!sheet) throw new Error('No dashboard sheet');
  return sheet;
}

export function charts(addOn: AddOn): EmbeddedChart[] {
  return dashboardSheet(addOn).getCharts();
}

export function chartByTitle(addOn: AddOn, title: string): EmbeddedChart {
  const found = charts(addOn).filter((c) => c.getOptions().get('title') === title);
  if (found.length !== 1) throw new Error(`${found.length} charts titled "${title}"`);
  return found[0]!;
}

export function rangesOf(chart: EmbeddedChart): string[] {
  return chart.getRanges().map((r) => r.getA1Notation());
}
