// GET /account exactly as docs/api.md §1, /account documents it, field by field, and nothing more.

import type { Account } from './accounts.ts';
import { formatDay, timestampOn } from './dates.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The fixed prefix up to and including `live_`, then four more characters: all the API shows of a key. */
function keyStart(key: string): string {
  return key.slice(0, key.indexOf('live_') + 'live_'.length + 4);
}

export function accountBody(account: Account, today: number, lastUsedAt: number | null, lagDays = 0) {
  // Connected stores synced just after midnight UTC, covering through yesterday (less a settling lag).
  const yesterday = today - 1 - lagDays;
  // The disconnected store was synced for the last time some months ago.
  const disconnectedDay = today - 133;
  return {
    reporting_currency: account.reportingCurrency,
    is_demo: account.isDemo,
    subscription: { status: 'active' },
    platforms: [
      {
        platform_id: 'kdp',
        name: 'Amazon KDP',
        connected: true,
        last_sync_at: timestampOn(today, 41 * MINUTE + 7_392),
        sync_status: 'success',
        covered_through: formatDay(yesterday),
      },
      {
        platform_id: 'amazon_ads',
        name: 'Amazon Ads',
        connected: true,
        last_sync_at: timestampOn(today, 15 * MINUTE + 48_118),
        sync_status: 'success',
        covered_through: formatDay(yesterday),
      },
      {
        platform_id: 'draft2digital',
        name: 'Draft2Digital',
        connected: false,
        last_sync_at: timestampOn(disconnectedDay + 1, 14 * HOUR + 3 * MINUTE + 55_904),
        sync_status: 'success',
        covered_through: formatDay(disconnectedDay),
      },
    ],
    api_key: {
      name: account.keyName,
      start: keyStart(account.key),
      scopes: ['read'],
      created_at: timestampOn(today - account.keyCreatedDaysAgo, 9 * HOUR + 14 * MINUTE + 5_120),
      last_used_at: lastUsedAt === null ? null : new Date(lastUsedAt).toISOString(),
    },
    connected_app: null,
  };
}
