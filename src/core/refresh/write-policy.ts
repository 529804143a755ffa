// A tab's write in a refresh, or its failure: the table under a fresh banner; when its endpoint failed or
// the sheet refused the write (a protected range, a size limit), the amber banner over the figures it
// kept. One tab failing never stops the others: its error lands in its outcome (the refresh summary,
// the Status tab).

import { type Check, checksBannerText } from '../checks';
import { showsPeriod } from '../endpoints';
import { plainMessageOf } from '../google-faults';
import { type ReportTable, readingWarnings } from '../report';
import type { TabId, WrittenTabId } from '../tab-ids';
import { type Banner, failedBanner, figuresBasis, freshBanner, type TabContent } from '../tabs';
import type { TabOutcome } from './result';

/** What the platform does to a tab's sheet. Either may throw: the sheet refused. */
export interface TabSheets {
  /** The table under its banner: the tab's sheet name and the data rows written. */
  writeTable(
    tab: TabId,
    table: ReportTable,
    banner: Banner,
    /** What the figures are for (figuresBasis), kept in the tab's mark; none for tabs without a period. */
    basis: string | undefined,
    /** Rows of ours a read found the tab to hold (banner and header included), when they may reach past
     * its mark's: the block is written over them all. */
    holds?: number,
  ): { readonly sheetName: string; readonly rows: number };
  /** The amber banner over the figures the tab keeps (`dataAt`: when they were fetched): its sheet name. */
  writeFailed(tab: TabId, bannerFor: (dataAt: number | null) => Banner): string;
}

/** When and how a failure is told on its tab's banner. */
interface FailureTime {
  readonly startedAt: number;
  /** An instant as the sheet shows it (its time zone). */
  readonly inSheetTime: (ms: number) => string;
}

export interface TabWriteContext extends FailureTime {
  readonly timeZone: string;
  /** The period the settings ask for, named on the banner of the tabs that show one. */
  readonly range: string;
  /** Earliest `covered_through` of the connected platforms (null when /account failed). */
  readonly coveredThrough: string | null;
  /** The refresh's reconciliation, each tab's mismatches on its banner. */
  readonly checks: readonly Check[];
}

/** Why a tab's write failed, from what the sheet threw. */
export function writeRefused(err: unknown): string {
  return `The tab could not be written: ${plainMessageOf(err)}`;
}

/** A refresh whose last flush Google refused: what it wrote last may not have reached the sheet. */
export function notFlushed(summary: { readonly statusError?: string }, err: unknown): string {
  const said = `What this refresh wrote last may not have reached the spreadsheet: ${plainMessageOf(err)}`;
  return summary.statusError ? `${summary.statusError} ${said}` : said;
}

export function failedOutcome(tab: WrittenTabId, sheetName: string | null, error: string): TabOutcome {
  return { tab, sheetName, rows: null, truncated: false, error };
}

/** The tab's banner turned amber, over the figures it keeps (fetched at `dataAt`, null: none); when the sheet
 * refuses that too, the error still reaches the Status tab. */
export function failTabAnyway(
  tab: WrittenTabId,
  error: string,
  time: FailureTime,
  sheets: Pick<TabSheets, 'writeFailed'>,
): TabOutcome {
  let sheetName: string | null = null;
  try {
    sheetName = sheets.writeFailed(tab, (dataAt) =>
      failedBanner({
        error,
        failedAt: time.inSheetTime(time.startedAt),
        dataShownAt: dataAt === null ? null : time.inSheetTime(dataAt),
      }),
    );
  } catch {
    // Refused: the outcome names no sheet.
  }
  return failedOutcome(tab, sheetName, error);
}

/** A report tab's step of a refresh. A sheet that refuses a failed endpoint's amber banner fails that tab
 * only, like any refused write: the error still reaches the Status tab and the other tabs are written. */
export function writeTab(content: TabContent, context: TabWriteContext, sheets: TabSheets): TabOutcome {
  const { tab } = content;
  if (content.kind === 'failed') return failTabAnyway(tab, content.error, context, sheets);
  try {
    const { table } = content;
    const { meta } = table;
    const period = showsPeriod(tab) ? context.range : null;
    // The context's time zone and coveredThrough, as they are.
    const banner = freshBanner({
      ...context,
      meta,
      updatedAt: context.inSheetTime(context.startedAt),
      period,
      checks: checksBannerText(context.checks, tab),
    });
    const basis = period === null ? undefined : figuresBasis(period, meta.currency, meta.truncated);
    // The Status tab's note says why rows are missing ("Only 3 of 5 rows of Books were read: …") and which
    // figures stay text.
    const notes = [meta.truncated && meta.unread, ...readingWarnings(meta)].filter(Boolean);
    const note = notes.join(' ') || null;
    return {
      tab,
      ...sheets.writeTable(tab, table, banner, basis),
      truncated: meta.truncated,
      note,
      error: null,
    };
  } catch (err) {
    return failTabAnyway(tab, writeRefused(err), context, sheets);
  }
}
