// A refresh's steps in their order, once it holds the lock, its key, its settings and its client: the API
// asked (ask.ts), then the report tabs, the history ledger, the dashboard, the Status record and tab, and
// the last refresh's record written through the ports (ports.ts). One tab failing never stops the others;
// only a Status book that cannot be read or saved fails the whole refresh.
import {
  type Alert,
  type AlertRecords,
  alertNews,
  keptAlerts,
  type RefreshAlerts,
  raisedNow,
  refreshAlerts,
} from '../alerts';
import type { ApiClient, ApiRequest } from '../api';
import type { Check } from '../checks';
import { plainMessageOf } from '../google-faults';
import type { RoyaltiesSettings } from '../settings';
import { coveredThrough, refreshChecks, tabContents } from '../tabs';
import { askTheApi } from './ask';
import { LAST_REFRESH_NOT_KEPT, LAST_REFRESH_PROPERTY } from './last-refresh';
import type { RefreshOrigin } from './origin';
import type { RefreshPorts, RefreshRun, RefreshSpreadsheet } from './ports';
import type { RefreshResult, TabOutcome } from './result';
import { failedAndTruncated, recordRefresh, type StatusBook, statusBanner } from './status';
import { comparesBooks, ledgerDaysFor } from './steps';
import { writeTab } from './write-policy';

export interface RefreshInputs {
  readonly origin: RefreshOrigin;
  readonly settings: RoyaltiesSettings;
  /** Round 1 as the settings ask for it (refreshFirstRound). */
  readonly round1: readonly ApiRequest[];
  readonly startedAt: number;
  /** The refresh's one client. */
  readonly client: ApiClient;
  /** The public demo key is in use. */
  readonly demo: boolean;
  /** What a sidebar refresh's parts asked and got no answer to: never asked again. */
  readonly unanswered: readonly ApiRequest[];
  /** What the storage had no room for when this refresh's start recorded a stopped one, or made room for
   * its claim (null: none). */
  readonly stoppedNotKept?: string | null;
}

/** Every step of a refresh after its start (platform/refresh.ts's beginRefresh), and what it returns. */
export function refreshTabs(inputs: RefreshInputs, ports: RefreshPorts): RefreshResult {
  const { origin, settings, startedAt, client } = inputs;
  const { progress, records } = ports;
  for (const request of inputs.unanswered) {
    try {
      client.noteUnanswered(request);
    } catch {
      // Not a request the client accepts: it is asked (and refused) as any other.
    }
  }
  const { first, historyTimeline, yearMonths, yearMarketplaces, lastMonthMarketplaces, readThrough } =
    askTheApi(client, settings, inputs.round1, (series) => progress.report({ step: 'reading', series }));
  const contents = tabContents(settings.tabs, first, readThrough);
  progress.report({ step: 'writing' });
  const checks = refreshChecks(contents, first, readThrough);

  const spreadsheet = ports.openSpreadsheet();
  const account = first.get('account')!;
  const run: RefreshRun = {
    settings,
    startedAt,
    timeZone: spreadsheet.timeZone,
    inSheetTime: spreadsheet.inSheetTime,
    range: settings.period,
    coveredThrough: account.ok ? coveredThrough(account.data) : null,
    checks,
    client,
    demo: inputs.demo,
    timeline: historyTimeline || first.get('timeline'),
    yearMonths,
    yearMarketplaces,
    lastMonthMarketplaces,
    firstRound: first,
    readThrough,
  };
  const sheets = spreadsheet.tabSheets(startedAt);
  const before = spreadsheet.booksBefore(comparesBooks(origin), settings.tabs);
  const written = (outcome: TabOutcome): TabOutcome => {
    progress.written();
    return outcome;
  };
  const tabs = contents.map((content) => written(writeTab(content, run, sheets)));

  // The daily ledger; `history.days` is every day it holds, for the dashboard.
  const history = settings.tabs.includes('history') ? spreadsheet.writeHistory(run) : null;
  if (history) tabs.push(written(history.outcome));
  const ledger = ledgerDaysFor(settings.tabs);
  const days = history ? history.days : ledger === 'read' ? spreadsheet.ledgerDays(run) : null;
  if (settings.tabs.includes('year')) tabs.push(...spreadsheet.writeYear(run, days).map(written));
  const alerts = alertsOfRefresh(records, first, days, origin);
  const standing = alerts?.all ?? [];
  if (settings.tabs.includes('dashboard'))
    tabs.push(written(spreadsheet.writeDashboard(run, days, standing)));

  const finishedAt = ports.now();
  const book = recordRefresh(records.loadStatusBook(), tabs, finishedAt);
  const news = { ...run, by: origin, tabs, days, finishedAt, before, ...(alerts && { alerts: alerts.kept }) };
  // The last refresh's record, saved after, is kept its room first: the author's headline before the
  // history. A stopped refresh's cut is said here too: the book this one loaded was already cut.
  const next = [LAST_REFRESH_PROPERTY, records.lastRefreshChars(news)] as const;
  const notKept =
    records.saveStatusBook(book, checks, alerts?.remember, next) ?? inputs.stoppedNotKept ?? null;
  const { failed, truncated } = failedAndTruncated(tabs);
  progress.report({ step: 'done', failed: failed.length, truncated: truncated.length });
  const said = statusTabWritten(spreadsheet, {
    book,
    tabs,
    finishedAt,
    origin,
    checks,
    alerts: standing,
    notKept,
  });
  const lastRefresh = records.recordLastRefresh({ ...news, ...said });
  // That record not kept: the sidebar says this outcome itself, and that it was not kept.
  const told = lastRefresh ? notKept : [notKept, LAST_REFRESH_NOT_KEPT].filter(Boolean).join(' ');
  return {
    origin,
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: new Date(finishedAt).toISOString(),
    tabs,
    checks,
    ...said,
    ...(told && { notKept: told }),
    ...(lastRefresh && { lastRefresh }),
  };
}

