// What the alerts keep between refreshes, as one save beside the status book: what the night raised (told
// once) and the books' sales baseline. In the add-on build they share the spreadsheet's metadata room with
// the other records, so each is cut to what is left: the raised record first (the morning e-mail's), then
// the baseline, whose best sellers are kept.
import { ALERTS_RAISED_PROPERTY, type RaisedAlerts, raisedToStored } from './raised';
import { SALES_BASELINE_PROPERTY, type SalesBaseline, salesBaselineToStored } from './sales-stop';

export interface AlertRecords {
  /** Moved on by the night (and npm start) only. */
  readonly raised?: RaisedAlerts;
  readonly baseline?: SalesBaseline;
}

/** The keys the records are stored under, those `records` holds: the room check counts them. */
export function alertRecordKeys(records: AlertRecords | undefined): string[] {
  return [
    ...(records?.raised ? [ALERTS_RAISED_PROPERTY] : []),
    ...(records?.baseline ? [SALES_BASELINE_PROPERTY] : []),
  ];
}

/** Each record's stored text, together at most `room` characters. */
export function alertRecordTexts(records: AlertRecords | undefined, room: number): Record<string, string> {
  const out: Record<string, string> = {};
  let left = room;
  if (records?.raised) {
    const text = raisedToStored(records.raised, left);
    // No room even for an empty one: none (an empty record is read as nothing told yet).
    out[ALERTS_RAISED_PROPERTY] = text.length <= left ? text : '';
    left -= out[ALERTS_RAISED_PROPERTY].length;
  }
  if (records?.baseline) {
    const text = salesBaselineToStored(records.baseline, left);
    // No room even for an empty one: none (an empty record is read as no baseline, learnt again).
    out[SALES_BASELINE_PROPERTY] = text.length <= left ? text : '';
  }
  return out;
}
