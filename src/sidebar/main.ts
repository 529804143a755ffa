// Sidebar entry (browser): loads the whole state in one server call, renders each part, wires the forms.
import type { SidebarState } from '../core/flows/sidebar-state';
import { accountLine, renderAccount } from './account';
import { renderAlerts, wireAlertsPanel } from './alerts-panel';
import { byId, say } from './dom';
import { applyFolds, wireFolds } from './folds';
import { wireKeyPanel } from './key-panel';
import { renderNightly, wireNightlyPanel } from './nightly-panel';
import { renderPermissions } from './permissions-panel';
import { renderRefresh, watchRunning, wireRefreshPanel } from './refresh-panel';
import { callServer } from './server';
import { renderSettings, wireSettingsPanel } from './settings-panel';
import type { Sidebar } from './sidebar';
import { renderWarnings } from './warnings';

const SECTIONS = [
  'key-section',
  'refresh-section',
  'settings-section',
  'formula-access',
  'nightly-section',
  'alerts-section',
];

let current: SidebarState | null = null;

function render(state: SidebarState): void {
  const first = current === null;
  current = state;
  renderWarnings(state);
  renderPermissions(state, sidebar);
  renderAccount(state);
  byId('account-line').textContent = accountLine(state);
  renderSettings(state);
  renderNightly(state.nightly);
  renderAlerts(state.alertLines, state.isOwner);
  // Nothing to refresh or schedule without a key: the controls say so.
  renderRefresh(state);
  byId('nightly-save').toggleAttribute('disabled', !state.keySaved);
  byId('nightly-why').textContent = state.keySaved ? '' : 'Save a key first: the nightly refresh uses it.';
  if (state.stoppedRefresh) say(byId('refresh-message'), state.stoppedRefresh, 'error');
  byId('version').textContent = `Royalties for Sheets ${state.version}`;
  for (const id of SECTIONS) byId(id).hidden = false;
  byId('account-section').hidden = !state.keySaved;
  applyFolds(state, first);
}

const sidebar: Sidebar = {
  state: () => current,
  async reload(message) {
    const app = byId('app');
    const loading = byId('loading');
    app.setAttribute('aria-busy', 'true');
    try {
      render(await callServer('getSidebarState'));
      say(byId('load-error'), '');
      say(loading, message ?? '');
    } catch (e) {
      say(loading, '');
      say(byId('load-error'), `The sidebar could not load: ${(e as Error).message}`, 'error');
    } finally {
      app.setAttribute('aria-busy', 'false');
    }
  },
};

wireKeyPanel(sidebar);
wireSettingsPanel(sidebar);
wireRefreshPanel(sidebar);
wireNightlyPanel();
wireAlertsPanel();
wireFolds();
void sidebar.reload().then(() => {
  byId('app').setAttribute('data-ready', 'true');
  const state = current;
  if (state) void watchRunning(sidebar, state);
});
