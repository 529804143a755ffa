// After a refresh, the answer an author wants first: royalties, ad spend and net profit with the change
// against the period before, and what is wrong; the per-tab rows stay folded below. Reopened later, the
// same place says when the tabs were last refreshed, by whom and with what outcome. A problem the warnings
// at the top already say (a disconnected platform) is not said twice.

import { formatInstant } from '../core/base/instants';
import { changeText, moneyText } from '../core/morning';
import { type LastRefresh, REFRESHED_BY_WORDS } from '../core/refresh/last-refresh';
import { byId, el } from './dom';

const HEADLINE_MEASURES = new Set(['royalties', 'ad_spend', 'net_profit']);

function figures(last: LastRefresh): HTMLElement | null {
  const f = last.figures;
  const shown = f?.figures.filter((x) => HEADLINE_MEASURES.has(x.measure) && x.value !== null) ?? [];
  if (!f || shown.length === 0) return null;
  return el(
    'dl',
    { class: 'headline', id: 'headline-figures' },
    ...shown.flatMap((x) => [
      el('dt', {}, x.label),
      el(
        'dd',
        { 'data-measure': x.measure },
        el('strong', {}, moneyText(x.value!, f.currency)),
        x.change === null
          ? ''
          : el('span', { class: 'hint' }, ` ${changeText(x.change)} against the period before`),
      ),
    ]),
  );
}

export function renderHeadline(
  last: LastRefresh | null,
  timeZone: string,
  shownAbove: readonly string[],
): void {
  const box = byId('refresh-headline');
  box.replaceChildren();
  if (!last) return;
  const problems = last.problems.filter((p) => !shownAbove.includes(p));
  const outcome = last.ok && last.problems.length === 0 ? 'everything refreshed' : last.message;
  box.append(
    el(
      'p',
      { id: 'headline-when', class: last.ok ? 'outcome ok' : 'outcome error' },
      `Last refreshed ${formatInstant(last.at, timeZone)} ${REFRESHED_BY_WORDS[last.by]}: ${outcome}`,
    ),
  );
  const shown = figures(last);
  if (shown) box.append(shown);
  if (problems.length > 0)
    box.append(
      el(
        'ul',
        { class: 'results', id: 'headline-problems', 'aria-label': 'What needs your attention' },
        ...problems.map((p) => el('li', { 'data-tone': 'warn' }, p)),
      ),
    );
}
