// The implementation behind every name in registry.ts. The mapped type makes the compiler insist that
// each registered name has an implementation and that nothing unregistered slips in.
import { removeApiKey, saveApiKey, useDemoKey } from '../platform/account';
import { setFormulaAccess } from '../platform/formula-access';
import { customFunction } from '../platform/formulas';
import { addRoyaltiesMenu } from '../platform/menu';
import { nightlyRefresh, setNightlyRefresh } from '../platform/nightly';
import { menuRefresh, runRefresh } from '../platform/refresh';
import { getSidebarState, saveSettings, showHelp, showSidebar } from '../platform/sidebar';
import type { EntryPointName } from './registry';

type EntryPointImplementations = { readonly [K in EntryPointName]: (...args: never[]) => unknown };

export const entryPoints: EntryPointImplementations = {
  ROYALTIES_ACCOUNT: customFunction('ROYALTIES_ACCOUNT'),
  ROYALTIES_SUMMARY: customFunction('ROYALTIES_SUMMARY'),
  ROYALTIES_TIMELINE: customFunction('ROYALTIES_TIMELINE'),
  ROYALTIES_BOOKS: customFunction('ROYALTIES_BOOKS'),
  ROYALTIES_MARKETPLACES: customFunction('ROYALTIES_MARKETPLACES'),
  ROYALTIES_CATALOG: customFunction('ROYALTIES_CATALOG'),
  ROYALTIES_SERIES: customFunction('ROYALTIES_SERIES'),
  ROYALTIES_KENP: customFunction('ROYALTIES_KENP'),
  ROYALTIES_KENP_BOOKS: customFunction('ROYALTIES_KENP_BOOKS'),
  ROYALTIES_FREE_UNITS: customFunction('ROYALTIES_FREE_UNITS'),
  ROYALTIES_READ_THROUGH: customFunction('ROYALTIES_READ_THROUGH'),
  onOpen: (_e: GoogleAppsScript.Events.SheetsOnOpen) => addRoyaltiesMenu(),
  onInstall: (_e: GoogleAppsScript.Events.AddonOnInstall) => addRoyaltiesMenu(),
  nightlyRefresh: (e?: GoogleAppsScript.Events.TimeDriven) => nightlyRefresh(e),
  showSidebar: () => showSidebar(),
  showHelp: () => showHelp(),
  menuRefreshAllTabs: () => menuRefresh(),
  getSidebarState: () => getSidebarState(),
  saveApiKey: (key: string) => saveApiKey(key),
  useDemoKey: () => useDemoKey(),
  removeApiKey: () => removeApiKey(),
  saveSettings: (settings: unknown) => saveSettings(settings),
  setFormulaAccess: (enabled: boolean) => setFormulaAccess(enabled),
  setNightlyRefresh: (enabled: unknown, hour: unknown) => setNightlyRefresh(enabled, hour),
  refreshAllTabs: () => runRefresh('sidebar'),
};
