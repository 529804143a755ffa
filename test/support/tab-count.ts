// How many tabs a refresh with every choice ticked writes: one per choice, the year's choice one tab per
// calendar year asked for (this year and last unless the settings name others).
import { TAB_CHOICES } from '../../src/core/tab-ids.ts';
import { yearsAsked } from '../../src/core/year/index.ts';

export function tabsWrittenWithEveryChoice(): number {
  return TAB_CHOICES.length - 1 + yearsAsked('2026-01-01', undefined).length;
}
