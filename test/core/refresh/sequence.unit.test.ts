// A refresh's steps in their order, from plain inputs: the client over a fake UrlFetchApp, and every port a
// plain object that records each call it gets (its name and what it was given).
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_LINES } from '../../../src/core/alerts/lines.ts';
import type { AlertRecords } from '../../../src/core/alerts/records.ts';
import { NO_SALES_BASELINE } from '../../../src/core/alerts/sales-stop.ts';
import type { ApiRequest } from '../../../src/core/api/index.ts';
import type { LedgerDay } from '../../../src/core/figures/index.ts';
import type { HttpOutcome, HttpRequest } from '../../../src/core/ports.ts';
import { LAST_REFRESH_NOT_KEPT, LAST_REFRESH_PROPERTY } from '../../../src/core/refresh/last-refresh.ts';
import type { RefreshOrigin } from '../../../src/core/refresh/origin.ts';
import { refreshFirstRound } from '../../../src/core/refresh/plan.ts';
import type { RefreshNews, RefreshPorts, RefreshRun } from '../../../src/core/refresh/ports.ts';
import type { TabOutcome } from '../../../src/core/refresh/result.ts';
import { refreshTabs } from '../../../src/core/refresh/sequence.ts';
import type { StatusBook } from '../../../src/core/refresh/status.ts';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';
import type { TabChoice, WrittenTabId } from '../../../src/core/tab-ids.ts';
import type { Banner } from '../../../src/core/tabs/banner.ts';
import { json } from '../../support/fake-ports.ts';
import { makeClient, target } from '../api/support.ts';

const STARTED = Date.parse('2026-11-21T08:00:00Z');
const FINISHED = STARTED + 5_000;
/** What the last refresh's record takes at its least, as its port says. */
const LEAST_CHARS = 321;
const DAYS: LedgerDay[] = [];
const MERGED_DAYS: LedgerDay[] = [];

/** The API: every path answers but `failing`, which answers 500. */
function answer(failing: readonly string[]) {
  return (request: HttpRequest): HttpOutcome => {
    const { path } = target(request);
    if (failing.includes(path)) return json(500, { error: { code: 'internal', message: 'down' } });
    if (path === '/account')
      return json(200, { platforms: [{ name: 'KDP', connected: true, covered_through: '2026-11-19' }] });
    if (path === '/series') return json(200, { series: [{ series_id: 's1', name: 'One' }] });
    return json(200, { rows: [{ date: '2026-11-01', royalties: 1 }] });
  };
}

interface Setup {
  readonly tabs: readonly TabChoice[];
  readonly origin?: RefreshOrigin;
  readonly failing?: readonly string[];
  readonly unanswered?: readonly ApiRequest[];
  /** What the history's step hands back (its days; null: the ledger unread). */
  readonly historyDays?: readonly LedgerDay[] | null;
  /** A port that throws, by method name. */
  readonly refuses?: readonly string[];
  readonly lastRefreshSaved?: boolean;
  /** What saving the status book says it could not keep. */
  readonly notKept?: string;
  /** What recording a stopped refresh at this one's start could not keep. */
  readonly stoppedNotKept?: string;
}

