// What each tab holds and the refresh plan: plain TypeScript, no Apps Script. src/platform/sheets writes it.
export { accountTable } from './account';
export {
  BANNER_BACKGROUND,
  type Banner,
  type BannerTone,
  coveredThrough,
  describePeriod,
  failedBanner,
  freshBanner,
  TRUNCATION_WARNING,
} from './banner';
export { calendarSerial, literalText, MAX_CELL_CHARS, type SheetCell, sheetCell } from './cells';
export {
  type Fetched,
  fetchedOf,
  type ReadThroughFetched,
  type SeriesToRead,
  seriesToRead,
  type TabContent,
  tabContents,
} from './contents';
export { cellFormat, hintFormat, moneyFormat, PLAIN_FORMAT } from './formats';
export {
  EXECUTION_LIMIT_MS,
  parseRefreshStart,
  REFRESH_START_PROPERTY,
  type RefreshStart,
  recordStopped,
  stoppedMessage,
} from './interrupted';
export { arrangeColumns, blockWidth, HEADER_ROWS, NO_ROWS_HEADER, type TabBlock, tabBlock } from './layout';
export {
  freeTabName,
  isTabId,
  MARK_KEY,
  markText,
  parseMark,
  STATUS_TITLE,
  type TabId,
  type TabMark,
  tabTitle,
} from './mark';
export {
  DASHBOARD_SOURCES,
  firstRound,
  firstRoundEndpoints,
  HISTORY_RANGE,
  historyTimelineRequest,
  needsReadThrough,
  type SeriesRef,
  secondRound,
  seriesList,
} from './plan';
export { mergeReadThrough, type SeriesReadThrough } from './read-through';
export {
  CHECKS_PROPERTY,
  mismatchesText,
  RECONCILED,
  refreshChecks,
  type StoredMismatch,
  storedMismatches,
} from './refresh-checks';
export {
  failedAndTruncated,
  MAX_STATUS_BYTES,
  MAX_STATUS_MESSAGE,
  parseStatusBook,
  recordRefresh,
  STATUS_PROPERTY,
  type StatusBook,
  statusBanner,
  statusBookText,
  statusTable,
  type TabOutcome,
  type TabStatus,
} from './status';
export {
  arrangeTotals,
  TOTALS_HEADERS,
  type TotalsBlock,
  type TotalsPlace,
  type TotalsRow,
} from './totals';
