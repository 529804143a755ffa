// An instant's offset from UTC in a time zone, from Utilities.formatDate (a service call each): the formulas'
// dates (core/flows/formula-run.ts keeps what one cell learnt) and the history's today.
import { offsetsFrom } from '../core/flows/zone-offsets';

export function offsetInZone(zone: string): (ms: number) => number {
  return offsetsFrom((ms) => Utilities.formatDate(new Date(ms), zone, 'Z'));
}
