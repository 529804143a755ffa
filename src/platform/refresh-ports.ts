// A refresh's ports (core/refresh/ports.ts) over Apps Script: the active spreadsheet and its tab
// directory, the document's records, the progress entry in the document cache. core/refresh/sequence.ts
// decides which of them run, in what order.
import type { RefreshPorts, RefreshSpreadsheet } from '../core/refresh';
import { loadAlerts } from './alerts-store';
import { refreshDashboard } from './dashboard-tab';
import { documentValues, type StoredValues, theSpreadsheet } from './document';
import { historyDays, refreshHistory } from './history';
import { lastRefreshChars, recordLastRefresh } from './last-refresh';
import { morningEmailModeOf } from './morning-email';
import { reportProgress, reportWritten } from './refresh-progress';
import { sheetTime } from './sheet-time';
import { booksBefore } from './sheets/books-before';
import { TabDirectory } from './sheets/directory';
import { loadStatusBook, saveStatusBook, writeStatusTab } from './sheets/status-tab';
import { tabSheets } from './sheets/writer';
import { refreshYears } from './year-tab';

/** `user`: the user's properties as the refresh read them at its start (document.ts, userValues). */
export function refreshPortsFor(user: StoredValues): RefreshPorts {
  // The status book and the alerts' records in one read of the store (the alerts first, then the book).
  let values: StoredValues | null = null;
  const stored = (): StoredValues => {
    values ??= documentValues();
    return values;
  };
  return {
    progress: { report: reportProgress, written: reportWritten },
    records: {
      loadStatusBook: () => loadStatusBook(stored()),
      saveStatusBook,
      recordLastRefresh,
      lastRefreshChars,
      loadAlerts: () => loadAlerts(stored()),
    },
    openSpreadsheet: () => openForRefresh(user),
    now: () => Date.now(),
  };
}

/** The spreadsheet's time zone and its tab directory, read once; every step writes through them. */
function openForRefresh(user: StoredValues): RefreshSpreadsheet {
  const spreadsheet = theSpreadsheet();
  const timeZone = spreadsheet.getSpreadsheetTimeZone();
  const inSheetTime = (ms: number): string => sheetTime(timeZone, ms);
  const directory = TabDirectory.open(spreadsheet);
  return {
    timeZone,
    inSheetTime,
    tabSheets: (dataAt) => tabSheets(directory, dataAt),
    booksBefore: (compares, tabs) => booksBefore(directory, compares, tabs, inSheetTime),
    writeHistory: (run) => refreshHistory({ ...run, directory }),
    ledgerDays: (run) => historyDays(directory, run.timeZone, run.startedAt, run.settings.currency, run.demo),
    writeDashboard: (run, history, alerts) => refreshDashboard({ ...run, directory, history, alerts }),
    writeYear: (run, days) => refreshYears(directory, run, days),
    morningEmailMode: () => morningEmailModeOf(spreadsheet.getId(), user),
    writeStatusTab: (book, banner, at, checks, alerts) =>
      writeStatusTab(directory, book, banner, at, checks, alerts),
  };
}
