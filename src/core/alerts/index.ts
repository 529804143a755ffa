// Alerts (docs/guide/alerts-and-the-year.md): ad spend against royalties per series and standalone book,
// page reads moving sharply against their baseline, a book whose sales stopped against its own, each told
// once and again when worse or cleared.
export { AD_WINDOW_DAYS, adSpendAlerts, type BookSpend } from './ad-spend';
export { ALERT_LEVELS, type Alert, type AlertLevel, levelRank, levelWord } from './alert';
export {
  alertsToTell,
  keptAlerts,
  type RefreshAlerts,
  refreshAlerts,
  storedRefreshAlerts,
} from './from-refresh';
export {
  ALERT_LINES_PROPERTY,
  type AlertLines,
  AlertLinesError,
  alertLinesFromInput,
  alertLinesInPercent,
  alertLinesToStored,
  DEFAULT_ALERT_LINES,
  storedAlertLines,
} from './lines';
export { alertLinesRefusal } from './owner';
export { BASELINE_DAYS, LEAST_PAGES_A_DAY, pageReadAlerts, RECENT_DAYS } from './page-reads';
export {
  ALERTS_RAISED_PROPERTY,
  type AlertNews,
  alertName,
  alertNews,
  type RaisedAlerts,
  raisedNow,
  raisedToStored,
  storedRaisedAlerts,
} from './raised';
export { type AlertRecords, alertRecordKeys, alertRecordTexts } from './records';
export {
  LEAST_EXPECTED_UNITS,
  NO_SALES_BASELINE,
  SALES_BASELINE_PROPERTY,
  type SalesBaseline,
  salesBaselineToStored,
  salesStopAlerts,
  storedSalesBaseline,
} from './sales-stop';
