// The owner's alert lines, what the last night raised and the books' sales baseline (core/alerts), in the
// document store: every editor and the night read the same lines. The records are saved with the status
// book, in one call.
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
} from '../core/alerts';
import { documentStore, roomFor, type StoredValues } from './document';

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

/** The sidebar's "Save alert lines": the owner's only (core/alerts/owner.ts says who); refused with what to
 * type when a line is not a percentage, and when the spreadsheet's metadata has no room left for them. */
export function saveAlertLines(input: unknown): AlertLines {
  const refusal = alertLinesRefusal(
    Session.getEffectiveUser().getEmail(),
    SpreadsheetApp.getActive().getOwner()?.getEmail(),
  );
  if (refusal) throw new AlertLinesError(refusal);
  const lines = alertLinesFromInput(input);
  const text = alertLinesToStored(lines);
  if (text.length > roomFor(ALERT_LINES_PROPERTY))
    throw new AlertLinesError(
      "Alert lines not saved: this spreadsheet's developer metadata, shared with other add-ons, is full.",
    );
  documentStore().setProperty(ALERT_LINES_PROPERTY, text);
  return lines;
}
