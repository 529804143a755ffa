// Every tab the add-on writes, by id, and what the author calls it: the one list of tab kinds. A report tab
// per endpoint (core/endpoints.ts), our own tabs the author chooses beside them, and the tabs a refresh
// writes unasked. Settings, the plan, the Status record, the marks and the sidebar all name tabs from here,
// so a new kind of tab is added once.
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId } from './endpoints';

/** Ours, chosen like a report: the daily ledger built from /timeline, the dashboard built from several
 * reports and the ledger, the calendar years built from the ledger. */
const CHOSEN_TITLES = {
  history: 'Royalties history',
  dashboard: 'Royalties dashboard',
  year: 'Royalties by year',
} as const;
/** Ours, never chosen: the Status tab every refresh writes, the ledger's month view that comes with it. */
const COMPANION_TITLES = { status: 'Royalties status', 'history-months': 'Royalties by month' } as const;

/** A tab the author can choose: one per endpoint, the history and the dashboard. */
export type TabChoice = EndpointId | keyof typeof CHOSEN_TITLES;
/** The year's choice writes a tab per calendar year asked for (settings' years): `year-2026`. */
export type YearTabId = `year-${number}`;
/** A tab a refresh reports on: a choice, or one of the year's tabs it writes. */
export type WrittenTabId = TabChoice | YearTabId;
/** Any tab of ours, the chosen ones, their companions and the year's tabs. */
export type TabId = TabChoice | keyof typeof COMPANION_TITLES | YearTabId;
const YEAR_TAB = /^year-(\d{4})$/;

export function yearTabId(year: number): YearTabId {
  return `year-${year}`;
}

const keysOf = <T extends object>(o: T): (keyof T)[] => Object.keys(o) as (keyof T)[];

/** In the order the sidebar lists them and a refresh writes them. */
export const TAB_CHOICES: readonly TabChoice[] = [...ENDPOINT_IDS, ...keysOf(CHOSEN_TITLES)];
/** What a spreadsheet refreshes until its settings say otherwise: every tab but the year, which is asked for. */
export const DEFAULT_TAB_CHOICES: readonly TabChoice[] = TAB_CHOICES.filter((t) => t !== 'year');
const TITLES: Readonly<Record<Exclude<TabId, YearTabId>, string>> = {
  ...(Object.fromEntries(ENDPOINT_IDS.map((id) => [id, ENDPOINTS[id].title])) as Record<EndpointId, string>),
  ...CHOSEN_TITLES,
  ...COMPANION_TITLES,
};
/** The choices, then their companions. */
const TAB_IDS: readonly TabId[] = keysOf(TITLES);

/** What the author calls the tab: also the name it is created under ("Royalties 2026" for a year's). */
export function tabTitle(tab: TabId): string {
  const year = YEAR_TAB.exec(tab)?.[1];
  return year ? `Royalties ${year}` : TITLES[tab as Exclude<TabId, YearTabId>];
}

export function isTabId(value: unknown): value is TabId {
  return TAB_IDS.includes(value as TabId) || isYearTabId(value);
}

export function isTabChoice(value: unknown): value is TabChoice {
  return TAB_CHOICES.includes(value as TabChoice);
}

export function isYearTabId(value: unknown): value is YearTabId {
  return typeof value === 'string' && YEAR_TAB.test(value);
}

/** The tabs among `keys` in the order a refresh writes them: the year's tabs, newest first, after the
 * year's choice. */
export function writtenTabsIn(keys: readonly string[]): WrittenTabId[] {
  const years = keys.filter(isYearTabId).sort().reverse();
  return TAB_CHOICES.flatMap((tab) => [
    ...(keys.includes(tab) ? [tab] : []),
    ...(tab === 'year' ? years : []),
  ]);
}
