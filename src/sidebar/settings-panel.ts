// Settings for this spreadsheet (period, currency, tabs) and the owner's formula allowance.
import { choiceTitle, type RoyaltiesSettings, TAB_CHOICES, type TabChoice } from '../core/settings';
import type { SidebarState } from '../core/sidebar-state';
import { byId, el, say, whileBusy } from './dom';
import { callServer } from './server';
import type { Sidebar } from './sidebar';

function tabCheckbox(id: TabChoice): HTMLDivElement {
  const inputId = `tab-${id}`;
  return el(
    'div',
    { class: 'check' },
    el('input', { type: 'checkbox', id: inputId, name: 'tabs', value: id }),
    el('label', { for: inputId }, choiceTitle(id)),
  );
}

export function renderSettings(state: SidebarState): void {
  const settings = state.settings;
  byId<HTMLInputElement>('settings-range').value = settings.range;
  byId<HTMLInputElement>('settings-currency').value = settings.currency ?? '';
  const tabs = byId('settings-tabs');
  if (tabs.childElementCount === 0) tabs.append(...TAB_CHOICES.map(tabCheckbox));
  for (const input of tabs.querySelectorAll<HTMLInputElement>('input[name="tabs"]')) {
    input.checked = settings.tabs.some((t) => t === input.value);
  }

  const access = byId<HTMLInputElement>('formula-access-input');
  access.checked = state.formulaAccess === true;
  access.disabled = !state.isOwner;
  if (!state.isOwner) {
    say(byId('formula-access-message'), "Only the spreadsheet's owner can change this.");
  }
}

function readSettings(): RoyaltiesSettings {
  const checked = byId('settings-tabs').querySelectorAll<HTMLInputElement>('input[name="tabs"]:checked');
  const tabs = TAB_CHOICES.filter((id) => [...checked].some((c) => c.value === id));
  const currency = byId<HTMLInputElement>('settings-currency').value.trim();
  return { range: byId<HTMLInputElement>('settings-range').value.trim(), currency: currency || null, tabs };
}

export function wireSettingsPanel(sidebar: Sidebar): void {
  const message = byId('settings-message');
  byId<HTMLFormElement>('settings-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void whileBusy([byId('settings-save')], async () => {
      say(message, 'Saving…');
      try {
        await callServer('saveSettings', readSettings());
        await sidebar.reload();
        say(message, 'Settings saved.', 'ok');
      } catch (e) {
        say(message, (e as Error).message, 'error');
      }
    });
  });

  const access = byId<HTMLInputElement>('formula-access-input');
  const accessMessage = byId('formula-access-message');
  access.addEventListener('change', () => {
    const enabled = access.checked;
    void whileBusy([access], async () => {
      try {
        await callServer('setFormulaAccess', enabled);
        say(
          accessMessage,
          enabled
            ? 'Formulas in this spreadsheet may now use your key.'
            : 'Formulas can no longer use your key.',
          'ok',
        );
      } catch (e) {
        access.checked = !enabled;
        say(accessMessage, (e as Error).message, 'error');
      }
    });
  });
}
