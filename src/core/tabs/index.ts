// What each tab holds: plain TypeScript, no Apps Script. src/platform/sheets writes it.
export {
  BANNER_BACKGROUND,
  type Banner,
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
  seriesToRead,
  type TabContent,
  tabContents,
} from './contents';
export { cellFormat, hintFormat, moneyFormat, PLAIN_FORMAT } from './formats';
export { arrangeColumns, blockWidth, HEADER_ROWS, NO_ROWS_HEADER, type TabBlock, tabBlock } from './layout';
export {
  figuresBasis,
  freeTabName,
  isCutShortBasis,
  MARK_KEY,
  markText,
  parseMark,
  type TabMark,
} from './mark';
export { movedColumn, type WrittenTab, writtenRows } from './read-back';
export { mergeReadThrough } from './read-through';
export {
  CHECKS_PROPERTY,
  mismatchesText,
  RECONCILED,
  refreshChecks,
  type StoredMismatch,
  storedMismatches,
} from './refresh-checks';
export {
  TOTALS_HEADERS,
  type TotalsPlace,
} from './totals';
