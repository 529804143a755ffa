// One `npm start`: the built add-on in the emulator, driven through its own entry points as the owner would
// drive it from the sidebar (save the key, save the settings, Refresh all tabs), then every tab it wrote
// exported to the workbook.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { AccountView } from '../../src/core/api/account.ts';
import { plural } from '../../src/core/base/phrases.ts';
import { ENDPOINTS, type EndpointId } from '../../src/core/endpoints.ts';
import {
  progressText,
  type RefreshProgress,
  type RefreshResult,
  tabsToWrite,
} from '../../src/core/refresh/index.ts';
import {
  type BuildSettings,
  DEFAULT_API_BASE_URL,
  DEFAULT_DEMO_KEY,
  settingsFromEnv,
} from '../build/settings.ts';
import { DASHBOARD_PAGE_MARK, dashboardFileFor, dashboardHtml } from '../dashboard/render.ts';
import { dashboardView } from '../dashboard/view.ts';
import { type DemoApiHandle, startDemoApiInWorker } from '../demo-api/index.ts';
import { createEmulator, type Emulator } from '../gas/index.ts';
import { addOnTabs } from './addon-tabs.ts';
import { writeFileAtomically } from './atomic-file.ts';
import { withWorkbookChartsNote } from './dashboard-note.ts';
import { ensureBuilt } from './dist.ts';
import { morningEmailPreview, previewPage } from './email-preview.ts';
import { historyStatePath, restoreHistory, saveHistory, withHistoryInPlace } from './history-state.ts';
import { type CliOptions, DEFAULT_PERIOD } from './options.ts';
import { exportTabFrom } from './snapshot.ts';
import { buildSummary, type RunSummary } from './summary.ts';
import { terminalWords } from './words.ts';
import { workbookBytes } from './workbook.ts';

/** The demo account's "today" and the emulated clock: fixed, so `npm start` prints the same figures on every
 * machine and day (the figures docs/local.md shows). Against the real API the clock is the real one. */
export const DEMO_TODAY = '2026-11-21';
const DEMO_CLOCK = Date.parse('2026-11-21T08:00:00Z');
const DEMO_TIME_ZONE = 'Europe/London';

/** A failure to report: its message is the add-on's own (or says what could not be done). Nothing was written. */
export class RunError extends Error {}

type Progress = (message: string) => void;

/** The message of whatever the add-on threw (its Errors come from another realm, so no instanceof). */
function messageOf(err: unknown): string {
  if (err && typeof err === 'object' && typeof (err as { message?: unknown }).message === 'string') {
    return (err as { message: string }).message;
  }
  return String(err);
}

function kindOf(err: unknown): unknown {
  return err && typeof err === 'object' ? (err as { kind?: unknown }).kind : undefined;
}

/** "Could not reach" once, with the add-on's reason, and advice for where the address is: nothing
 * listening on this machine is not a matter of the internet connection. */
function unreachableWords(apiBaseUrl: string, message: string): string {
  const said =
    /^Could not reach the API(?: after (\d+) attempts)? \((.*)\)\. Check the internet connection\./.exec(
      message,
    );
  const why = said ? ` (${said[2]}${said[1] ? `; ${said[1]} attempts` : ''})` : `: ${message}`;
  const host = new URL(apiBaseUrl).hostname;
  const here = host === 'localhost' || host === '[::1]' || /^127\./.test(host);
  const advice = here
    ? 'Nothing answers at that address on this machine: is the API server running, on that port?'
    : 'Check the address and the internet connection.';
  return `Could not reach ${apiBaseUrl}${why}. ${advice}`;
}

/** Runs one entry point; what it throws becomes a RunError with the add-on's message. */
function callAddOn<T>(
  emulator: Emulator,
  name: string,
  args: unknown[],
  apiBaseUrl: string,
  apiUrlGiven: boolean,
): T {
  try {
    return emulator.run<T>(name, args);
  } catch (err) {
    const message = messageOf(err);
    if (kindOf(err) === 'network' || /could not reach/i.test(message)) {
      throw new RunError(unreachableWords(apiBaseUrl, message));
    }
    throw new RunError(terminalWords(message, apiUrlGiven));
  }
}

