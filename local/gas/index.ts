// The local Apps Script runtime: runs the built dist/Code.js with emulated services (README.md).
export { Clock } from './clock.ts';
export {
  BUDGET_MS,
  CONCURRENT_CALLS,
  createEmulator,
  DEFAULT_SPREADSHEET_ID,
  DEFAULT_START_TIME,
  REPO_ROOT,
} from './emulator.ts';
export { messages } from './messages.ts';
export type {
  AuthModeName,
  CellValue,
  ConcurrentCall,
  ConcurrentOutcome,
  DeveloperMetadataSnapshot,
  Emulator,
  EmulatorOptions,
  EmulatorStats,
  HttpRecord,
  MenuItemRecord,
  RunOptions,
  SentMail,
  SheetSnapshot,
  TriggerInfo,
  UiRecord,
} from './types.ts';
