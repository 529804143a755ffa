// The year's custom function, one cell (ROYALTIES_YEAR): the year and payment delay asked for, the history
// tab's days in the currency of the sidebar's setting (else of its latest day with money, as the year's
// tab reads them), and the same table as that tab, for one year: what the tab took from the API is read
// back from it (core/year/year-cell.ts). It reads this spreadsheet only: no key and no request, so no
// allowance to check (any editor sees those tabs themselves). platform/year-formula.ts builds the ports.
import { YEAR_FORMULA } from '../custom-functions';
import type { LedgerDay } from '../figures';
import { type FormulaResult, formulaOutput } from '../formulas';
import { FormulaError } from '../formulas/errors';
import { plainMessageOf } from '../google-faults';
import { currenciesOf } from '../history';
import type { ClockPort } from '../ports';
import { DEFAULT_PAYMENT_DELAY_DAYS, settingsFromStored } from '../settings';
import { tabTitle, type YearTabId, yearTabId } from '../tab-ids';
import type { WrittenTab } from '../tabs';
import { holdsMoney, readYearTab, yearCellTable, yearRows } from '../year';
import { readPaymentDelay, readYear } from '../year/year-arguments';
import { sayingPermissions } from './formula-run';
import { type LedgerSheetPorts, type LedgerTab, ledgerDaysIn } from './history-step';

/** A refresh writes the history tab: until then there is nothing to sum. */
export const NO_HISTORY =
  'There is no history tab yet: choose "Royalties history" in the sidebar and refresh all tabs once; the year is summed from its days.';

export interface YearFormulaPorts {
  readonly clock: ClockPort;
  /** The settings property as stored (null: never saved). */
  storedSettings(): string | null;
  /** The spreadsheet's time zone. */
  zone(): string;
  /** An instant's offset from UTC in `zone`, in minutes. */
  offsetInZone(zone: string): (ms: number) => number;
  /** The history tab and its sheet, found (never made); null when the spreadsheet has none of ours. */
  ledger(zone: string, now: number): { readonly tab: LedgerTab; readonly sheet: LedgerSheetPorts } | null;
  /** The year's tab of ours, read back (never made); undefined when there is none (throws as Google does). */
  yearTab(tab: YearTabId): WrittenTab | undefined;
}

export function answerYear(args: readonly unknown[], ports: YearFormulaPorts): FormulaResult {
  return sayingPermissions(() => yearCells(args, ports));
}

function yearCells(args: readonly unknown[], ports: YearFormulaPorts): FormulaResult {
  const now = ports.clock.now();
  const zone = ports.zone();
  const today = new Date(now + ports.offsetInZone(zone)(now) * 60_000).toISOString().slice(0, 10);
  const year = readYear(args[0], Number(today.slice(0, 4)));
  const given = readPaymentDelay(args[1]);
  const ledger = ports.ledger(zone, now);
  if (!ledger) throw new FormulaError(NO_HISTORY);
  const { currency, paymentDelay } = settingsFromStored(ports.storedSettings());
  const delay = given ?? paymentDelay ?? DEFAULT_PAYMENT_DELAY_DAYS;
  let days: LedgerDay[];
  try {
    days = ledgerDaysIn(ledger.tab, ledger.sheet, currency);
  } catch (err) {
    throw new FormulaError(`The history tab could not be read: ${plainMessageOf(err)}`);
  }
  // A currency chosen that none of the year's days holds money in: its months would all be missing.
  const inYear = days.filter((d) => d.date.startsWith(`${year}-`));
  if (currency && inYear.length && !holdsMoney(inYear)) {
    const others = currenciesOf(ledger.tab.mark.columns).filter((c) => c !== currency);
    throw new FormulaError(
      `The history tab holds no day of ${year} in ${currency}: its money is in ${others.join(', ') || 'another currency'}. Choose it in the sidebar, or leave the currency to the account.`,
    );
  }
  // Read as a refresh reads it back: a column moved would put figures under the wrong heading.
  const unread = `The tab "${tabTitle(yearTabId(year))}" could not be read: `;
  let tab: WrittenTab | undefined;
  let read: ReturnType<typeof readYearTab> | undefined;
  try {
    tab = ports.yearTab(yearTabId(year));
    read = tab && readYearTab(tab);
  } catch (err) {
    throw new FormulaError(`${unread}${plainMessageOf(err)}`);
  }
  if (read?.moved) throw new FormulaError(`${unread}${read.moved}`);
  const written = tab && read ? yearRows(read.below, tab.mark.columns) : null;
  const table = yearCellTable(days, year, today, delay, written, currency);
  if (!table.rows.length)
    throw new FormulaError(
      `The history tab holds no day of ${year}${currency ? ` in ${currency}` : ''}: it keeps the days each refresh brings, and on its first refresh the longest period the API gives.`,
    );
  // The year's cells hold months as text and no calendar day.
  return formulaOutput(table, { functionName: YEAR_FORMULA.name, dayToDate: (iso) => new Date(iso) });
}
