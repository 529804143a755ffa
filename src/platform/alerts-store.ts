// The owner's alert lines and what the last night raised (core/alerts), in the document store: every
// editor and the night read the same lines. The raised record is saved with the status book, in one call.
import {
  ALERT_LINES_PROPERTY,
  ALERTS_RAISED_PROPERTY,
  type AlertLines,
  alertLinesFromInput,
  alertLinesToStored,
  type RaisedAlerts,
  storedAlertLines,
  storedRaisedAlerts,
} from '../core/alerts';
import { documentStore, type StoredValues } from './document';

export function loadAlerts(document: StoredValues = documentStore()): {
  lines: AlertLines;
  raised: RaisedAlerts;
} {
  return {
    lines: storedAlertLines(document.getProperty(ALERT_LINES_PROPERTY)),
    raised: storedRaisedAlerts(document.getProperty(ALERTS_RAISED_PROPERTY)),
  };
}

/** The sidebar's "Save alert lines": refused with what to type when a line is not a percentage. */
export function saveAlertLines(input: unknown): AlertLines {
  const lines = alertLinesFromInput(input);
  documentStore().setProperty(ALERT_LINES_PROPERTY, alertLinesToStored(lines));
  return lines;
}
