// One alert: what it concerns, how serious it is, and the sentence that names the book or series, the
// figures, the line crossed and the period. Plain JSON: it crosses google.script.run and is kept overnight.

export const ALERT_LEVELS = ['note', 'warning', 'alarm'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

export type AlertKind = 'ad-spend' | 'page-reads' | 'sales-stop';

export interface Alert {
  /** Stable across refreshes: what was raised is known again the next morning (`ads:series:<id>`). */
  readonly id: string;
  readonly kind: AlertKind;
  readonly level: AlertLevel;
  /** The book's title or the series' name it marks on the dashboard; absent for the whole account. */
  readonly book?: string;
  readonly series?: string;
  readonly text: string;
}

export function levelRank(level: AlertLevel): number {
  return ALERT_LEVELS.indexOf(level);
}

/** "Alarm", "Warning", "Note": how a level starts a line. */
export function levelWord(level: AlertLevel): string {
  return level[0]!.toUpperCase() + level.slice(1);
}
