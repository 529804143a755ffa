// Nightly refresh: on/off and hour, and the last run's time and outcome (a failure at night shows here).

import { formatInstant } from '../core/base/instants';
import { DEFAULT_NIGHTLY_HOUR } from '../core/flows/nightly';
import type { NightlyState } from '../core/flows/sidebar-state';
import type { MorningEmailMode } from '../core/morning';
import { byId, el, say, whileBusy } from './dom';
import { hourLabel } from './format';
import { callServer } from './server';

/** The folded section's one line: "Nightly at 07:00 · last run succeeded". */
function nightlyLine(nightly: NightlyState): string {
  if (!nightly.enabled) return 'Off';
  const run = nightly.lastRun;
  const last = run ? (run.ok ? 'last run succeeded' : 'last run failed') : 'not run yet';
  const email =
    nightly.morningEmail === 'daily'
      ? ' · e-mail every morning'
      : nightly.morningEmail === 'problems'
        ? ' · e-mail when something is wrong'
        : '';
  return `Nightly at ${hourLabel(nightly.hour)} · ${last}${email}`;
}

export function renderNightly(nightly: NightlyState): void {
  byId('nightly-line').textContent = nightlyLine(nightly);
  const hour = byId<HTMLSelectElement>('nightly-hour');
  if (hour.options.length === 0) {
    for (let h = 0; h < 24; h++) hour.append(el('option', { value: String(h) }, hourLabel(h)));
  }
  hour.value = String(nightly.hour);
  byId<HTMLInputElement>('nightly-enabled').checked = nightly.enabled;
  byId('nightly-zone').textContent =
    `In this spreadsheet's time zone, ${nightly.timeZone}. Google picks a minute within that hour.`;

  const morning = document.querySelector<HTMLInputElement>(`#morning-${nightly.morningEmail}`);
  if (morning) morning.checked = true;

  const last = byId('nightly-last');
  last.replaceChildren();
  const run = nightly.lastRun;
  if (!run) {
    last.append(el('p', { class: 'hint' }, 'No nightly refresh has run yet.'));
    return;
  }
  last.append(
    el(
      'p',
      { class: run.ok ? 'outcome ok' : 'outcome error', id: 'nightly-last-run' },
      el('span', { class: run.ok ? 'tag ok' : 'tag warn' }, run.ok ? 'Succeeded' : 'Failed'),
      ' ',
      el('strong', {}, `Last run ${formatInstant(run.at, nightly.timeZone)}: `),
      run.message,
    ),
  );
  if (run.email) last.append(el('p', { class: 'hint', id: 'nightly-last-email' }, run.email));
}

function wireMorningEmail(): void {
  const message = byId('morning-message');
  for (const input of document.querySelectorAll<HTMLInputElement>('input[name="morning-email"]')) {
    input.addEventListener('change', () => {
      const mode = input.value as MorningEmailMode;
      void whileBusy([byId('morning-test')], async () => {
        say(message, 'Saving…');
        try {
          renderNightly(await callServer('setMorningEmail', mode));
          say(
            message,
            mode === 'off'
              ? 'No e-mail after the nightly refresh.'
              : mode === 'problems'
                ? 'You will get an e-mail after a night when something is wrong.'
                : 'You will get an e-mail every morning after the nightly refresh.',
            'ok',
          );
        } catch (e) {
          say(message, (e as Error).message, 'error');
        }
      });
    });
  }
  const test = byId('morning-test');
  test.addEventListener('click', () => {
    void whileBusy([test], async () => {
      say(message, 'Sending…');
      try {
        say(message, await callServer('sendTestMorningEmail'), 'ok');
      } catch (e) {
        say(message, (e as Error).message, 'error');
      }
    });
  });
}

export function wireNightlyPanel(): void {
  wireMorningEmail();
  const message = byId('nightly-message');
  byId<HTMLFormElement>('nightly-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const enabled = byId<HTMLInputElement>('nightly-enabled').checked;
    const hour = Number(byId<HTMLSelectElement>('nightly-hour').value || DEFAULT_NIGHTLY_HOUR);
    void whileBusy([byId('nightly-save')], async () => {
      say(message, 'Saving…');
      try {
        const nightly = await callServer('setNightlyRefresh', enabled, hour);
        renderNightly(nightly);
        say(
          message,
          nightly.enabled
            ? `The tabs will refresh every night between ${hourLabel(nightly.hour)} and ${hourLabel((nightly.hour + 1) % 24)}.`
            : 'The nightly refresh is off.',
          'ok',
        );
      } catch (e) {
        say(message, (e as Error).message, 'error');
      }
    });
  });
}
