// Colour that says good or bad at a glance, as Sheets conditional format rules (so it follows the figures
// the author sees, and the author's own rules stay theirs): net profit below zero, TACoS over 50%,
// read-through under 50%, and each change tile by its direction (a rise in ad spend is bad news).
import type { Measure } from '../figures';
import type { Area } from './grid';

export interface ColourRule {
  readonly when: 'less' | 'greater';
  readonly than: number;
  readonly tone: 'good' | 'bad';
  /** The tone's font and background colours (TONES), as the sheet's rule takes them. */
  readonly colours: { readonly font: string; readonly background: string };
  readonly areas: readonly Area[];
}

export const TONES = {
  good: { font: '#137333', background: '#e6f4ea' },
  bad: { font: '#c5221f', background: '#fce8e6' },
} as const;

/** Tiles whose rise is bad news. */
export const RISE_IS_BAD: ReadonlySet<Measure> = new Set<Measure>(['ad_spend']);

type Areas = readonly Area[];

/** The rules over where each kind of figure sits, as layout.ts placed them: change tiles where a rise is
 * good and where it is bad. Only areas that hold rows (a table may have none); every area is at least one
 * column wide. */
export function colourRules(
  netProfit: Areas,
  tacos: Areas,
  readThrough: Areas,
  changeUpGood: Areas,
  changeUpBad: Areas,
): ColourRule[] {
  const rule = (
    when: ColourRule['when'],
    than: number,
    tone: ColourRule['tone'],
    areas: Areas,
  ): ColourRule => ({ when, than, tone, colours: TONES[tone], areas: areas.filter((a) => a.rows > 0) });
  return [
    rule('less', 0, 'bad', netProfit),
    rule('greater', 0.5, 'bad', tacos),
    rule('less', 0.5, 'bad', readThrough),
    rule('greater', 0, 'good', changeUpGood),
    rule('less', 0, 'bad', changeUpGood),
    rule('greater', 0, 'bad', changeUpBad),
    rule('less', 0, 'good', changeUpBad),
  ].filter((r) => r.areas.length > 0);
}
