// Refresh all tabs: progress while the server works, then one line per tab in plain words.
import { refreshMessage } from '../core/nightly';
import { choiceTitle, TAB_CHOICES, type TabChoice } from '../core/settings';
import type { TabOutcome } from '../core/sidebar-state';
import { byId, el, say, whileBusy } from './dom';
import { callServer } from './server';
import type { Sidebar } from './sidebar';

function tabName(outcome: TabOutcome): string {
  if (outcome.sheetName) return outcome.sheetName;
  return TAB_CHOICES.includes(outcome.tab as TabChoice) ? choiceTitle(outcome.tab as TabChoice) : outcome.tab;
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

export function wireRefreshPanel(sidebar: Sidebar): void {
  const button = byId('refresh-button');
  const progress = byId('refresh-progress');
  const message = byId('refresh-message');
  const results = byId('refresh-results');

  button.addEventListener('click', () => {
    const count = sidebar.state()?.settings.tabs.length ?? 0;
    void whileBusy([button], async () => {
      results.replaceChildren();
      say(message, '');
      byId('refresh-progress-text').textContent = `Refreshing ${count} ${count === 1 ? 'tab' : 'tabs'}…`;
      progress.hidden = false;
      byId('refresh-section').setAttribute('aria-busy', 'true');
      try {
        const result = await callServer('refreshAllTabs');
        results.append(...result.tabs.map(outcomeItem));
        const failed = result.tabs.some((t) => t.error);
        say(message, refreshMessage(result), failed ? 'error' : 'ok');
      } catch (e) {
        say(message, (e as Error).message, 'error');
      } finally {
        progress.hidden = true;
        byId('refresh-section').removeAttribute('aria-busy');
      }
    });
  });
}
