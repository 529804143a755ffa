// The alerts' records in the document store, read and written: the owner's lines (saved by the owner
// only, core/alerts/owner.ts), what the last night raised, and the books' sales baseline.
// platform/alerts-store.ts builds the ports over PropertiesService or the spreadsheet's metadata.
import {
  ALERT_LINES_PROPERTY,
  ALERTS_RAISED_PROPERTY,
  type AlertLines,
  AlertLinesError,
  alertLinesFromInput,
  alertLinesRefusal,
  alertLinesToStored,
  type RaisedAlerts,
  SALES_BASELINE_PROPERTY,
  type SalesBaseline,
  storedAlertLines,
  storedRaisedAlerts,
  storedSalesBaseline,
} from '../alerts';

export interface AlertRecordsRead {
  getProperty(key: string): string | null;
}

export function alertRecordsOf(document: AlertRecordsRead): {
  lines: AlertLines;
  raised: RaisedAlerts;
  baseline: SalesBaseline;
} {
  return {
    lines: storedAlertLines(document.getProperty(ALERT_LINES_PROPERTY)),
    raised: storedRaisedAlerts(document.getProperty(ALERTS_RAISED_PROPERTY)),
    baseline: storedSalesBaseline(document.getProperty(SALES_BASELINE_PROPERTY)),
  };
}

export interface AlertLinesPorts {
  /** The acting user's address as Google gives it ("" when withheld). */
  actingEmail(): string;
  /** The spreadsheet's owner's address; null on a shared drive. */
  ownerEmail(): string | null | undefined;
  /** Characters a record under `key` may take (the add-on's metadata room; unbounded otherwise). */
  roomFor(key: string): number;
  store(key: string, value: string): void;
}

/** The sidebar's "Save alert lines": the owner's only; refused with what to type when a line is not a
 * percentage, and when the spreadsheet's metadata has no room left for them. */
export function saveAlertLinesWith(input: unknown, ports: AlertLinesPorts): AlertLines {
  const refusal = alertLinesRefusal(ports.actingEmail(), ports.ownerEmail());
  if (refusal) throw new AlertLinesError(refusal);
  const lines = alertLinesFromInput(input);
  const text = alertLinesToStored(lines);
  if (text.length > ports.roomFor(ALERT_LINES_PROPERTY))
    throw new AlertLinesError(
      "Alert lines not saved: this spreadsheet's developer metadata, shared with other add-ons, is full.",
    );
  ports.store(ALERT_LINES_PROPERTY, text);
  return lines;
}
