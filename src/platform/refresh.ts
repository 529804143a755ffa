// Refresh all tabs (core/flows/refresh-run.ts decides the order, core/refresh/sequence.ts every step after
// the start): here its port over the document lock, the stores, the client, the spreadsheet and the ports
// of refresh-ports.ts. The menu, the sidebar and the nightly trigger all come through runRefresh.
import type { ApiRequest } from '../core/api';
import * as refresh from '../core/flows/refresh-run';
import type { RefreshOrigin, RefreshResult } from '../core/refresh';
import { platformClient } from './api';
import { buildConfig } from './build-config';
import { refreshLock, theSpreadsheet, userValues } from './document';
import { primeTimeoutMemory } from './fetch-timeout';
import { keyStore } from './key-store';
import { sheetsApp } from './optional-services';
import { refreshPortsFor } from './refresh-ports';
import { endProgress, startProgress } from './refresh-progress';
import { clearRefreshStart, liveStart, noteRefreshStart, recordStoppedRefresh } from './refresh-start';
import { loadSettings } from './settings-store';
import { followedByFormulas } from './sheets/refresh-cell';

type UserValues = ReturnType<typeof userValues>;

export const refreshPort: refresh.RefreshRunPort<UserValues> = {
  now: () => Date.now(),
  newRunId: () => Utilities.getUuid(),
  addonRoute: __ROYALTIES_ADDON_ROUTE__,
  lock: refreshLock,
  liveStart,
  recordStoppedRefresh,
  noteRefreshStart,
  clearRefreshStart,
  startProgress,
  endProgress,
  // The user's properties are read whole, once: the key, the timeoutSeconds flag and the morning e-mail's
  // choice are all there (about 32 ms a read).
  userValues() {
    const user = userValues();
    primeTimeoutMemory(user);
    return user;
  },
  apiKey: (user) => keyStore.get(user),
  settings: () => loadSettings(),
  client: platformClient,
  isDemoKey: (apiKey) => apiKey === buildConfig.demoKey,
  refreshPorts: refreshPortsFor,
  followedByFormulas,
  flush: () => sheetsApp().flush(),
};

/** A refresh; a sidebar refresh's last execution names its run and what its parts got no answer to. */
export function runRefresh(
  origin: RefreshOrigin,
  runId?: string,
  unanswered: readonly ApiRequest[] = [],
): RefreshResult {
  return refresh.runRefresh(refreshPort, origin, runId, unanswered);
}

/** The menu item: the outcome (or why nothing ran) in a toast. */
export function menuRefresh(): RefreshResult | null {
  const spreadsheet = theSpreadsheet();
  return refresh.menuRefresh(refreshPort, (message, title, seconds) =>
    spreadsheet.toast(message, title, seconds),
  );
}
