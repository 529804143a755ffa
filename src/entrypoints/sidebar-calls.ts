// The menu, and every other call the sidebar makes.
import { removeApiKey, saveApiKey, useDemoKey } from '../platform/account';
import { setFormulaAccess } from '../platform/formula-access';
import { addRoyaltiesMenu } from '../platform/menu';
import { sendTestMorningEmail } from '../platform/morning-email';
import { setMorningEmail, setNightlyRefresh } from '../platform/nightly';
import { getRefreshProgress } from '../platform/refresh-progress';
import { getSidebarState, saveSettings, setSidebarFolds, showHelp, showSidebar } from '../platform/sidebar';

export const sidebarEntryPoints = {
  // Simple triggers: the event is not needed.
  onOpen: addRoyaltiesMenu,
  onInstall: addRoyaltiesMenu,
  showSidebar,
  showHelp,
  getSidebarState,
  saveApiKey,
  useDemoKey,
  removeApiKey,
  saveSettings,
  setFormulaAccess,
  setNightlyRefresh,
  setMorningEmail,
  sendTestMorningEmail,
  getRefreshProgress,
  setSidebarFolds,
};
