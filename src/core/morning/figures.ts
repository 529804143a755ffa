// The figures a refresh hands to the morning e-mail and the sidebar's headline: the period's figures as the
// dashboard tiles show them (the Summary tab's own, with the change against the period before), the latest
// days of the history ledger, and the books that earned most. Made from the responses the refresh already
// has (no request of its own), small and plain JSON: it crosses google.script.run and is kept overnight.

import { numberOrNull } from '../base/unknown';
import { figureTiles } from '../dashboard';
import type { EndpointId } from '../endpoints';
import { type LedgerDay, MEASURES, type Measure } from '../figures';
import { measureAt } from '../figures/measure-at';
import type { ReportTable } from '../report';
import { type Period, reportPeriod } from '../report/period';
import { BOOK_ID, BOOK_TITLE, columnOf, idText } from '../report/table-reader';
import { type Fetched, tabContents } from '../tabs';
import { type BooksBefore, type MovedBooks, movedBooks, shortTitle } from './movers';

/** The latest days of the history shown, newest first. */
const MORNING_DAYS = 7;
/** The books shown: an account of 2,000 books still gets a short e-mail. */
export const TOP_BOOKS = 5;

interface HeadlineFigure {
  readonly measure: Measure;
  readonly label: string;
  readonly money: boolean;
  /** Null when the API did not send it. */
  readonly value: number | null;
  readonly previous: number | null;
  /** (value − previous) ÷ previous; null with `note` saying why there is none. */
  readonly change: number | null;
  readonly note: string | null;
}

interface MorningDay {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  readonly royalties: number | null;
  readonly netProfit: number | null;
  readonly provisional: boolean;
}

interface TopBook {
  readonly title: string;
  readonly royalties: number;
}

export interface MorningFigures {
  readonly currency: string | null;
  readonly period: Period | null;
  /** The tiles' figures; empty when the Summary could not be read (`unread` says why). */
  readonly figures: readonly HeadlineFigure[];
  readonly unread: string | null;
  readonly days: readonly MorningDay[];
  readonly topBooks: readonly TopBook[];
  /** Books in the books report, so the e-mail can say how many more the Books tab lists. */
  readonly bookCount: number;
  /** The books that moved most, or why there is nothing to compare with (then `topBooks` stand in). */
  readonly moved?: MovedBooks;
  /** The books report's own currency when it names one: its lists are printed in it, not the Summary's. */
  readonly booksCurrency?: string;
}

const SOURCES: readonly EndpointId[] = ['summary', 'timeline', 'kenp', 'free-units', 'books-report'];

/** The latest days whose money is in `currency`, the one the e-mail prints amounts in: a day kept in another
 * currency is left out rather than shown as if in this one. The ledger holds a date once (ledgerDays). */
function latestDays(days: readonly LedgerDay[], currency: string | null): MorningDay[] {
  return days
    .filter((d) => d.currency === currency)
    .sort((a, b) => (a.date < b.date ? 1 : -1))
    .slice(0, MORNING_DAYS)
    .map((d) => ({
      date: d.date,
      royalties: numberOrNull(d.figures.royalties),
      netProfit: numberOrNull(d.figures.net_profit),
      provisional: d.status === 'provisional',
    }));
}

function topBooks(books: ReportTable): TopBook[] {
  const royalties = measureAt(books, 'royalties');
  const titleAt = columnOf(books, BOOK_TITLE);
  const idAt = columnOf(books, BOOK_ID);
  const earned: TopBook[] = [];
  books.rows.forEach((row, i) => {
    const r = royalties(i);
    if (r === null || r <= 0) return;
    earned.push({
      title: shortTitle(idText(row[titleAt]) || idText(row[idAt]) || `Row ${i + 1}`),
      royalties: r,
    });
  });
  // Stable: books with equal royalties keep the report's order.
  return earned.sort((a, b) => b.royalties - a.royalties).slice(0, TOP_BOOKS);
}

/** The morning figures from a refresh's first round and the ledger's days (null when the ledger was not read);
 * `books` what the Books tab held before and the range asked for, for the books that moved most. */
export function morningFigures(
  firstRound: ReadonlyMap<EndpointId, Fetched>,
  days: readonly LedgerDay[] | null,
  books?: { readonly before: BooksBefore; readonly range: string },
): MorningFigures {
  const tables: Partial<Record<EndpointId, ReportTable>> = {};
  let unread: string | null = null;
  for (const content of tabContents(SOURCES, firstRound, undefined)) {
    if (content.kind === 'table') tables[content.tab] = content.table;
    else if (content.tab === 'summary') unread = `The Summary could not be read: ${content.error}`;
  }
  const { summary, timeline, kenp, 'free-units': freeUnits, 'books-report': report } = tables;
  const currency = summary ? summary.meta.currency : null;
  const figures =
    summary && timeline && kenp && freeUnits
      ? figureTiles({ summary, timeline, kenp, freeUnits }, days || []).map(
          (tile): HeadlineFigure => ({ ...tile, money: MEASURES[tile.measure].kind === 'money' }),
        )
      : [];
  return {
    currency,
    period: summary && timeline ? reportPeriod(summary, timeline) : null,
    figures,
    unread:
      unread ||
      (figures.length
        ? null
        : 'The period figures need the Summary, Timeline, KENP and Free downloads reports.'),
    days: latestDays(days || [], currency),
    topBooks: report ? topBooks(report) : [],
    bookCount: report?.rows.length ?? 0,
    ...(report && books ? { moved: movedBooks(report, books.before, books.range) } : {}),
    ...(report?.meta.currency ? { booksCurrency: report.meta.currency } : {}),
  };
}