/** Runs a refresh over fakes; `calls` is every port call in order, `got` what each was given. */
function refresh(setup: Setup) {
  const settings = { ...DEFAULT_SETTINGS, tabs: [...setup.tabs] };
  const fixture = makeClient(answer(setup.failing || []), { deadline: STARTED + 270_000 });
  const calls: string[] = [];
  const got: Record<string, unknown[]> = {};
  /** Records a call, then throws when the setup says this port refuses. */
  const call = (name: string, ...args: unknown[]): void => {
    calls.push(name);
    got[name] = args;
    if (setup.refuses?.includes(name)) throw new Error(`${name} refused`);
  };
  const outcome = (tab: WrittenTabId, sheetName: string): TabOutcome => ({
    tab,
    sheetName,
    rows: 1,
    truncated: false,
    error: null,
  });
  const ports: RefreshPorts = {
    progress: {
      report: (change) => call(`progress ${change.step}`, change),
      written: () => call('written'),
    },
    records: {
      loadStatusBook: () => {
        call('loadStatusBook');
        return {};
      },
      saveStatusBook: (book, checks, raised, next) => {
        call('saveStatusBook', book, checks, raised, next);
        return setup.notKept ?? null;
      },
      lastRefreshChars: (news) => {
        call('lastRefreshChars', news);
        return LEAST_CHARS;
      },
      loadAlerts: () => {
        call('loadAlerts');
        return { lines: DEFAULT_ALERT_LINES, raised: {}, baseline: NO_SALES_BASELINE };
      },
      recordLastRefresh: (news) => {
        call('recordLastRefresh', news);
        return setup.lastRefreshSaved === false
          ? undefined
          : {
              at: new Date(news.finishedAt).toISOString(),
              message: 'm',
              ok: true,
              by: news.by,
              problems: [],
              figures: null,
            };
      },
    },
    openSpreadsheet: () => {
      call('openSpreadsheet');
      return {
        timeZone: 'Europe/Paris',
        inSheetTime: (ms) => `at ${ms}`,
        tabSheets: (dataAt) => {
          call('tabSheets', dataAt);
          return {
            writeTable: (tab, _table, banner) => {
              call(`writeTable ${tab}`, banner);
              return { sheetName: tab, rows: 1 };
            },
            writeFailed: (tab, bannerFor) => {
              call(`writeFailed ${tab}`, bannerFor(null));
              return tab;
            },
          };
        },
        booksBefore: (compares, tabs) => {
          call('booksBefore', compares, tabs);
          return { why: 'not compared' };
        },
        writeHistory: (run) => {
          call('writeHistory', run);
          const days = setup.historyDays === undefined ? MERGED_DAYS : setup.historyDays;
          return { days, outcome: outcome('history', 'Royalties history') };
        },
        ledgerDays: (run) => {
          call('ledgerDays', run);
          return DAYS;
        },
        writeDashboard: (run, history, alerts) => {
          call('writeDashboard', run, history, alerts);
          return outcome('dashboard', 'Royalties dashboard');
        },
        writeYear: (run, days) => {
          call('writeYear', run, days);
          return [outcome('year-2026', 'Royalties 2026'), outcome('year-2025', 'Royalties 2025')];
        },
        morningEmailMode: () => {
          call('morningEmailMode');
          return 'off';
        },
        writeStatusTab: (book, banner, at, checks, alerts) =>
          call('writeStatusTab', book, banner, at, checks, alerts),
      };
    },
    now: () => FINISHED,
  };
  const result = refreshTabs(
    {
      origin: setup.origin || 'menu',
      settings,
      round1: refreshFirstRound(settings),
      startedAt: STARTED,
      client: fixture.client,
      demo: false,
      unanswered: setup.unanswered || [],
      stoppedNotKept: setup.stoppedNotKept,
    },
    ports,
  );
  const paths = fixture.http.requests.map((r) => target(r).path);
  const news = got.recordLastRefresh?.[0] as RefreshNews;
  const book = got.saveStatusBook?.[0] as StatusBook;
  return { result, calls, got, paths, news, book };
}

