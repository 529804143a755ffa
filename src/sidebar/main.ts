// Sidebar entry (browser): loads the whole state in one server call, renders each part, wires the forms.
import type { SidebarState } from '../core/sidebar-state';
import { renderAccount } from './account';
import { byId, say } from './dom';
import { wireKeyPanel } from './key-panel';
import { renderNightly, wireNightlyPanel } from './nightly-panel';
import { wireRefreshPanel } from './refresh-panel';
import { callServer } from './server';
import { renderSettings, wireSettingsPanel } from './settings-panel';
import type { Sidebar } from './sidebar';

const SECTIONS = ['key-section', 'account-section', 'settings-section', 'refresh-section', 'nightly-section'];

let current: SidebarState | null = null;

function render(state: SidebarState): void {
  current = state;
  renderAccount(state);
  renderSettings(state);
  renderNightly(state.nightly);
  // Nothing to refresh or schedule without a key.
  byId('refresh-button').toggleAttribute('disabled', !state.keySaved);
  if (state.stoppedRefresh) say(byId('refresh-message'), state.stoppedRefresh, 'error');
  byId('version').textContent = `Royalties for Sheets ${state.version}`;
  for (const id of SECTIONS) byId(id).hidden = false;
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
void sidebar.reload().then(() => byId('app').setAttribute('data-ready', 'true'));
