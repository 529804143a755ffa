// Refresh all tabs: while the refresh call is outstanding, a second call reads its progress from the
// server about once a second (the step, then each tab as it is written, k of n, on a determinate bar),
// then one line per tab in plain words. A refresh started from the menu or at night shows here too.
import { refreshMessage } from '../core/flows/nightly';
import type { SidebarState } from '../core/flows/sidebar-state';
import {
  progressFraction,
  progressText,
  type RefreshProgress,
  type TabOutcome,
  waitText,
} from '../core/refresh';
import { tabTitle } from '../core/tab-ids';
import { byId, el, say, whileBusy } from './dom';
import { renderHeadline } from './headline';
import { refreshInParts } from './refresh-parts';
import { callServer } from './server';
import type { Sidebar } from './sidebar';
import { warningsFor } from './warnings';

const POLL_MS = 1000;

function tabName(outcome: TabOutcome): string {
  if (outcome.sheetName) return outcome.sheetName;
  return tabTitle(outcome.tab);
}

function outcomeItem(outcome: TabOutcome): HTMLLIElement {
  let text: string;
  let tone: string;
  if (outcome.error) {
    text = `Not refreshed: ${outcome.error}`;
    tone = 'error';
  } else if (outcome.truncated) {
    text = `${outcome.rows ?? 0} rows; some rows could not be read, so figures may be too low. Choose a shorter period.`;
    tone = 'warn';
  } else {
    text = `${outcome.rows ?? 0} ${outcome.rows === 1 ? 'row' : 'rows'}`;
    tone = 'ok';
  }
  return el(
    'li',
    { 'data-tone': tone, 'data-tab': outcome.tab },
    el('strong', {}, tabName(outcome)),
    ': ',
    text,
  );
}

function showProgress(p: RefreshProgress): void {
  const bar = byId<HTMLProgressElement>('refresh-bar');
  const { value, max } = progressFraction(p);
  bar.max = max;
  bar.value = value;
  const text = byId('refresh-progress-text');
  const line = progressText(p);
  if (text.textContent !== line) text.textContent = line;
  // Its own line, outside the live region: read when asked for, not every second.
  byId('refresh-wait').textContent = waitText(p);
  byId('refresh-progress').hidden = false;
  byId('refresh-progress').dataset.step = p.step;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `until` settles (or, without it, until the run is no longer running). */
async function watch(
  skipRun: string | null,
  until: Promise<unknown> | null,
): Promise<RefreshProgress | null> {
  let settled = false;
  void until?.then(
    () => (settled = true),
    () => (settled = true),
  );
  let last: RefreshProgress | null = null;
  for (;;) {
    try {
      const p = await callServer('getRefreshProgress');
      if (p && p.runId !== skipRun) {
        last = p;
        showProgress(p);
        if (!until && !p.running) return last;
      }
    } catch {
      // A poll that fails is skipped; the refresh call itself reports the outcome.
    }
    if (until ? settled : last === null) return last;
    await wait(POLL_MS);
  }
}

/** Disabled controls say why. */
function why(button: HTMLElement, reason: string): void {
  button.toggleAttribute('disabled', reason !== '');
  byId('refresh-why').textContent = reason;
}

export function renderRefresh(state: SidebarState): void {
  // Not while this sidebar's own refresh shows its answer: that one is newer.
  if (!watching) renderHeadline(state.lastRefresh, state.nightly.timeZone, warningsFor(state));
  if (!state.keySaved) why(byId('refresh-button'), 'Save a key first (above), or try the demo account.');
  else if (!watching) why(byId('refresh-button'), '');
}

let watching = false;

export function wireRefreshPanel(sidebar: Sidebar): void {
  const button = byId('refresh-button');
  const message = byId('refresh-message');
  const results = byId('refresh-results');
  const section = byId('refresh-section');

  button.addEventListener('click', () => {
    const before = sidebar.state()?.refresh?.runId ?? null;
    watching = true;
    void whileBusy([button], async () => {
      results.replaceChildren();
      byId('refresh-details').hidden = true;
      say(message, '');
      byId('refresh-progress').hidden = true;
      section.setAttribute('aria-busy', 'true');
      // Its reports in parallel executions: about one timeout however many hang.
      const call = refreshInParts();
      try {
        // The last poll, after the call returned, shows the finished run: n of n and the time taken.
        await watch(before, call);
        const result = await call;
        await watch(before, null);
        results.append(...result.tabs.map(outcomeItem));
        byId('refresh-details').hidden = false;
        const failed = result.tabs.some((t) => t.error);
        // What the storage had no room for, as the Status tab's banner says it: the headline does not.
        const notKept = result.notKept ?? '';
        if (result.lastRefresh) {
          // The headline says the outcome ("Last refreshed … : …"): one line, not the same sentence twice.
          // Reading the state again shows it as a reopened sidebar would: warnings, folds, figures first.
          watching = false;
          await sidebar.reload();
          if (notKept) say(message, notKept, 'error');
        } else
          say(message, `${refreshMessage(result)} ${notKept}`.trim(), failed || notKept ? 'error' : 'ok');
      } catch (e) {
        say(message, (e as Error).message, 'error');
      } finally {
        section.removeAttribute('aria-busy');
        watching = false;
      }
    });
  });
}

/** On opening: a refresh started elsewhere (menu, nightly, another sidebar) shows as running until it ends. */
export async function watchRunning(sidebar: Sidebar, state: SidebarState): Promise<void> {
  const running = state.refresh;
  if (!running?.running || watching) return;
  watching = true;
  const button = byId('refresh-button');
  const from =
    running.origin === 'sidebar'
      ? 'another sidebar'
      : running.origin === 'menu'
        ? 'the menu'
        : 'the nightly trigger';
  why(button, `A refresh started from ${from} is running.`);
  showProgress(running);
  const last = await watch(null, null);
  watching = false;
  await sidebar.reload();
  if (!last) return;
  const ok = last.step === 'done';
  say(
    byId('refresh-message'),
    `The refresh started from ${from} ${ok ? 'finished' : 'stopped'}: ${progressText(last)}${ok ? '.' : ''}`,
    ok ? 'ok' : 'error',
  );
}
