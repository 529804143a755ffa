// `npm start` keeps the alerts' records between runs, as the add-on keeps them in a spreadsheet: what it
// raised (so a second run does not tell the same alerts again unless worse) and the books' sales baseline.
// After each run they go to a state file beside the workbook (`royalties.xlsx.alerts.json`); the next run
// puts them back into the fresh emulated spreadsheet's document properties before refreshing.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { ALERTS_RAISED_PROPERTY } from '../../src/core/alerts/raised.ts';
import { SALES_BASELINE_PROPERTY } from '../../src/core/alerts/sales-stop.ts';
import type { Emulator } from '../gas/index.ts';
import { writeFileAtomically } from './atomic-file.ts';

const KEPT = [ALERTS_RAISED_PROPERTY, SALES_BASELINE_PROPERTY] as const;

interface AlertsState {
  readonly v: 1;
  /** Document property → its text, as the add-on wrote it. */
  readonly records: Readonly<Record<string, string>>;
}

export function alertsStatePath(workbook: string): string {
  return `${workbook}.alerts.json`;
}

/** Puts the kept records back; false when there are none (or they are unreadable: the run starts afresh). */
export async function restoreAlerts(emulator: Emulator, file: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  let state: AlertsState;
  try {
    state = JSON.parse(await readFile(file, 'utf8')) as AlertsState;
    if (state.v !== 1 || typeof state.records !== 'object' || state.records === null) return false;
  } catch {
    return false;
  }
  let restored = false;
  for (const key of KEPT) {
    const text = state.records[key];
    if (typeof text !== 'string') continue;
    emulator.properties.setDocument(key, text);
    restored = true;
  }
  return restored;
}

/** Saves the records the add-on left, if it left any. */
export async function saveAlerts(emulator: Emulator, file: string): Promise<void> {
  const document = emulator.properties.document();
  const records = Object.fromEntries(KEPT.flatMap((key) => (key in document ? [[key, document[key]!]] : [])));
  if (Object.keys(records).length === 0) return;
  const state: AlertsState = { v: 1, records };
  await writeFileAtomically(file, () => new TextEncoder().encode(JSON.stringify(state)));
}
