// Settings for this spreadsheet (period, currency, tabs, the year's years and payment delay) and the owner's formula allowance. Period and
// currency are choices with "Other…" for a name the API accepts that is not listed; the server checks
// whatever is chosen with the API and refuses it in the API's words.

import { plural } from '../core/base/phrases';
import type { SidebarState } from '../core/flows/sidebar-state';
import { CURRENCIES, PERIODS, periodName } from '../core/periods';
import { normaliseDelay, normaliseYears, type RoyaltiesSettings } from '../core/settings';
import { TAB_CHOICES, type TabChoice, tabTitle } from '../core/tab-ids';
import { byId, el, say, whileBusy } from './dom';
import { callServer } from './server';
import type { Sidebar } from './sidebar';

const OTHER = 'other';

function tabCheckbox(id: TabChoice): HTMLDivElement {
  const inputId = `tab-${id}`;
  return el(
    'div',
    { class: 'check' },
    el('input', { type: 'checkbox', id: inputId, name: 'tabs', value: id }),
    el('label', { for: inputId }, tabTitle(id)),
  );
}

/** A select of the listed values plus "Other…", whose text box shows only when chosen. */
function choice(selectId: string, boxId: string, inputId: string) {
  const select = byId<HTMLSelectElement>(selectId);
  const box = byId(boxId);
  const input = byId<HTMLInputElement>(inputId);
  const sync = () => {
    box.hidden = select.value !== OTHER;
  };
  return {
    fill(options: ReadonlyArray<readonly [string, string]>) {
      if (select.options.length > 0) return;
      for (const [value, label] of options) select.append(el('option', { value }, label));
      select.append(el('option', { value: OTHER }, 'Other…'));
      select.addEventListener('change', () => {
        sync();
        if (!box.hidden) input.focus();
      });
    },
    set(value: string) {
      const listed = Array.from(select.options).some((o) => o.value === value && value !== OTHER);
      select.value = listed ? value : OTHER;
      input.value = listed ? '' : value;
      sync();
    },
    get(): string {
      return select.value === OTHER ? input.value.trim() : select.value;
    },
  };
}

const period = () => choice('settings-period', 'period-other-box', 'settings-period-other');
const currency = () => choice('settings-currency', 'currency-other-box', 'settings-currency-other');

function settingsLine(settings: RoyaltiesSettings): string {
  return `${periodName(settings.period)} · ${settings.currency ?? "account's currency"} · ${plural(settings.tabs.length, 'tab')}`;
}

export function renderSettings(state: SidebarState): void {
  const settings = state.settings;
  const p = period();
  p.fill(PERIODS);
  p.set(settings.period);
  const c = currency();
  c.fill([['', "Account's currency"], ...CURRENCIES.map((code) => [code, code] as const)]);
  c.set(settings.currency ?? '');
  byId('settings-line').textContent = settingsLine(settings);
  const tabs = byId('settings-tabs');
  if (tabs.childElementCount === 0) tabs.append(...TAB_CHOICES.map(tabCheckbox));
  for (const input of tabs.querySelectorAll<HTMLInputElement>('input[name="tabs"]')) {
    input.checked = settings.tabs.some((t) => t === input.value);
  }
  byId<HTMLInputElement>('settings-years').value = settings.years?.join(', ') ?? '';
  byId<HTMLInputElement>('settings-payment-delay').value = String(settings.paymentDelay ?? '');

  const access = byId<HTMLInputElement>('formula-access-input');
  access.checked = state.formulaAccess === true;
  access.disabled = !state.isOwner;
  byId('access-line').textContent = !state.isOwner
    ? "Set by the spreadsheet's owner"
    : state.formulaAccess
      ? 'Formulas may use your key'
      : 'Formulas cannot use your key';
  if (!state.isOwner) {
    say(byId('formula-access-message'), "Only the spreadsheet's owner can change this.");
  }
}

function readSettings(): RoyaltiesSettings {
  const checked = byId('settings-tabs').querySelectorAll<HTMLInputElement>('input[name="tabs"]:checked');
  const tabs = TAB_CHOICES.filter((id) => [...checked].some((c) => c.value === id));
  // The year's fields read as the server reads them: "2026, 2025" is two years, a wrong one is said here.
  const years = normaliseYears(byId<HTMLInputElement>('settings-years').value);
  const paymentDelay = normaliseDelay(byId<HTMLInputElement>('settings-payment-delay').value);
  return {
    period: period().get(),
    currency: currency().get() || null,
    tabs,
    ...(years && { years }),
    ...(paymentDelay !== undefined && { paymentDelay }),
  };
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
        byId('access-line').textContent = enabled
          ? 'Formulas may use your key'
          : 'Formulas cannot use your key';
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
