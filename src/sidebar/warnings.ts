// Warnings worth reading at a glance, at the top: stale or disconnected platforms, tabs whose last refresh
// failed or was cut short, a failing nightly refresh. Everything comes from the server's state.
import { levelWord } from '../core/alerts/alert';
import { formatInstant } from '../core/base/instants';
import { plural } from '../core/base/phrases';
import type { SidebarState } from '../core/flows/sidebar-state';
import { emailWentWrong } from '../core/morning';
import { platformProblem } from '../core/refresh/problems';
import { TAB_CHOICES, tabTitle } from '../core/tab-ids';
import { byId, el } from './dom';

function tabList(names: readonly string[]): string {
  return names.length <= 3
    ? names.join(', ')
    : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

export function warningsFor(state: SidebarState): string[] {
  const out: string[] = [];
  // The alerts the last refresh's figures raised, the new and the most serious first.
  const alerts = state.lastRefresh?.alerts;
  if (alerts && !alerts.off) {
    for (const a of alerts.standing) out.push(`${levelWord(a.level)}: ${a.text}`);
    if (alerts.more > 0)
      out.push(`${plural(alerts.more, 'more alert')}: see Alerts on the Royalties status tab.`);
  }
  // In the words of the last refresh's record, which the headline then leaves out: one line per platform.
  for (const p of state.account?.platforms ?? []) {
    const problem = platformProblem(p, p.stale);
    if (problem) out.push(problem);
  }
  const failed: string[] = [];
  const truncated: string[] = [];
  // Every tab the author can choose, the history and the dashboard as well as the reports.
  for (const id of TAB_CHOICES) {
    const s = state.status[id];
    if (!s) continue;
    const name = s.sheetName ?? tabTitle(id);
    if (s.lastFailureAt !== null && s.lastFailureAt >= (s.lastSuccessAt ?? 0)) failed.push(name);
    else if (s.truncated) truncated.push(name);
  }
  if (failed.length > 0)
    out.push(`Last refresh failed for ${tabList(failed)}. The Royalties status tab says why.`);
  if (truncated.length > 0)
    out.push(
      `${tabList(truncated)}: some rows could not be read, so figures may be too low. Choose a shorter period.`,
    );
  const differ = state.mismatches ?? [];
  const named = differ.flatMap((m) => ('subject' in m ? [m] : []));
  for (const m of named.slice(0, 2)) out.push(`Reports do not add up: ${m.subject}. ${m.text}`);
  // Those kept beyond two, and those the stored record had no room for (all of them, when none fitted).
  const more = Math.max(0, named.length - 2) + (differ[differ.length - 1]?.more ?? 0);
  if (more > 0 && named.length === 0)
    out.push(`Reports do not add up in ${plural(more, 'check')}: see Checks on the Royalties status tab.`);
  else if (more > 0) {
    const verb = more === 1 ? 'does' : 'do';
    out.push(`${plural(more, 'more check')} ${verb} not add up: see Checks on the Royalties status tab.`);
  }
  const night = state.nightly.lastRun;
  if (night && !night.ok)
    out.push(`Nightly refresh, ${formatInstant(night.at, state.nightly.timeZone)}: ${night.message}`);
  if (night && emailWentWrong(night.email))
    out.push(`Morning e-mail, ${formatInstant(night.at, state.nightly.timeZone)}: ${night.email}`);
  return out;
}

export function renderWarnings(state: SidebarState): void {
  const list = byId('warnings');
  const warnings = warningsFor(state);
  list.replaceChildren(...warnings.map((w) => el('li', {}, w)));
  list.hidden = warnings.length === 0;
}
