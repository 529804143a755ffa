// The implementation behind every name in registry.ts. The mapped type makes the compiler insist that
// each registered name has an implementation and that nothing unregistered slips in.
import { FORMULA_FUNCTIONS, type FormulaName } from '../core/formulas';
import { removeApiKey, saveApiKey, useDemoKey } from '../platform/account';
import { setFormulaAccess } from '../platform/formula-access';
import { customFunction } from '../platform/formulas';
import { addRoyaltiesMenu } from '../platform/menu';
import { nightlyRefresh, setNightlyRefresh } from '../platform/nightly';
import { menuRefresh, runRefresh } from '../platform/refresh';
import { getRefreshProgress } from '../platform/refresh-progress';
import { getSidebarState, saveSettings, setSidebarFolds, showHelp, showSidebar } from '../platform/sidebar';
import type { EntryPointName } from './registry';

type Implementation = (...args: never[]) => unknown;
type EntryPointImplementations = { readonly [K in EntryPointName]: Implementation };

/** One per custom function, named as FORMULA_FUNCTIONS names them (a test checks they match the registry). */
const customFunctions = Object.fromEntries(
  Object.keys(FORMULA_FUNCTIONS).map((name) => [name, customFunction(name as FormulaName)]),
) as Record<FormulaName, ReturnType<typeof customFunction>>;

export const entryPoints: EntryPointImplementations = {
  ...customFunctions,
  // Simple triggers: the event is not needed.
  onOpen: addRoyaltiesMenu,
  onInstall: addRoyaltiesMenu,
  nightlyRefresh,
  showSidebar,
  showHelp,
  menuRefreshAllTabs: menuRefresh,
  getSidebarState,
  saveApiKey,
  useDemoKey,
  removeApiKey,
  saveSettings,
  setFormulaAccess,
  setNightlyRefresh,
  refreshAllTabs: (origin?: unknown) => runRefresh(origin === 'local' ? 'local' : 'sidebar'),
  getRefreshProgress,
  setSidebarFolds,
};
