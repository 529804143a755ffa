// Alerts: on or off, and the lines they cross (docs/guide/alerts-and-the-year.md), in percent. Saved for
// the spreadsheet; the next refresh judges its figures against them.
import { type AlertLines, alertLinesInPercent } from '../core/alerts/lines';
import { byId, say } from './dom';
import { callServer } from './server';

const FIELDS = ['adsNote', 'adsWarning', 'adsAlarm', 'kenpFall', 'kenpRise'] as const;

function input(field: string): HTMLInputElement {
  return byId<HTMLInputElement>(`alerts-${field}`);
}

/** The folded section's one line: "On · ad spend 30/70/100%". */
function alertsLine(lines: AlertLines): string {
  if (!lines.enabled) return 'Off';
  const p = alertLinesInPercent(lines);
  return `On · ad spend ${p.adsNote}/${p.adsWarning}/${p.adsAlarm}% · page reads −${p.kenpFall}%/+${p.kenpRise}%`;
}

/** `owner`: the spreadsheet's owner, who alone sets the lines; an editor sees them, disabled, and why. */
export function renderAlerts(lines: AlertLines, owner: boolean): void {
  byId('alerts-line').textContent = alertsLine(lines);
  const enabled = byId<HTMLInputElement>('alerts-enabled');
  enabled.checked = lines.enabled;
  const percent = alertLinesInPercent(lines);
  for (const field of FIELDS) input(field).value = String(percent[field]);
  for (const control of [enabled, ...FIELDS.map(input), byId<HTMLButtonElement>('alerts-save')])
    control.disabled = !owner;
  if (!owner)
    say(
      byId('alerts-message'),
      "Only the spreadsheet's owner sets these lines or turns alerts off: the alerts you see are judged against them.",
    );
}

export function wireAlertsPanel(): void {
  const form = byId<HTMLFormElement>('alerts-form');
  const message = byId('alerts-message');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const lines: Record<string, unknown> = { enabled: byId<HTMLInputElement>('alerts-enabled').checked };
    for (const field of FIELDS) lines[field] = input(field).value;
    say(message, 'Saving…');
    callServer('saveAlertLines', lines)
      .then((saved) => {
        renderAlerts(saved, true);
        say(
          message,
          saved.enabled
            ? 'Saved: the next refresh judges its figures against these lines.'
            : 'Alerts are off: no refresh raises any, and the morning e-mail tells none.',
          'ok',
        );
      })
      .catch((e: Error) => say(message, e.message, 'error'));
  });
}
