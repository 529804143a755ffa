// What the ledger's write puts in its sheet, in the order the calls go: the columns it gains, the rows it
// inserts (write-plan.ts), each run of changed days with its cells and formats, the banner and headers, the
// mark. platform/sheets/history-tab.ts only carries it out.
import { TEXT } from '../report';
import { type Banner, HEADER_ROWS, type SheetCell, type TabBlock, type TabMark, tabBlock } from '../tabs';
import { rowCells, rowFormats } from './cells';
import { keyLabel } from './columns';
import type { Merged, SheetRow } from './merge';
import { ledgerWritePlan, type RowInsertion } from './write-plan';

/** The ledger as read before the merge. */
export interface LedgerBefore {
  /** Its column keys (TabMark.columns). */
  readonly keys: readonly string[];
  /** Its sheet rows from the first day's to the last day's. */
  readonly rows: readonly SheetRow[];
}

export interface LedgerWrite {
  readonly keys: readonly string[];
  readonly labels: ReadonlyMap<string, string>;
  readonly merged: Merged;
  readonly banner: Banner;
  readonly at: number;
  /** Currencies whose backfill is still to be tried (TabMark.backfillDue). */
  readonly backfillDue: readonly string[];
  /** Written with the demo key (TabMark.demo). */
  readonly demo: boolean;
}

/** One run of changed days: one write from sheet row `row`, its formats first, its weights after. */
export interface LedgerRunCells {
  readonly row: number;
  readonly values: SheetCell[][];
  readonly numberFormats: string[][];
  /** Inserted rows take the format of the row above: the bold header, for a new ledger's first day. */
  readonly fontWeights: 'normal'[][];
}

export interface LedgerWriting {
  /** Columns the ledger gains: inserted after its last one, so the author's columns to the right move along
   * (taken out again if the write fails), or, for a new ledger, the grid grown to `growTo` columns. */
  readonly columns:
    | { readonly insertAfter: number; readonly count: number }
    | { readonly growTo: number }
    | null;
  /** Bottom first: undone in the reverse order, each takes out exactly the rows it added. */
  readonly rows: readonly RowInsertion[];
  readonly runs: readonly LedgerRunCells[];
  /** LedgerWritePlan.keepsInsertionFrom: once that run is written, the inserted rows stay. */
  readonly keepsInsertionFrom: number | null;
  /** The banner and the headers of row 2: after the days, so the banner never claims newer figures. */
  readonly block: TabBlock;
  readonly mark: TabMark;
}

/** The writing for `write` over the ledger `before`; `lastColumn`: the sheet's last column with content,
 * asked only when a day is put back among the days (whether the author keeps columns right of ours). */
export function ledgerWriting(
  before: LedgerBefore,
  write: LedgerWrite,
  lastColumn: () => number,
): LedgerWriting {
  const { keys, merged } = write;
  const width = keys.length;
  const held = before.keys.length;
  const plan = ledgerWritePlan(merged, before.rows, HEADER_ROWS + 1, () => lastColumn() > held);
  const formats = rowFormats(keys);
  const runs = plan.runs.map(({ first, count }): LedgerRunCells => {
    // `changed` lists days only, never a row of the author's.
    const values = merged.rows.slice(first, first + count).map((row) => rowCells(row!, keys));
    return {
      row: HEADER_ROWS + 1 + first,
      values,
      numberFormats: values.map(() => formats),
      fontWeights: values.map(() => formats.map(() => 'normal' as const)),
    };
  });
  // The headers of row 2, as written (and remembered in the mark, to check the columns' places by), under
  // the banner: the same block every tab has (layout.ts), for the ledger's columns.
  const headers = keys.map((key) => keyLabel(key, write.labels));
  const columns = headers.map((label, i) => ({ key: keys[i]!, label, format: TEXT }));
  const meta = { period: null, currency: null, truncated: false };
  return {
    columns: width <= held ? null : held > 0 ? { insertAfter: held, count: width - held } : { growTo: width },
    rows: plan.insertions,
    runs,
    keepsInsertionFrom: plan.keepsInsertionFrom,
    block: tabBlock({ columns, rows: [], meta }, write.banner, 0),
    mark: {
      tab: 'history',
      columns: keys,
      blockRows: HEADER_ROWS + merged.rows.length,
      dataAt: write.at,
      ...(write.backfillDue.length > 0 ? { backfillDue: write.backfillDue } : {}),
      ...(write.demo ? { demo: true as const } : {}),
      headers,
    },
  };
}
