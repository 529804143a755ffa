// The year's step of a refresh (docs/guide/alerts-and-the-year.md): a tab per calendar year asked for
// (this year and last unless the settings say otherwise), each from the history's days and, for months it
// holds no day of, round 1's timeline by month, with this year's Marketplaces report below, then the
// months by marketplace, its payment delay stated in its banner. A tab keeps the months by marketplace it
// holds, and a past year's its year so far's rows once the year so far has moved on: one read to the
// sheet's last row, only of a tab whose mark says it holds what is kept, and the block written over every
// row of them (a failed write may have left the mark short). A ledger that cannot be read, a tab whose
// columns the author moved, or a sheet that refuses the write, leaves each year's tab as it was under the
// amber banner.
// platform/year-tab.ts builds the ports.
import type { LedgerDay } from '../figures';
import { failTabAnyway, type RefreshRun, type TabOutcome, type TabSheets, writeRefused } from '../refresh';
import type { CellValue } from '../report';
import { yearTabId } from '../tab-ids';
import { freshBanner, HEADER_ROWS, type WrittenTab } from '../tabs';
import {
  keptMarketplaces,
  marketplaceSections,
  readYearTab,
  yearAnswers,
  yearsAsked,
  yearTabs,
} from '../year';

const LEDGER_UNREAD = 'The history tab could not be read: the year is built from its days.';
/** Kept rows are read by their columns' places: a column moved would put figures under the wrong heading. */
const KEPT_UNREAD =
  'The months by marketplace kept on this tab could not be read, so it was left as it was: ';
/** The mark's basis of a year's tab: the sections by marketplace it holds, joined by ", ". */
const BY_MARKETPLACE = 'by marketplace';
const MONTHS_BY_MARKETPLACE = 'months by marketplace';

export interface YearTabsPorts {
  /** `YYYY-MM-DD` of the refresh's start in the spreadsheet's zone. */
  today(): string;
  readonly sheets: TabSheets;
  /** Our tab as the refresh found it; undefined when there is none (throws as Google does). */
  findTab(tab: TabOutcome['tab']): WrittenTab | undefined;
}

export function writeYearTabs(
  run: RefreshRun,
  days: readonly LedgerDay[] | null,
  { today, sheets, findTab }: YearTabsPorts,
): TabOutcome[] {
  const { startedAt, inSheetTime, timeZone } = run;
  const day = today();
  const fail = (tab: TabOutcome['tab'], error: string): TabOutcome =>
    failTabAnyway(tab, error, { startedAt, inSheetTime }, sheets);
  if (days === null)
    return yearsAsked(day, run.settings.years).map((year) => fail(yearTabId(year), LEDGER_UNREAD));
  const answers = yearAnswers(
    run.yearMonths,
    run.yearMarketplaces,
    run.settings.currency ?? null,
    run.lastMonthMarketplaces,
  );
  /** Why a tab is left as it was; and how many rows of ours each holds, past what its mark may say. */
  const unread = new Map<string, string>();
  const holds = new Map<string, number>();
  const kept = (year: number, yearSoFar: boolean): CellValue[][] => {
    const tab = yearTabId(year);
    try {
      const found = findTab(tab);
      const basis = found?.mark.basis?.split(', ') ?? [];
      if (!found || !(basis.includes(MONTHS_BY_MARKETPLACE) || (yearSoFar && basis.includes(BY_MARKETPLACE))))
        return [];
      const { columns } = found.mark;
      const { below, moved } = readYearTab(found);
      if (moved) {
        unread.set(tab, `${KEPT_UNREAD}${moved}`);
        return [];
      }
      const { rows, through } = keptMarketplaces(below, columns);
      holds.set(tab, HEADER_ROWS + through);
      return rows;
    } catch (err) {
      unread.set(tab, writeRefused(err));
      return [];
    }
  };
  return yearTabs(days, day, run.settings, answers, kept).map(({ tab, table, note }) => {
    if (unread.has(tab)) return fail(tab, unread.get(tab)!);
    try {
      const fresh = freshBanner({
        meta: table.meta,
        updatedAt: inSheetTime(startedAt),
        timeZone,
        period: null,
        coveredThrough: run.coveredThrough,
      });
      const { yearSoFar, months } = marketplaceSections(table);
      const basis =
        [yearSoFar && BY_MARKETPLACE, months && MONTHS_BY_MARKETPLACE].filter(Boolean).join(', ') ||
        undefined;
      const banner = { ...fresh, text: `${fresh.text} · ${note}` };
      const written = sheets.writeTable(tab, table, banner, basis, holds.get(tab));
      return { tab, ...written, truncated: false, error: null };
    } catch (err) {
      return fail(tab, writeRefused(err));
    }
  });
}
