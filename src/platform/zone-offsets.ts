// Calendar days → Dates at midnight in the spreadsheet's zone, for custom functions. The zone's offsets
// come from Utilities.formatDate, a service call each; what one cell learnt is kept among the document
// facts (document-facts.ts), so the next cells showing the same days (a recalculation, a copied formula)
// ask nothing. Offsets are facts about the zone, not about anyone's data or key.
import { knownOffsets, midnightsInZone, offsetMinutes } from '../core/formulas';
import type { DocumentFacts } from './document-facts';

export function offsetInZone(zone: string): (ms: number) => number {
  return (ms) => offsetMinutes(Utilities.formatDate(new Date(ms), zone, 'Z'));
}

export function midnightsInSheetZone(facts: DocumentFacts, days: Iterable<string>): Map<string, Date> {
  const known = facts.offsets();
  const offsets = knownOffsets(offsetInZone(facts.zone()), known);
  const dates = midnightsInZone(days, offsets);
  // Each question added one sample: keep them only when something was asked.
  const samples = offsets.samples();
  if (samples.length > known.length) facts.learnOffsets(samples);
  return dates;
}
