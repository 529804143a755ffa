// A refresh: its plan of rounds, its steps in order (sequence.ts) and the ports they write through, the
// result it returns, the last refresh's record and what went wrong in it (the morning e-mail's and the
// sidebar's), the Status record of every tab, the start record of one that Apps Script stopped, its
// progress while it runs and the time it may spend with the API. Plain TypeScript, no Apps Script:
// src/platform/refresh*.ts builds the ports and runs it.
export { askTheApi, type RefreshAnswers } from './ask';
export {
  EXECUTION_LIMIT_MS,
  parseRefreshStart,
  REFRESH_START_PROPERTY,
  type RefreshStart,
  recordStopped,
  stoppedMessage,
} from './interrupted';
export {
  LAST_REFRESH_PROPERTY,
  type LastRefresh,
  lastRefreshFromStored,
  lastRefreshToStored,
  MAX_LAST_REFRESH_BYTES,
  REFRESHED_BY_WORDS,
} from './last-refresh';
export type { RefreshOrigin } from './origin';
export {
  DASHBOARD_SOURCES,
  firstRound,
  firstRoundEndpoints,
  historyTimelineRequest,
  needsReadThrough,
  refreshFirstRound,
  reportRequest,
  secondRound,
} from './plan';
export type {
  HistoryWritten,
  RefreshNews,
  RefreshPorts,
  RefreshRecords,
  RefreshRun,
  RefreshSpreadsheet,
} from './ports';
export { morningProblems, platformProblem, platformProblems, tabName } from './problems';
export {
  isRunning,
  progressFraction,
  progressText,
  type RefreshProgress,
  RUN_LIFETIME_MS,
  WAIT_SHOWN_MS,
  waitText,
} from './progress';
export type { RefreshResult, TabOutcome } from './result';
export { type RefreshInputs, refreshTabs } from './sequence';
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
} from './status';
export { comparesBooks, type LedgerDays, ledgerDaysFor, tabsToWrite } from './steps';
export { refreshApiDeadline, WRITE_RESERVE_MS } from './time';
export {
  failedOutcome,
  failTabAnyway,
  notFlushed,
  type TabSheets,
  type TabWriteContext,
  writeRefused,
  writeTab,
} from './write-policy';
