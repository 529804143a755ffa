// The menu, and every other call the sidebar makes. Each action asks first for the permissions its feature
// needs (core/permissions.ts), so Google prompts when the author starts it, never halfway through.
import { removeApiKey, saveApiKey, useDemoKey } from '../platform/account';
import { saveAlertLines } from '../platform/alerts-store';
import { setFormulaAccess } from '../platform/formula-access';
import { showInstallationCheck } from '../platform/installation';
import { addRoyaltiesMenu } from '../platform/menu';
import { sendTestMorningEmail } from '../platform/morning-email';
import { setMorningEmail, setNightlyRefresh } from '../platform/nightly';
import { askForPermission, asking } from '../platform/permissions';
import { getRefreshProgress } from '../platform/refresh-progress';
import { getSidebarState, saveSettings, setSidebarFolds, showHelp, showSidebar } from '../platform/sidebar';

export const sidebarEntryPoints = {
  // Simple triggers: the event is not needed, and no permission can be asked for there.
  onOpen: addRoyaltiesMenu,
  onInstall: addRoyaltiesMenu,
  showSidebar: asking('showSidebar', showSidebar),
  showHelp: asking('showHelp', showHelp),
  checkInstallation: asking('checkInstallation', showInstallationCheck),
  getSidebarState,
  saveApiKey: asking('saveApiKey', saveApiKey),
  useDemoKey: asking('useDemoKey', useDemoKey),
  removeApiKey,
  saveSettings: asking('saveSettings', saveSettings),
  setFormulaAccess: asking('setFormulaAccess', setFormulaAccess),
  setNightlyRefresh: asking('setNightlyRefresh', setNightlyRefresh),
  setMorningEmail: asking('setMorningEmail', setMorningEmail),
  sendTestMorningEmail: asking('sendTestMorningEmail', sendTestMorningEmail),
  saveAlertLines: asking('saveAlertLines', saveAlertLines),
  askForPermission,
  getRefreshProgress,
  setSidebarFolds,
};
