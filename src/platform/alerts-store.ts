// The owner's alert lines, what the last night raised and the books' sales baseline (core/alerts), in the
// document store: every editor and the night read the same lines. The records are saved with the status
// book, in one call.
import {
  ALERT_LINES_PROPERTY,
  ALERTS_RAISED_PROPERTY,
  type AlertLines,
  alertLinesFromInput,
  alertLinesToStored,
  type RaisedAlerts,
  SALES_BASELINE_PROPERTY,
  type SalesBaseline,
  storedAlertLines,
  storedRaisedAlerts,
  storedSalesBaseline,
} from '../core/alerts';
import { documentStore, type StoredValues } from './document';

export function loadAlerts(document: StoredValues = documentStore()): {
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

/** The sidebar's "Save alert lines": refused with what to type when a line is not a percentage. */
export function saveAlertLines(input: unknown): AlertLines {
  const lines = alertLinesFromInput(input);
  documentStore().setProperty(ALERT_LINES_PROPERTY, alertLinesToStored(lines));
  return lines;
}
