// The tabs the add-on wrote, read back from the emulated spreadsheet: a tab is the add-on's when it carries
// the add-on's own mark (src/core/tabs/mark.ts), the same test the add-on uses, so a sheet the author made
// is never exported as a report and a renamed report tab still is.

import type { CellValue, ReportColumn, ReportFact, ReportTable } from '../../src/core/report/index.ts';
import { HEADER_ROWS, MARK_KEY, parseMark, type TabMark } from '../../src/core/tabs/index.ts';
import type { SheetSnapshot } from '../gas/types.ts';

export interface AddOnTab {
  readonly snapshot: SheetSnapshot;
  readonly mark: TabMark;
}

/** The add-on's tabs in the spreadsheet's order. */
export function addOnTabs(
  sheetNames: readonly string[],
  snapshotOf: (name: string) => SheetSnapshot,
): AddOnTab[] {
  const tabs: AddOnTab[] = [];
  for (const name of sheetNames) {
    const snapshot = snapshotOf(name);
    const metadata = snapshot.developerMetadata.find((m) => m.key === MARK_KEY);
    const mark = metadata?.value ? parseMark(metadata.value) : null;
    if (mark) tabs.push({ snapshot, mark });
  }
  return tabs;
}

/** Row 1 of a tab: the banner the add-on wrote. */
export function bannerOf(tab: AddOnTab): string {
  const first = tab.snapshot.values[0]?.[0];
  return typeof first === 'string' ? first : '';
}

const TEXT = { kind: 'text' } as const;

/** A tab's data block as the report table the add-on laid out, so the add-on's own lookups (findFigure) read it. */
export function tableOf(tab: AddOnTab): ReportTable {
  const keys = tab.mark.columns;
  const labels = tab.snapshot.values[HEADER_ROWS - 1] ?? [];
  const columns: ReportColumn[] = keys.map((key, i) => ({
    key,
    label: String(labels[i] ?? key),
    format: TEXT,
  }));
  const below = tab.snapshot.values.slice(HEADER_ROWS);
  // Rows end where the rows' own columns are empty (the Totals block beside them may run longer).
  const data = below.filter((row) => keys.some((_, i) => (row[i] ?? '') !== ''));
  const rows: CellValue[][] = data.map((row) => keys.map((_, i) => row[i] ?? null));
  const facts = totalsOf(tab);
  // In the order of METRIC_COLUMNS: metric, value, key.
  const metric = ['metric', 'value', 'key'].map((k) => keys.indexOf(k));
  if (metric.every((i) => i >= 0)) {
    // The Metric/Value layout reads its columns in METRIC_COLUMNS' order, wherever they now stand.
    return {
      columns: metric.map((i) => columns[i]!),
      rows: rows.map((row) => metric.map((i) => row[i] ?? null)),
      meta: { period: null, currency: null, truncated: false },
      layout: 'metric-value',
    };
  }
  return { columns, rows, meta: { period: null, currency: null, truncated: false }, facts };
}

/** The Totals block beside the rows (src/core/tabs/totals.ts), where the mark says it stands. */
function totalsOf(tab: AddOnTab): ReportFact[] {
  const place = tab.mark.totals;
  if (!place) return [];
  return place.keys.map((key, r) => {
    const row = tab.snapshot.values[HEADER_ROWS + r] ?? [];
    return { key, label: String(row[place.at] ?? key), value: row[place.at + 1] ?? null, format: TEXT };
  });
}
