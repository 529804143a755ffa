// Row 1 of every tab: what the figures below are, or why they may be wrong or old.

import { periodEnds } from '../base/days';
import { sentence, TRUNCATION_WARNING } from '../base/phrases';
import { isObject } from '../base/unknown';
import { type ReportMeta, readingWarnings } from '../report';

export { TRUNCATION_WARNING };

type BannerTone = 'normal' | 'truncated' | 'failed';

export interface Banner {
  readonly text: string;
  readonly tone: BannerTone;
}

/** Background of the banner row by tone: a quiet grey, red for truncation, amber for a failed refresh. */
export const BANNER_BACKGROUND: Readonly<Record<BannerTone, string>> = {
  normal: '#f1f3f4',
  truncated: '#f4c7c3',
  failed: '#fce8b2',
};

function text(value: unknown): string | null {
  return (typeof value === 'string' && value.trim()) || null;
}

/** The period in words. Its inner fields are not documented: a start and end are used when present. */
export function describePeriod(period: ReportMeta['period'], fallbackPeriod: string | null): string | null {
  if (!period) return fallbackPeriod;
  const [start, end] = periodEnds(period, text);
  const name = text(period.range) || fallbackPeriod;
  if (!start || !end) return name;
  return name ? `${start} to ${end} (${name})` : `${start} to ${end}`;
}

interface FreshBannerInput {
  readonly meta: ReportMeta;
  /** The refresh time, already in the sheet's time zone ("2026-11-21 08:00"). */
  readonly updatedAt: string;
  readonly timeZone: string;
  /** The period asked for, when the response does not say; null for a tab without a period (Account). */
  readonly period: string | null;
  /** Earliest `covered_through` of the connected platforms, or null when unknown. */
  readonly coveredThrough: string | null;
  /** Checks on this tab's figures that do not add up (checksBannerText), or null: said before the facts (after
   * a cut-short reason), in red. */
  readonly checks?: string | null;
}

export function freshBanner(input: FreshBannerInput): Banner {
  const { meta, coveredThrough } = input;
  const period = describePeriod(meta.period, input.period);
  const facts = [
    `Updated ${input.updatedAt} (${input.timeZone})`,
    period && `Period ${period}`,
    meta.currencies
      ? `Currencies ${meta.currencies.join(', ')} (never added together)`
      : meta.currency && `Currency ${meta.currency}`,
    coveredThrough && `Data covered through ${coveredThrough}`,
  ]
    .filter(Boolean)
    .join(' · ');
  // Pages left unread say why, and that the figures are too low, in their own sentence.
  const warnings = [
    meta.truncated && (meta.unread || TRUNCATION_WARNING),
    ...readingWarnings(meta),
    input.checks,
  ]
    .filter(Boolean)
    .join(' ');
  return warnings ? { text: `${warnings} ${facts}`, tone: 'truncated' } : { text: facts, tone: 'normal' };
}

interface FailedBannerInput {
  /** Why this refresh failed for the tab (TabOutcome.error). */
  readonly error: string;
  /** When this refresh failed, in the sheet's time zone. */
  readonly failedAt: string;
  /** When the figures still shown were read, in the sheet's time zone; null when the tab never had any. */
  readonly dataShownAt: string | null;
}

export function failedBanner(input: FailedBannerInput): Banner {
  const error = sentence(input.error.replace(/\s+/g, ' '));
  const shown = input.dataShownAt
    ? `The figures below are from ${input.dataShownAt}.`
    : 'This tab has no figures yet.';
  return {
    text: `The refresh of ${input.failedAt} failed for this tab: ${error} ${shown}`,
    tone: 'failed',
  };
}

/** Earliest `covered_through` among connected platforms of a GET /account response (documented fields, by name). */
export function coveredThrough(account: unknown): string | null {
  const platforms = isObject(account) && account.platforms;
  const days = (Array.isArray(platforms) ? platforms : [])
    .map((p) => isObject(p) && p.connected !== false && p.covered_through)
    .filter((day): day is string => typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day));
  // ISO days sort as text.
  return days.sort()[0] || null;
}
