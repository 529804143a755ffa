// When an author's figures count as stale: the platform's data ends, or its last sync happened, more than
// two days before now. Decided on the server's clock so the sidebar, the tests and the emulator agree.

import type { AccountView } from './api';
import type { AccountSummary } from './sidebar-state';

export const STALE_AFTER_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

function dayStart(isoDate: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** Whole days from a `YYYY-MM-DD` day to the UTC day of `nowMs`; null when the day is unreadable. */
export function daysBehind(coveredThrough: string, nowMs: number): number | null {
  const day = dayStart(coveredThrough);
  if (day === null) return null;
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return Math.round((today - day) / DAY_MS);
}

/** Stale when the data ends more than two days before today, or the last sync is older than two days. */
export function isStale(
  platform: { readonly lastSyncAt: string | null; readonly coveredThrough: string | null },
  nowMs: number,
): boolean {
  if (platform.coveredThrough) {
    const behind = daysBehind(platform.coveredThrough, nowMs);
    if (behind !== null && behind > STALE_AFTER_DAYS) return true;
  }
  if (platform.lastSyncAt) {
    const synced = Date.parse(platform.lastSyncAt);
    if (!Number.isNaN(synced) && nowMs - synced > STALE_AFTER_DAYS * DAY_MS) return true;
  }
  return false;
}

/** The account view with each platform marked stale or not, as of `nowMs`. */
export function withFreshness(account: AccountView, nowMs: number): AccountSummary {
  return { ...account, platforms: account.platforms.map((p) => ({ ...p, stale: isStale(p, nowMs) })) };
}
