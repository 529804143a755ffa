// The figure tiles: each figure of the period, the same figure for the period of the same length before it
// (from the history ledger: the API answers for one period only), and the change. The figures are the
// Summary tab's own (the same response, read through the figure catalogue), so they agree to the cent.

import { numberOrNull } from '../base/unknown';
import { type LedgerDay, MEASURES, type Measure, measureFigure } from '../figures';
import type { ReportTable } from '../report';
import { type Period, previousPeriod, reportPeriod } from '../report/period';
import { roundMoney } from '../report/table-reader';
import type { DashboardSources } from './sources';

/** The tiles in order, each with the report that may stand in for the summary's figure, if any: the KENP
 * report's royalties are KENP royalties only, never the period's royalties. */
const TILES: readonly (readonly [Measure, ('kenp' | 'freeUnits')?])[] = [
  ['royalties'],
  ['ad_spend'],
  ['net_profit'],
  ['kenp_pages', 'kenp'],
  ['kenp_royalties', 'kenp'],
  ['free_downloads', 'freeUnits'],
];

/** Neither the Summary's period nor a whole timeline says which days the figures cover. */
export const PERIOD_UNKNOWN = 'the Summary sent no period, and the timeline lacks some of its days';

export interface Tile {
  readonly measure: Measure;
  readonly label: string;
  /** Null when the API did not send it: shown as missing. */
  readonly value: number | null;
  /** The previous period's figure, or null with `note` saying why there is none. */
  readonly previous: number | null;
  /** (value − previous) ÷ previous; null when either is missing or previous is 0. */
  readonly change: number | null;
  readonly note: string | null;
}

function figureOf(tables: readonly ReportTable[], measure: Measure): number | null {
  for (const table of tables) {
    const found = measureFigure(table, measure);
    const value = found.found ? numberOrNull(found.value) : null;
    // Two figures that could be this period's: missing, never a guess (nor another report's figure).
    if (value !== null || (!found.found && found.ambiguous)) return value;
  }
  return null;
}

/** The previous period's figure of `measure`, or null and why there is none. */
function earlier(
  measure: Measure,
  days: readonly LedgerDay[],
  period: Period | null,
  currency: string | null,
): Pick<Tile, 'previous' | 'note'> {
  if (!period) return { previous: null, note: PERIOD_UNKNOWN };
  const money = MEASURES[measure].kind === 'money';
  let sum = 0;
  let count = 0;
  for (const day of days) {
    const figure = day.figures[measure];
    // The ledger never mixes currencies, but a change of the chosen currency would compare apples and pears.
    if (typeof figure === 'number' && (!money || day.currency === currency)) {
      sum += figure;
      count++;
    }
  }
  if (count < period.days)
    return {
      previous: null,
      note: count === 0 ? 'no earlier data yet' : `earlier data covers ${count} of ${period.days} days`,
    };
  return { previous: money && currency ? roundMoney(sum, currency) : sum, note: null };
}

/** Only the four tables it reads, so the morning e-mail can ask for them without the whole dashboard's. */
export function figureTiles(
  sources: Pick<DashboardSources, 'summary' | 'timeline' | 'kenp' | 'freeUnits'>,
  history: readonly LedgerDay[],
): Tile[] {
  const { summary } = sources;
  const period = reportPeriod(summary, sources.timeline);
  const before = period && previousPeriod(period);
  const days = before ? history.filter((d) => d.date >= before.start && d.date <= before.end) : [];
  return TILES.map(([measure, own]) => {
    // The Summary's figure first (what the Summary tab shows); KENP and free downloads from their own
    // endpoints only when the summary does not send them.
    const value = figureOf(own ? [summary, sources[own]] : [summary], measure);
    const prior = earlier(measure, days, before, summary.meta.currency);
    const { previous } = prior;
    return {
      measure,
      label: measure === 'kenp_royalties' ? 'Estimated KENP royalties' : MEASURES[measure].label,
      value,
      ...prior,
      change:
        value !== null && previous !== null && previous !== 0
          ? (value - previous) / Math.abs(previous)
          : null,
    };
  });
}
