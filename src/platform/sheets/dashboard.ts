// The dashboard tab's port over a Sheet (core/flows/dashboard-writer.ts decides what goes where and in what
// order): its state in the tab's own developer metadata, the rectangle from A1 read and written in one call
// each, a band's formats, our charts (dashboard-charts.ts) and colour rules (dashboard-colours.ts), and the
// banner row.
import type { DashboardSheetPort } from '../../core/flows/dashboard-writer';
import { rangeOf, syncCharts } from './dashboard-charts';
import { syncColourRules } from './dashboard-colours';
import { growTo } from './writer';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export const dashboardSheet: DashboardSheetPort<Sheet> = {
  state(sheet, key) {
    const metadata = sheet.getDeveloperMetadata().find((m) => m.getKey() === key);
    return {
      text: metadata ? metadata.getValue() : null,
      save: (text) => (metadata ? metadata.setValue(text) : sheet.addDeveloperMetadata(key, text)),
    };
  },
  grow: growTo,
  rectangle(sheet, rows, columns) {
    const block = sheet.getRange(1, 1, rows, columns);
    return {
      now: { values: block.getValues(), formulas: block.getFormulas() },
      put: (values) => block.setValues(values),
    };
  },
  putValues: (sheet, area, values) => rangeOf(sheet, area).setValues(values),
  putFormats(sheet, band) {
    const range = rangeOf(sheet, band.area);
    range.setNumberFormats(band.formats);
    range.setFontWeights(band.weights);
  },
  syncCharts,
  syncColours: syncColourRules,
  putBannerRow(sheet, row, background) {
    const range = sheet.getRange(1, 1, 1, row.length);
    range.setValues([row]);
    range.setBackground(background);
  },
};
