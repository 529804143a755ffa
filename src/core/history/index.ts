// The daily ledger: a history that outlives the API's period. Plain TypeScript; the sheet I/O is
// src/platform/sheets/history-tab.ts.
export { BACKFILL_PERIODS, needsBackfill } from './backfill';
export { backfillStep, leavesBackfillDue } from './backfill-policy';
export { dayOfCell, latestCurrency, ledgerDays, readRow, rowCells, rowFormats } from './cells';
export {
  currenciesOf,
  keyLabel,
  ledgerColumns,
} from './columns';
export { DEMO_NOT_MERGED, ledgerStep, sameAccount } from './demo-apart';
export {
  type LedgerRow,
  type Merged,
  mergeTimeline,
  runsOf,
  type SheetRow,
} from './merge';
export { isEstimated, monthTable } from './months';
export { type HistoryFacts, historyBannerText, statusNote } from './notes';
export { type TimelineDays, timelineDays } from './timeline';
export { TRUNCATED_TIMELINE, timelineAnswer } from './timeline-answer';
export { type LedgerWritePlan, ledgerWritePlan, type RowInsertion } from './write-plan';
export {
  type LedgerBefore,
  type LedgerRunCells,
  type LedgerWrite,
  type LedgerWriting,
  ledgerWriting,
} from './writing';
