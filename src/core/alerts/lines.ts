// The lines an alert crosses, as the owner sets them in the sidebar (docs/guide/alerts-and-the-year.md says
// why each default): ad spend as a share of royalties (a note, a warning, an alarm), how far page reads may
// fall or rise against their own baseline, and whether alerts are on at all. Stored as JSON in the document
// store, so every editor and the night read the same lines.
import { isObject, parseJson } from '../base/unknown';

export const ALERT_LINES_PROPERTY = 'royalties.alerts.lines';

export interface AlertLines {
  /** Off: no alert is computed, shown or e-mailed. */
  readonly enabled: boolean;
  /** Ad spend ÷ royalties, as fractions: 0.3 is 30%. Each at least the one before. */
  readonly adsNote: number;
  readonly adsWarning: number;
  readonly adsAlarm: number;
  /** Page reads of the recent week against the weeks before: a fall of this share (0.3: 30% fewer) ... */
  readonly kenpFall: number;
  /** ... or a rise of this share (1: twice as many). */
  readonly kenpRise: number;
}

/** Ad spend at 30% of royalties is the cost authors call acceptable, 70% the break-even of a 70% ebook,
 * 100% spends more than it earns; page reads down 30% or doubled are the moves authors report. */
export const DEFAULT_ALERT_LINES: AlertLines = {
  enabled: true,
  adsNote: 0.3,
  adsWarning: 0.7,
  adsAlarm: 1,
  kenpFall: 0.3,
  kenpRise: 1,
};

export class AlertLinesError extends Error {}

/** What each line is called where the author sets it, for the errors. */
const NAMES: Readonly<Record<Exclude<keyof AlertLines, 'enabled'>, string>> = {
  adsNote: 'The note line for ad spend',
  adsWarning: 'The warning line for ad spend',
  adsAlarm: 'The alarm line for ad spend',
  kenpFall: 'The fall of page reads',
  kenpRise: 'The rise of page reads',
};

/** A percentage as the sidebar sends it ("70", "70%", 70) → 0.7; left empty, the default; what is
 * accepted said otherwise. */
function share(value: unknown, name: string, most: number, otherwise: number): number {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return otherwise;
  const text = typeof value === 'string' ? value.trim().replace(/%$/, '').trim() : value;
  const n = typeof text === 'string' && text !== '' ? Number(text) : text;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0 || n > most) {
    throw new AlertLinesError(
      `${name} "${String(value ?? '').slice(0, 20)}" is not a percentage: type a number above 0 and at most ${most}, such as 70.`,
    );
  }
  return n / 100;
}

/** The lines as the sidebar sends them, in percent (one left empty keeps its default); refused with what to type when one is not a
 * percentage, or when the ad spend lines are out of order. */
export function alertLinesFromInput(input: unknown): AlertLines {
  const raw = isObject(input) ? input : {};
  const lines: AlertLines = {
    enabled: raw.enabled !== false,
    adsNote: share(raw.adsNote, NAMES.adsNote, 1000, DEFAULT_ALERT_LINES.adsNote),
    adsWarning: share(raw.adsWarning, NAMES.adsWarning, 1000, DEFAULT_ALERT_LINES.adsWarning),
    adsAlarm: share(raw.adsAlarm, NAMES.adsAlarm, 1000, DEFAULT_ALERT_LINES.adsAlarm),
    kenpFall: share(raw.kenpFall, NAMES.kenpFall, 99, DEFAULT_ALERT_LINES.kenpFall),
    kenpRise: share(raw.kenpRise, NAMES.kenpRise, 1000, DEFAULT_ALERT_LINES.kenpRise),
  };
  if (!(lines.adsNote <= lines.adsWarning && lines.adsWarning <= lines.adsAlarm)) {
    throw new AlertLinesError(
      'The ad spend lines go up: the note at most the warning, the warning at most the alarm.',
    );
  }
  return lines;
}

/** The lines in percent, as the sidebar shows them. */
export function alertLinesInPercent(lines: AlertLines): Record<keyof AlertLines, number | boolean> {
  const percent = (v: number) => Math.round(v * 10_000) / 100;
  return {
    enabled: lines.enabled,
    adsNote: percent(lines.adsNote),
    adsWarning: percent(lines.adsWarning),
    adsAlarm: percent(lines.adsAlarm),
    kenpFall: percent(lines.kenpFall),
    kenpRise: percent(lines.kenpRise),
  };
}

/** Our stored JSON read back; what cannot be read gives the defaults rather than no alerts. */
export function storedAlertLines(text: string | null): AlertLines {
  const raw = parseJson(text);
  if (!isObject(raw)) return DEFAULT_ALERT_LINES;
  try {
    return alertLinesFromInput(raw);
  } catch {
    return DEFAULT_ALERT_LINES;
  }
}

export function alertLinesToStored(lines: AlertLines): string {
  return JSON.stringify(alertLinesInPercent(lines));
}