/** The alerts the figures raise against the owner's lines, and what the night remembers of them (only the
 * night, and npm start, move the record on: it is the morning e-mail's). Never a reason to fail the
 * refresh: undefined when they could not be judged. */
function alertsOfRefresh(
  records: RefreshPorts['records'],
  first: Parameters<typeof refreshAlerts>[0],
  days: Parameters<typeof refreshAlerts>[1],
  origin: RefreshOrigin,
): { all: Alert[]; kept: RefreshAlerts; remember: AlertRecords } | undefined {
  try {
    const { lines, raised, baseline } = records.loadAlerts();
    const judged = refreshAlerts(first, days, lines, baseline);
    const all = judged.alerts;
    const kept = keptAlerts(all, alertNews(all, raised), !lines.enabled);
    const remember: AlertRecords = {
      // npm start keeps its own record between runs (local/cli/alerts-state.ts): told once there too.
      ...((origin === 'nightly' || origin === 'local') && { raised: raisedNow(all) }),
      ...(judged.baseline && { baseline: judged.baseline }),
    };
    return { all, kept, remember };
  } catch {
    return undefined;
  }
}

interface StatusInput {
  readonly book: StatusBook;
  readonly tabs: readonly TabOutcome[];
  readonly finishedAt: number;
  readonly origin: RefreshOrigin;
  readonly checks: readonly Check[];
  readonly alerts: readonly Alert[];
  /** What the records saved beside the book could not keep, for lack of room (null: all kept). */
  readonly notKept: string | null;
}

/** The Status tab written; when it cannot be (nor the morning e-mail choice its note names be read), the
 * reason, for the result and the last refresh's record: the book is already saved. */
function statusTabWritten(spreadsheet: RefreshSpreadsheet, input: StatusInput): { statusError?: string } {
  const { book, tabs, finishedAt, origin, checks, alerts, notKept } = input;
  try {
    // The note says where else the author hears of a refresh: this user's morning e-mail choice.
    const email = spreadsheet.morningEmailMode();
    const banner = statusBanner(tabs, spreadsheet.inSheetTime(finishedAt), origin, checks, email, alerts);
    // Records the storage had no room for: said where the author reads of the refresh.
    const told = notKept ? { ...banner, text: `${banner.text} ${notKept}` } : banner;
    spreadsheet.writeStatusTab(book, told, finishedAt, checks, alerts);
    return {};
  } catch (err) {
    return { statusError: `The status tab could not be written: ${plainMessageOf(err)}` };
  }
}
