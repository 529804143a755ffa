// The implementation behind every name in registry.ts. The mapped type makes the compiler insist that
// each registered name has an implementation and that nothing unregistered slips in.
import { addRoyaltiesMenu } from '../platform/menu';
import { pending } from './pending';
import type { EntryPointName } from './registry';

type EntryPointImplementations = { readonly [K in EntryPointName]: (...args: never[]) => unknown };

export const entryPoints: EntryPointImplementations = {
  ROYALTIES_ACCOUNT: pending('ROYALTIES_ACCOUNT'),
  ROYALTIES_SUMMARY: pending('ROYALTIES_SUMMARY'),
  ROYALTIES_TIMELINE: pending('ROYALTIES_TIMELINE'),
  ROYALTIES_BOOKS: pending('ROYALTIES_BOOKS'),
  ROYALTIES_MARKETPLACES: pending('ROYALTIES_MARKETPLACES'),
  ROYALTIES_CATALOG: pending('ROYALTIES_CATALOG'),
  ROYALTIES_SERIES: pending('ROYALTIES_SERIES'),
  ROYALTIES_KENP: pending('ROYALTIES_KENP'),
  ROYALTIES_KENP_BOOKS: pending('ROYALTIES_KENP_BOOKS'),
  ROYALTIES_FREE_UNITS: pending('ROYALTIES_FREE_UNITS'),
  ROYALTIES_READ_THROUGH: pending('ROYALTIES_READ_THROUGH'),
  onOpen: (_e: GoogleAppsScript.Events.SheetsOnOpen) => addRoyaltiesMenu(),
  onInstall: (_e: GoogleAppsScript.Events.AddonOnInstall) => addRoyaltiesMenu(),
  nightlyRefresh: pending('nightlyRefresh'),
  showSidebar: pending('showSidebar'),
  showHelp: pending('showHelp'),
  menuRefreshAllTabs: pending('menuRefreshAllTabs'),
  getSidebarState: pending('getSidebarState'),
  saveApiKey: pending('saveApiKey'),
  useDemoKey: pending('useDemoKey'),
  removeApiKey: pending('removeApiKey'),
  saveSettings: pending('saveSettings'),
  setFormulaAccess: pending('setFormulaAccess'),
  setNightlyRefresh: pending('setNightlyRefresh'),
  refreshAllTabs: pending('refreshAllTabs'),
};
