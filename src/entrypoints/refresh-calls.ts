// What refreshes the tabs: the sidebar's button, the menu item, the nightly trigger. The author's own
// refreshes ask for the spreadsheet's and the API's permissions first; a refresh's parts and its finish
// follow a start that did; the night cannot ask, and checks per feature instead (platform/nightly.ts).
import { nightlyRefresh } from '../platform/nightly';
import { asking } from '../platform/permissions';
import { menuRefresh, runRefresh } from '../platform/refresh';
import { finishRefresh, refreshPart, startRefresh } from '../platform/refresh-parts';

export const refreshEntryPoints = {
  nightlyRefresh,
  menuRefreshAllTabs: asking('menuRefreshAllTabs', menuRefresh),
  refreshAllTabs: asking('refreshAllTabs', (origin?: unknown) =>
    runRefresh(origin === 'local' ? 'local' : 'sidebar'),
  ),
  startRefresh: asking('startRefresh', startRefresh),
  refreshPart,
  finishRefresh,
};
