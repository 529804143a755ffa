// The daily ledger: a history that outlives the API's period. Plain TypeScript; the sheet I/O is
// src/platform/sheets/history-tab.ts.
export { BACKFILL_RANGES, type BackfillTry, backfill, needsBackfill } from './backfill';
export { type BackfillInput, type BackfillStep, backfillStep, leavesBackfillDue } from './backfill-policy';
export { dayOfCell, ledgerDays, readRow, rowCells, rowFormats } from './cells';
export {
  CHANGED_KEY,
  currenciesOf,
  DATE_KEY,
  describeKey,
  FIXED_KEYS,
  keyLabel,
  ledgerColumns,
  movedColumn,
  STATUS_KEY,
} from './columns';
export { DEMO_NOT_MERGED, type LedgerStep, ledgerStep, sameAccount } from './demo-apart';
export {
  type DayStatus,
  type LedgerRow,
  type Merged,
  mergeTimeline,
  runsOf,
  type SheetRow,
  statusOf,
} from './merge';
export { FINAL_BY_DAY, isEstimated, monthStatus, monthTable } from './months';
export { type HistoryFacts, historyBannerText, reachText, setAsideNote, statusNote } from './notes';
export { combineDays, noDaysReason, type TimelineDay, type TimelineDays, timelineDays } from './timeline';
export { type TimelineAnswer, TRUNCATED_TIMELINE, timelineAnswer } from './timeline-answer';
