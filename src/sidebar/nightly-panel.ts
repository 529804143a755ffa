// Nightly refresh: on/off and hour, and the last run's time and outcome (a failure at night shows here).
import { DEFAULT_NIGHTLY_HOUR } from '../core/nightly';
import type { NightlyState } from '../core/sidebar-state';
import { byId, el, say, whileBusy } from './dom';
import { formatInstant, hourLabel } from './format';
import { callServer } from './server';

/** The folded section's one line: "Nightly at 07:00 · last run succeeded". */
export function nightlyLine(nightly: NightlyState): string {
  if (!nightly.enabled) return 'Off';
  const run = nightly.lastRun;
  const last = run ? (run.ok ? 'last run succeeded' : 'last run failed') : 'not run yet';
  return `Nightly at ${hourLabel(nightly.hour)} · ${last}`;
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
}

export function wireNightlyPanel(): void {
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
