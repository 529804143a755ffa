// The refresh's own rules, plain TypeScript: src/platform/refresh.ts makes the Apps Script calls.
export {
  type FailureTime,
  failedBannerFor,
  failedOutcome,
  failTab,
  failTabAnyway,
  type TabSheets,
  type TabWriteContext,
  writeRefused,
  writeTab,
} from './write-policy';
