// The local Apps Script runtime: runs the built dist/Code.js with emulated services (README.md).
export {
  CONCURRENT_CALLS,
  createEmulator,
  DEFAULT_START_TIME,
  REPO_ROOT,
} from './emulator.ts';
export { messages } from './messages.ts';
export type {
  Emulator,
  EmulatorOptions,
  RunOptions,
  SentMail,
  ServiceFaultKind,
  SheetSnapshot,
  TriggerInfo,
  UiRecord,
} from './types.ts';
