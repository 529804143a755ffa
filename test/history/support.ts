// Reading the history tab back as the author sees it: one entry per data row, by column key.

import type { DemoApiOptions } from '../../local/demo-api/index.ts';
import type { SheetSnapshot } from '../../local/gas/index.ts';
import { type AddOn, startAddOn } from '../support/addon.ts';
import { markOf, ourTab } from '../tabs/support.ts';

export const DAY_MS = 86_400_000;
const EPOCH_OFFSET_DAYS = 25_569;

export function isoOfSerial(serial: unknown): string {
  if (typeof serial !== 'number') throw new Error(`not a date serial: ${String(serial)}`);
  return new Date((serial - EPOCH_OFFSET_DAYS) * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface LedgerView {
  readonly snapshot: SheetSnapshot;
  readonly keys: readonly string[];
  /** Data rows from row 3, by key, with `date` as YYYY-MM-DD. */
  readonly rows: Array<Record<string, unknown>>;
  /** The cells of each data row, our columns and the author's. */
  readonly cells: unknown[][];
}

export function ledger(addOn: AddOn): LedgerView {
  const snapshot = ourTab(addOn, 'history');
  const keys = markOf(snapshot)!.columns;
  const cells = snapshot.values.slice(2).filter((row) => typeof row[0] === 'number');
  const rows = cells.map((row) => {
    const out: Record<string, unknown> = {};
    keys.forEach((key, i) => {
      out[key] = key === 'date' ? isoOfSerial(row[i]) : row[i];
    });
    return out;
  });
  return { snapshot, keys, rows, cells };
}

/** The Status tab's note for the history. */
export function historyNote(addOn: AddOn): string {
  const status = addOn.emulator.sheetSnapshot('Royalties status');
  const noteAt = status.values[1]!.indexOf('Note');
  const row = status.values.find((r) => r[0] === 'Royalties history');
  return String(row?.[noteAt] ?? '');
}

/** The add-on and the demo API on the same day: the API's "today" and the emulator's clock (09:00 UTC). */
export function startOnDay(today: string, demo: DemoApiOptions = {}): Promise<AddOn> {
  return startAddOn({ demo: { ...demo, today }, emulator: { startTime: Date.parse(`${today}T09:00:00Z`) } });
}
