// Colour that says good or bad at a glance, as Sheets conditional format rules (so it follows the figures
// the author sees, and the author's own rules stay theirs): net profit below zero, TACoS over 50%,
// read-through under 50%, and each change tile by its direction (a rise in ad spend is bad news).
import type { Measure } from '../figures';

/** A rectangle of the tab, 1-based (layout.ts's Area). */
export interface RuleArea {
  readonly row: number;
  readonly column: number;
  readonly rows: number;
  readonly columns: number;
}

export interface ColourRule {
  readonly when: 'less' | 'greater';
  readonly than: number;
  readonly tone: 'good' | 'bad';
  readonly areas: readonly RuleArea[];
}

export const TONES = {
  good: { font: '#137333', background: '#e6f4ea' },
  bad: { font: '#c5221f', background: '#fce8e6' },
} as const;

/** Tiles whose rise is bad news. */
export const RISE_IS_BAD: ReadonlySet<Measure> = new Set<Measure>(['ad_spend']);

/** Where each kind of figure sits, as layout.ts placed them. */
interface ColouredCells {
  readonly netProfit: readonly RuleArea[];
  readonly tacos: readonly RuleArea[];
  readonly readThrough: readonly RuleArea[];
  /** Change tiles where a rise is good, and where it is bad. */
  readonly changeUpGood: readonly RuleArea[];
  readonly changeUpBad: readonly RuleArea[];
}

export function colourRules(cells: ColouredCells): ColourRule[] {
  const rules: ColourRule[] = [
    { when: 'less', than: 0, tone: 'bad', areas: cells.netProfit },
    { when: 'greater', than: 0.5, tone: 'bad', areas: cells.tacos },
    { when: 'less', than: 0.5, tone: 'bad', areas: cells.readThrough },
    { when: 'greater', than: 0, tone: 'good', areas: cells.changeUpGood },
    { when: 'less', than: 0, tone: 'bad', areas: cells.changeUpGood },
    { when: 'greater', than: 0, tone: 'bad', areas: cells.changeUpBad },
    { when: 'less', than: 0, tone: 'good', areas: cells.changeUpBad },
  ];
  return rules
    .map((r) => ({ ...r, areas: r.areas.filter((a) => a.rows > 0 && a.columns > 0) }))
    .filter((r) => r.areas.length > 0);
}
