// What refreshes the tabs: the sidebar's button, the menu item, the nightly trigger.
import { nightlyRefresh } from '../platform/nightly';
import { menuRefresh, runRefresh } from '../platform/refresh';
import { finishRefresh, refreshPart, startRefresh } from '../platform/refresh-parts';

export const refreshEntryPoints = {
  nightlyRefresh,
  menuRefreshAllTabs: menuRefresh,
  refreshAllTabs: (origin?: unknown) => runRefresh(origin === 'local' ? 'local' : 'sidebar'),
  startRefresh,
  refreshPart,
  finishRefresh,
};