describe('a refresh, step by step', () => {
  it('asks, then writes the report tabs, the history, the dashboard, the Status record and tab, the record', () => {
    const { calls, result, got, news } = refresh({
      tabs: ['summary', 'books-report', 'history', 'dashboard'],
    });
    expect(calls).toEqual([
      'progress reading',
      'progress writing',
      'openSpreadsheet',
      'tabSheets',
      'booksBefore',
      'writeTable summary',
      'written',
      'writeTable books-report',
      'written',
      'writeHistory',
      'written',
      'loadAlerts',
      'writeDashboard',
      'written',
      'loadStatusBook',
      'lastRefreshChars',
      'saveStatusBook',
      'progress done',
      'morningEmailMode',
      'writeStatusTab',
      'recordLastRefresh',
    ]);
    expect(got.tabSheets).toEqual([STARTED]);
    expect(result.tabs.map((t) => t.tab)).toEqual(['summary', 'books-report', 'history', 'dashboard']);
    // The dashboard and the record take the days the history merged, not the ledger as it stood.
    expect(got.writeDashboard?.[1]).toBe(MERGED_DAYS);
    expect(news.days).toBe(MERGED_DAYS);
    const run = got.writeHistory?.[0] as RefreshRun;
    expect(run.coveredThrough).toBe('2026-11-19');
    expect(run.timeline?.ok).toBe(true);
    expect(run.timeZone).toBe('Europe/Paris');
    expect(result).toMatchObject({
      origin: 'menu',
      startedAt: '2026-11-21T08:00:00.000Z',
      finishedAt: '2026-11-21T08:00:05.000Z',
      lastRefresh: { by: 'menu' },
    });
    expect(result.statusError).toBeUndefined();
    expect(got['progress done']).toEqual([{ step: 'done', failed: 0, truncated: 0 }]);
  });

  it("keeps the room the last refresh's record takes at its least first, in the Status book's save", () => {
    const { got, news } = refresh({ tabs: ['summary'] });
    expect(got.saveStatusBook?.[3]).toEqual([LAST_REFRESH_PROPERTY, LEAST_CHARS]);
    // Told from the same news the record is then made of, less the Status tab's outcome.
    expect(got.lastRefreshChars?.[0]).toMatchObject({ by: news.by, tabs: news.tabs, finishedAt: FINISHED });
  });

  it('judges the alerts before the dashboard; only the night and npm start remember what they raised', () => {
    for (const origin of ['nightly', 'local', 'menu', 'sidebar'] as const) {
      const { got, news } = refresh({ tabs: ['books-report', 'history', 'dashboard'], origin });
      const records = got.saveStatusBook?.[2] as AlertRecords;
      expect(records.raised).toEqual(origin === 'nightly' || origin === 'local' ? {} : undefined);
      expect(news.alerts).toEqual({ off: false, standing: [], more: 0, raised: [], cleared: [] });
      expect(got.writeDashboard?.[2]).toEqual([]);
    }
  });

  it('alerts that cannot be judged (their records unreadable) cost no tab and no record', () => {
    const { result, news, got } = refresh({ tabs: ['books-report', 'dashboard'], refuses: ['loadAlerts'] });
    expect(result.tabs.every((t) => !t.error)).toBe(true);
    expect(news.alerts).toBeUndefined();
    expect(got.saveStatusBook?.[2]).toBeUndefined();
  });

  it('reads the Books tab before rewriting it at night and for npm start only', () => {
    for (const origin of ['nightly', 'local', 'menu', 'sidebar'] as const) {
      const { got } = refresh({ tabs: ['books-report'], origin });
      expect(got.booksBefore).toEqual([origin === 'nightly' || origin === 'local', ['books-report']]);
    }
  });

  it('the year from the days the history merged, or from the ledger as it stands; asked for only', () => {
    const merged = refresh({ tabs: ['history', 'year'] });
    expect(merged.got.writeYear?.[1]).toBe(MERGED_DAYS);
    expect(merged.result.tabs.map((t) => t.tab)).toEqual(['history', 'year-2026', 'year-2025']);
    const read = refresh({ tabs: ['summary', 'year'] });
    expect(read.calls).not.toContain('writeHistory');
    expect(read.got.writeYear?.[1]).toBe(DAYS);
    expect(refresh({ tabs: DEFAULT_SETTINGS.tabs }).calls).not.toContain('writeYear');
  });

  it('the dashboard without the history: the ledger read as it stands, and no history written', () => {
    const { calls, got, news } = refresh({ tabs: ['summary', 'dashboard'] });
    expect(calls).not.toContain('writeHistory');
    expect(calls.indexOf('ledgerDays')).toBeLessThan(calls.indexOf('writeDashboard'));
    expect(got.writeDashboard?.[1]).toBe(DAYS);
    expect(news.days).toBe(DAYS);
  });

  it('neither the history nor the dashboard: no ledger read, the record has no days', () => {
    const { calls, news } = refresh({ tabs: ['summary'] });
    for (const step of ['writeHistory', 'ledgerDays', 'writeDashboard']) expect(calls).not.toContain(step);
    expect(news.days).toBeNull();
  });

  it('a history that could not be read: the dashboard gets no days, the ledger is not read again', () => {
    const { calls, got, news } = refresh({ tabs: ['history', 'dashboard'], historyDays: null });
    expect(calls).not.toContain('ledgerDays');
    expect(got.writeDashboard?.[1]).toBeNull();
    expect(news.days).toBeNull();
  });

  it('a report whose endpoint failed: only its banner turned amber, the others written, the failure recorded', () => {
    const { calls, result, book, got } = refresh({
      tabs: ['summary', 'books-report'],
      failing: ['/summary'],
    });
    expect(calls).toContain('writeFailed summary');
    expect(calls).not.toContain('writeTable summary');
    expect(calls).toContain('writeTable books-report');
    const summary = result.tabs.find((t) => t.tab === 'summary')!;
    expect(summary.error).toMatch(/./);
    expect(book.summary).toMatchObject({ lastFailure: summary.error, lastFailureAt: FINISHED });
    expect(got['progress done']).toEqual([{ step: 'done', failed: 1, truncated: 0 }]);
  });

  it('records the storage had no room for: said in the Status tab banner, after what it said before', () => {
    const plain = refresh({ tabs: ['summary'] }).got.writeStatusTab?.[1] as Banner;
    const notKept = 'Not kept: the checks.';
    const { got } = refresh({ tabs: ['summary'], notKept });
    expect(got.writeStatusTab?.[1]).toEqual({ ...plain, text: `${plain.text} ${notKept}` });
  });

  it('a stopped refresh recorded at the start and cut for room: said in the Status tab banner', () => {
    const plain = refresh({ tabs: ['summary'] }).got.writeStatusTab?.[1] as Banner;
    // The book this refresh saves was loaded already cut: its own save fits, the earlier cut is still told.
    const stoppedNotKept = "Add-on storage full, not kept whole: the tabs' last refreshes.";
    const { got, result } = refresh({ tabs: ['summary'], stoppedNotKept });
    expect(got.writeStatusTab?.[1]).toEqual({ ...plain, text: `${plain.text} ${stoppedNotKept}` });
    // And in the result, for the sidebar to say at the refresh's end.
    expect(result.notKept).toBe(stoppedNotKept);
  });

  it('the Status tab refused: the book still saved, the reason in the result and the record', () => {
    const { calls, result, news } = refresh({ tabs: ['summary'], refuses: ['writeStatusTab'] });
    const said = 'The status tab could not be written: writeStatusTab refused';
    expect(result.statusError).toBe(said);
    expect(news.statusError).toBe(said);
    expect(calls.indexOf('saveStatusBook')).toBeLessThan(calls.indexOf('writeStatusTab'));
    expect(calls.at(-1)).toBe('recordLastRefresh');
  });

  it('the morning e-mail choice unreadable (its permission missing): no Status tab, the reason said', () => {
    const { calls, result } = refresh({ tabs: ['summary'], refuses: ['morningEmailMode'] });
    expect(calls).not.toContain('writeStatusTab');
    expect(result.statusError).toBe('The status tab could not be written: morningEmailMode refused');
    expect(calls.at(-1)).toBe('recordLastRefresh');
  });

  it('the Status book unreadable: the refresh fails before anything is recorded', () => {
    expect(() => refresh({ tabs: ['summary'], refuses: ['loadStatusBook'] })).toThrow(
      'loadStatusBook refused',
    );
  });

  it('the last refresh unsaved: the result carries no record, and says it was not kept', () => {
    const { result } = refresh({ tabs: ['summary'], lastRefreshSaved: false });
    expect(result).not.toHaveProperty('lastRefresh');
    expect(result.notKept).toBe(LAST_REFRESH_NOT_KEPT);
    const notKept = 'Not kept: the checks.';
    const both = refresh({ tabs: ['summary'], notKept, lastRefreshSaved: false }).result;
    expect(both.notKept).toBe(`${notKept} ${LAST_REFRESH_NOT_KEPT}`);
    expect(refresh({ tabs: ['summary'] }).result).not.toHaveProperty('notKept');
  });

  it("what a sidebar refresh's parts got no answer to is never asked; a request the client refuses is ignored", () => {
    const settings = { ...DEFAULT_SETTINGS, tabs: ['summary', 'kenp'] as TabChoice[] };
    const summary = refreshFirstRound(settings).find((r) => r.endpoint === 'summary')!;
    const refused: ApiRequest = { endpoint: 'read-through', seriesId: '' };
    const { paths, result } = refresh({ tabs: settings.tabs, unanswered: [summary, refused] });
    expect(paths).not.toContain('/summary');
    expect(paths).toContain('/kenp');
    expect(result.tabs.find((t) => t.tab === 'summary')?.error).toMatch(/./);
    expect(result.tabs.find((t) => t.tab === 'kenp')?.error).toBeNull();
  });
});
