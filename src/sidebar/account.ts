// The Account part: which key is in use (its name and masked start, never the key), the demo badge, the
// reporting currency and each platform's freshness, with stale data marked.

import { formatInstant } from '../core/base/instants';
import type { AccountSummary, PlatformState, SidebarState } from '../core/flows/sidebar-state';
import { byId, el } from './dom';
import { formatDay } from './format';

function keyLine(state: SidebarState): string {
  if (!state.keySaved) return 'No key saved. Paste your API key, or try the demo account.';
  const account = state.account;
  if (!account) return 'A key is saved.';
  const name = account.keyName ? `“${account.keyName}”` : 'A key';
  return `${name} is saved${account.keyStart ? ` (${account.keyStart})` : ''}.`;
}

function platformItem(platform: PlatformState, timeZone: string): HTMLLIElement {
  const name = platform.name ?? platform.platformId ?? 'Platform';
  // A disconnected platform is only that: its last sync's "success" and its age would read as a second
  // and third state. A connected one may also be stale.
  const stale = platform.connected && platform.stale;
  const status = platform.connected && platform.syncStatus ? ` (${platform.syncStatus})` : '';
  return el(
    'li',
    { class: stale ? 'platform stale' : 'platform', 'data-platform': name },
    el('strong', {}, name),
    ' ',
    el(
      'span',
      { class: platform.connected ? 'tag ok' : 'tag off' },
      platform.connected ? 'Connected' : 'Not connected',
    ),
    stale ? ' ' : null,
    stale ? el('span', { class: 'tag warn' }, 'Stale: older than two days') : null,
    el('div', { class: 'hint' }, `Last sync ${formatInstant(platform.lastSyncAt, timeZone)}${status}`),
    platform.coveredThrough
      ? el('div', { class: 'hint' }, `Data through ${formatDay(platform.coveredThrough)}`)
      : null,
  );
}

function facts(account: AccountSummary): HTMLDListElement {
  const list = el('dl', { class: 'facts' });
  const add = (term: string, value: string | null) => {
    if (value) list.append(el('dt', {}, term), el('dd', {}, value));
  };
  add('Reporting currency', account.reportingCurrency);
  add('Subscription', account.subscriptionStatus);
  return list;
}

/** The folded Account section's one line, its platforms counted as npm start counts them:
 * "Demo account · USD · 2 of 3 platforms connected". */
export function accountLine(state: SidebarState): string {
  const a = state.account;
  if (!a) return state.accountError ? 'Could not be read' : '';
  const parts = [a.isDemo ? 'Demo account' : (a.keyName ?? 'Your account')];
  if (a.reportingCurrency) parts.push(a.reportingCurrency);
  if (a.platforms.length > 0) {
    const connected = a.platforms.filter((p) => p.connected).length;
    parts.push(
      `${connected} of ${a.platforms.length} ${a.platforms.length === 1 ? 'platform' : 'platforms'} connected`,
    );
  }
  return parts.join(' · ');
}

export function renderAccount(state: SidebarState): void {
  byId('key-current').textContent = keyLine(state);
  byId('key-remove').hidden = !state.keySaved;
  const body = byId('account-body');
  body.replaceChildren();
  if (state.accountError) {
    body.append(el('p', { class: 'error', id: 'account-error' }, state.accountError));
  }
  const account = state.account;
  if (!account) {
    if (!state.accountError) body.append(el('p', { class: 'hint' }, 'Save a key to see the account.'));
    return;
  }
  if (account.isDemo) {
    body.append(
      el('p', {}, el('span', { class: 'badge', id: 'demo-badge' }, 'Demo account: fictional figures')),
    );
  }
  body.append(facts(account));
  if (account.platforms.length > 0) {
    body.append(
      el(
        'ul',
        { class: 'platforms', 'aria-label': 'Platforms' },
        ...account.platforms.map((p) => platformItem(p, state.nightly.timeZone)),
      ),
    );
  }
}