/** While the API is asked, say where the refresh is and, every ten seconds of silence, that it still waits. */
export function refreshWatcher(progress: Progress) {
  let emulator: Emulator | null = null;
  let lastPoll = 0;
  let line = '';
  let since = 0;
  let said = 0;
  return {
    watch(on: Emulator | null) {
      emulator = on;
    },
    /** Called by the emulator while the refresh waits on the network: a second execution reads its progress. */
    poll() {
      const now = Date.now();
      if (!emulator || now - lastPoll < 250) return;
      lastPoll = now;
      const p = emulator.run<RefreshProgress | null>('getRefreshProgress');
      if (!p?.running) return;
      const next = progressText(p);
      if (next !== line) {
        line = next;
        since = said = now;
        progress(`  ${line}`);
      } else if (now - said >= 10_000) {
        said = now;
        progress(`  … still waiting for the API (${Math.round((now - since) / 1000)} s)`);
      }
    },
    /** The finished run: n of n tabs and the time taken. */
    done(on: Emulator) {
      emulator = null;
      const p = on.run<RefreshProgress | null>('getRefreshProgress');
      if (p) progress(`  ${progressText(p)}`);
    },
  };
}

/** When every report failed (a range or currency the API refuses, an API that is down), a workbook of amber
 * banners helps no one: say why instead, and write nothing. */
function refuseEmptyRefresh(result: RefreshResult): void {
  const reports = result.tabs.filter((t) => ENDPOINTS[t.tab as EndpointId]?.isReport);
  const first = reports[0];
  if (!first?.error || !reports.every((t) => t.error)) return;
  const title = ENDPOINTS[first.tab as EndpointId].title;
  const failed = `${reports.length} ${reports.length === 1 ? 'tab' : 'tabs'} failed`;
  throw new RunError(
    `No report could be refreshed (${failed}), so nothing was written. The first, the ${title} tab, failed with: ${terminalWords(first.error)}`,
  );
}

function buildSettingsFor(options: CliOptions): BuildSettings {
  if (!options.apiUrl) return { apiBaseUrl: DEFAULT_API_BASE_URL, demoKey: DEFAULT_DEMO_KEY };
  return { apiBaseUrl: options.apiUrl, demoKey: settingsFromEnv().demoKey };
}

function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A run without the dashboard (`--tabs books`) writes a workbook of those tabs alone, replacing the last
 * one whole; the page an earlier run wrote beside it showed that workbook's dashboard, so it goes too:
 * the workbook and the page beside it always come from one run. Only a page npm start wrote is removed.
 */
function removeEarlierPage(page: string, shown: string, progress: Progress): void {
  let text: string;
  try {
    text = readFileSync(page, 'utf8');
  } catch {
    return;
  }
  if (!text.includes(DASHBOARD_PAGE_MARK)) return;
  rmSync(page, { force: true });
  progress(`Removed ${shown}: it showed an earlier run's dashboard, and this run did not refresh it.`);
}

