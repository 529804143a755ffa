// What was raised, so an alert is told once: again only when it gets worse (crosses a higher line) or
// clears. The nightly refresh moves the record on; any other refresh compares with it and leaves it, so the
// next morning's e-mail still tells what is new since the morning before. Stored small: per alert its id,
// level and a short name (for the line that says it cleared).
import { cutText } from '../base/text';
import { isObject, parseJson } from '../base/unknown';
import { ALERT_LEVELS, type Alert, type AlertLevel, levelRank } from './alert';

export const ALERTS_RAISED_PROPERTY = 'royalties.alerts.raised';
/** More alerts than this at once are not remembered one by one (they stay on the Status tab). */
const MOST_REMEMBERED = 60;
const NAME_CHARS = 80;

export interface RaisedAlert {
  readonly level: AlertLevel;
  /** The book, the series or "Page reads (KENP)": what the line that says it cleared names. */
  readonly name: string;
}

export type RaisedAlerts = Readonly<Record<string, RaisedAlert>>;

export interface AlertNews {
  /** New since the last night, or worse. */
  readonly raised: readonly Alert[];
  /** Raised before and no longer crossing any line: a sentence each. */
  readonly cleared: readonly string[];
}

export function alertName(alert: Alert): string {
  if (alert.series) return `Series "${alert.series}"`;
  if (alert.book) return `"${alert.book}"`;
  return alert.kind === 'page-reads' ? 'Page reads (KENP)' : alert.id;
}

export function alertNews(current: readonly Alert[], before: RaisedAlerts): AlertNews {
  const ids = new Set(current.map((a) => a.id));
  return {
    raised: current.filter((a) => {
      const was = before[a.id];
      return !was || levelRank(a.level) > levelRank(was.level);
    }),
    cleared: Object.entries(before)
      .filter(([id]) => !ids.has(id))
      .map(([, was]) => `${was.name}: no longer past any line (it was at the ${was.level} line).`),
  };
}

/** What is remembered after this night: the alerts standing now, the most serious first when they are many. */
export function raisedNow(current: readonly Alert[]): RaisedAlerts {
  const kept = [...current].sort((a, b) => levelRank(b.level) - levelRank(a.level)).slice(0, MOST_REMEMBERED);
  return Object.fromEntries(
    kept.map((a) => [a.id, { level: a.level, name: cutText(alertName(a), NAME_CHARS) }]),
  );
}

/** At most `room` characters: the least serious left out first (forgotten, so told again if still standing). */
export function raisedToStored(raised: RaisedAlerts, room = Number.POSITIVE_INFINITY): string {
  const entries = Object.entries(raised).sort(([, a], [, b]) => levelRank(b.level) - levelRank(a.level));
  while (entries.length > 0 && JSON.stringify(Object.fromEntries(entries)).length > room) entries.pop();
  return JSON.stringify(Object.fromEntries(entries));
}

/** Our record read back, entry by entry; an entry that cannot be read is forgotten (told again). */
export function storedRaisedAlerts(text: string | null): RaisedAlerts {
  const raw = parseJson(text);
  if (!isObject(raw)) return {};
  const out: Record<string, RaisedAlert> = {};
  for (const [id, entry] of Object.entries(raw)) {
    if (!isObject(entry) || typeof entry.name !== 'string') continue;
    if (!(ALERT_LEVELS as readonly unknown[]).includes(entry.level)) continue;
    out[id] = { level: entry.level as AlertLevel, name: entry.name };
  }
  return out;
}
