// Figures that stand alone rather than in rows: the totals of a summary, the account's own fields, the
// `total` printed beside a list. Each is typed on its own, so a money figure and a count sit side by side.

import type { JsonObject } from '../base/unknown';
import { typeFigure } from './cells';
import { flattenObject } from './flatten';
import { describeKey } from './keys';
import { distinctLabels, figureLabel, withPartsNamed } from './labels';
import { isRequestParameter } from './request-parameters';
import type { ReportFact } from './types';
import type { Leaf } from './values';

/** The facts, and the labels of those written for people that could not be read with certainty. */
export function collectFigures(
  sources: readonly JsonObject[],
  currency: string | null,
): { facts: ReportFact[]; textFigures: string[]; unsureRates: string[] } {
  // Leaves by key, in the order met.
  const leaves = new Map<string, Leaf>();
  const value = (key: string, leaf: Leaf): void => {
    if (!isRequestParameter(key))
      leaves.set(
        freeKey(key, (candidate) => leaves.has(candidate)),
        leaf,
      );
  };
  // A list of records beside the rows (`by_format: [{format, royalties}]`) gives one figure per field of
  // each record, numbered from 1, so its numbers stay numbers; lists inside those stay JSON text.
  const children = (key: string, items: readonly JsonObject[]): void => {
    if (!items.length) value(key, null);
    items.forEach((item, i) => {
      flattenObject(item, `${key}.${i + 1}.`, value);
    });
  };
  for (const source of sources) flattenObject(source, '', value, children);
  const keys = [...leaves.keys()];
  const labels = distinctLabels(keys, withPartsNamed(keys, figureLabel));
  const textFigures: string[] = [];
  const unsureRates: string[] = [];
  const facts = keys.map((key, i) => {
    const { unsure, unsureScale, ...typed } = typeFigure(describeKey(key), leaves.get(key)!, currency);
    if (unsure) textFigures.push(labels[i]!);
    if (unsureScale) unsureRates.push(labels[i]!);
    return { key, label: labels[i]!, ...typed };
  });
  return { facts, textFigures, unsureRates };
}

/** `key`, or `key (2)`, `key (3)`… when two fields flatten to the same key (`"a.b"` beside `a: {b}`). */
export function freeKey(key: string, isTaken: (candidate: string) => boolean): string {
  let free = key;
  for (let n = 2; isTaken(free); n++) free = `${key} (${n})`;
  return free;
}
