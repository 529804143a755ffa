// The refresh's decisions between asking the API and writing, plain TypeScript: sequence.ts takes its
// steps in the order and on the inputs these name.
import type { RoyaltiesSettings } from '../settings';
import type { TabChoice } from '../tab-ids';
import type { RefreshOrigin } from './origin';

/** Whether the Books tab is read before it is rewritten: the night's books that moved most compare with it
 * (npm start's refresh too, so its e-mail preview shows what the night would send). */
export function comparesBooks(origin: RefreshOrigin): boolean {
  return origin === 'nightly' || origin === 'local';
}

/** Where the ledger's days (for the dashboard and the last refresh's record) come from: the history this
 * refresh merged ('merged': the history tab chosen; the dashboard comes after it, so its days include this
 * refresh's), the ledger as it stands ('read': only the dashboard needs them, and no history tab is created
 * for it), or nowhere ('none'). */
export type LedgerDays = 'merged' | 'read' | 'none';

export function ledgerDaysFor(tabs: readonly TabChoice[]): LedgerDays {
  if (tabs.includes('history')) return 'merged';
  return tabs.includes('dashboard') || tabs.includes('year') ? 'read' : 'none';
}

/** How many tabs a refresh writes (its progress counts them): the year's choice is a tab per year asked,
 * this year and last unless the settings name others. */
export function tabsToWrite({ tabs, years }: RoyaltiesSettings): number {
  return tabs.length + (tabs.includes('year') ? (years?.length ?? 2) - 1 : 0);
}