export async function runExport(options: CliOptions, progress: Progress): Promise<RunSummary> {
  const target = path.resolve(options.out);
  if (!existsSync(path.dirname(target))) {
    throw new RunError(`The folder of --out ${options.out} does not exist; nothing was written.`);
  }
  const settings = buildSettingsFor(options);
  const demo = options.apiUrl === null;
  const { distDir, built } = await ensureBuilt(settings);
  if (built) progress(`Built the add-on into ${path.relative(process.cwd(), distDir) || distDir}/`);

  let api: DemoApiHandle | null = null;
  let emulator: Emulator | null = null;
  try {
    if (demo) {
      progress('Starting the local demo API…');
      // The API's clock follows the emulated one, so its key's "last used" is on the same fixed day.
      api = await startDemoApiInWorker({ today: DEMO_TODAY, clockStart: DEMO_CLOCK });
    }
    const timeZone = demo ? DEMO_TIME_ZONE : systemTimeZone();
    const watcher = refreshWatcher(progress);
    emulator = createEmulator({
      distDir,
      whileWaiting: () => watcher.poll(),
      timeZone,
      startTime: demo ? DEMO_CLOCK : Date.now(),
      // The add-on calls the URL compiled into it; like a hosts file, its origin leads to the demo server.
      ...(api ? { routes: { [new URL(settings.apiBaseUrl).origin]: api.origin } } : {}),
    });

    progress(
      options.key
        ? 'Checking the key with GET /account…'
        : `Using the demo account (GET /account): fictional figures, and its date is fixed at ${DEMO_TODAY} so every run prints the same figures…`,
    );
    const account = options.key
      ? callAddOn<AccountView>(emulator, 'saveApiKey', [options.key], settings.apiBaseUrl, !demo)
      : callAddOn<AccountView>(emulator, 'useDemoKey', [], settings.apiBaseUrl, !demo);
    // The add-on tries a period or currency other than the defaults with the API once, here, so a refused
    // one stops the run after one request instead of failing every tab.
    try {
      callAddOn(
        emulator,
        'saveSettings',
        [{ period: options.period, currency: options.currency ?? '', tabs: [...options.tabs] }],
        settings.apiBaseUrl,
        !demo,
      );
    } catch (err) {
      if (!(err instanceof RunError)) throw err;
      // Only what the user chose: the default period was not theirs to change.
      const given = [
        ...(options.period === DEFAULT_PERIOD ? [] : [`--period ${options.period}`]),
        ...(options.currency ? [`--currency ${options.currency}`] : []),
      ];
      const what = given.length > 0 ? given.join(' / ') : 'these settings';
      throw new RunError(`The API refused ${what}: ${err.message} Nothing was written.`);
    }

    // The history kept from the last run, merged into as the add-on would in Sheets.
    const historyFile = historyStatePath(target);
    const restored = options.tabs.includes('history') && (await restoreHistory(emulator, historyFile));
    if (restored) progress(`Kept the history from ${path.basename(historyFile)}`);
    // The year's choice is a tab per year (this year and last), as the refresh's own progress counts them.
    const toWrite = tabsToWrite({ ...options, currency: options.currency ?? null });
    progress(`Refreshing ${plural(toWrite, 'tab')}…`);
    watcher.watch(emulator);
    const result = callAddOn<RefreshResult>(
      emulator,
      'refreshAllTabs',
      ['local'],
      settings.apiBaseUrl,
      !demo,
    );
    watcher.done(emulator);

    refuseEmptyRefresh(result);

    const sheetNames = emulator.spreadsheet.getSheets().map((s) => s.getName());
    const live = emulator;
    const written = addOnTabs(sheetNames, (name) => live.sheetSnapshot(name));
    const tabs = restored ? withHistoryInPlace(written) : written;
    progress(`Writing ${options.out}…`);
    try {
      await writeFileAtomically(target, () =>
        workbookBytes(
          tabs.map((t) =>
            t.mark.tab === 'dashboard'
              ? withWorkbookChartsNote(exportTabFrom(t.snapshot), path.basename(dashboardFileFor(target)))
              : exportTabFrom(t.snapshot),
          ),
          timeZone,
        ),
      );
    } catch (err) {
      throw new RunError(`Could not write ${options.out}: ${messageOf(err)}`);
    }
    await saveHistory(tabs, historyFile);
    const dashboard = dashboardView(live);
    let dashboardPage: string | null = null;
    if (dashboard) {
      // Beside the workbook: the dashboard with its charts, drawn here to SVG (no network when opened).
      const page = dashboardFileFor(target);
      progress(`Writing ${dashboardFileFor(options.out)}…`);
      try {
        await writeFileAtomically(page, () => Buffer.from(dashboardHtml(dashboard), 'utf8'));
        dashboardPage = dashboardFileFor(options.out);
      } catch (err) {
        throw new RunError(`Could not write ${page}: ${messageOf(err)}`);
      }
    } else removeEarlierPage(dashboardFileFor(target), dashboardFileFor(options.out), progress);
    if (options.emailPreview) {
      const { html, text } = options.emailPreview;
      const mail = morningEmailPreview(
        result.lastRefresh ?? null,
        { name: live.spreadsheet.getName(), url: live.spreadsheet.getUrl(), timeZone },
        live.clock.now(),
      );
      for (const [file, content] of [
        [html, previewPage(mail)],
        [text, `Subject: ${mail.subject}\n\n${mail.body}\n`],
      ] as const) {
        progress(`Writing ${file}…`);
        try {
          await writeFileAtomically(path.resolve(file), () => Buffer.from(content, 'utf8'));
        } catch (err) {
          throw new RunError(`Could not write ${file}: ${messageOf(err)}`);
        }
      }
    }
    return buildSummary({
      out: options.out,
      account,
      range: options.period,
      requestedCurrency: options.currency,
      outcomes: result.tabs,
      checks: result.checks ?? [],
      tabs,
      sheets: tabs.map((t) => t.snapshot.name),
      alerts: result.lastRefresh?.alerts?.standing ?? [],
      dashboardPage,
    });
  } finally {
    emulator?.close();
    await api?.stop();
  }
}
