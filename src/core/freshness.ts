// When an author's figures count as stale: the platform's data ends, or its last sync happened, more than
// two days before now. Decided on the server's clock so the sidebar, the tests and the emulator agree.

import type { AccountView, PlatformView } from './api';

/** One platform as the sidebar lists it: the client's view plus whether its data is stale. */
export interface PlatformState extends PlatformView {
  /** Data older than two days, decided on the server's clock. */
  readonly stale: boolean;
}

/** The account behind the saved key, as the sidebar shows it. Never the key: only its name and masked start. */
export interface AccountSummary extends Omit<AccountView, 'platforms'> {
  readonly platforms: readonly PlatformState[];
}

export const STALE_AFTER_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from a `YYYY-MM-DD` day to the UTC day of `nowMs`; null when the day is unreadable. */
export function daysBehind(coveredThrough: string, nowMs: number): number | null {
  // Date.parse reads a date alone as UTC midnight: a whole number of days since the epoch.
  const day = /^\d{4}-\d\d-\d\d$/.test(coveredThrough) ? Date.parse(coveredThrough) : NaN;
  return Number.isNaN(day) ? null : Math.floor(nowMs / DAY_MS) - day / DAY_MS;
}

/** Stale when the data ends more than two days before today, or the last sync is older than two days. */
export function isStale(
  platform: { readonly lastSyncAt: string | null; readonly coveredThrough: string | null },
  nowMs: number,
): boolean {
  const behind = platform.coveredThrough ? daysBehind(platform.coveredThrough, nowMs) : null;
  // An unreadable sync time parses to NaN, which is never more than anything.
  return (
    (behind !== null && behind > STALE_AFTER_DAYS) ||
    (!!platform.lastSyncAt && nowMs - Date.parse(platform.lastSyncAt) > STALE_AFTER_DAYS * DAY_MS)
  );
}

/** The account view with each platform marked stale or not, as of `nowMs`. */
export function withFreshness(account: AccountView, nowMs: number): AccountSummary {
  return { ...account, platforms: account.platforms.map((p) => ({ ...p, stale: isStale(p, nowMs) })) };
}
