// Figures that stand alone rather than in rows: the totals of a summary, the account's own fields, the
// `total` printed beside a list. Each is typed on its own, so a money figure and a count sit side by side.

import type { JsonObject } from '../unknown';
import { typeFigure } from './cells';
import { type FlatSink, flattenObject } from './flatten';
import { describeKey } from './keys';
import { distinctLabels, figureLabel } from './labels';
import { isRequestParameter } from './request-parameters';
import type { ReportFact } from './types';
import type { Leaf } from './values';

export function collectFigures(sources: readonly JsonObject[], currency: string | null): ReportFact[] {
  const keys: string[] = [];
  const leaves: Leaf[] = [];
  const taken = new Set<string>();
  const value = (key: string, leaf: Leaf): void => {
    if (isRequestParameter(key)) return;
    const unique = freeKey(key, (candidate) => taken.has(candidate));
    taken.add(unique);
    keys.push(unique);
    leaves.push(leaf);
  };
  // A list of records beside the rows (`by_format: [{format, royalties}]`) gives one figure per field of
  // each record, numbered from 1, so its numbers stay numbers; lists inside those stay JSON text.
  const inner: FlatSink = { value };
  const sink: FlatSink = {
    value,
    children(key, items) {
      if (items.length === 0) value(key, null);
      items.forEach((item, i) => {
        flattenObject(item, `${key}.${i + 1}.`, inner);
      });
    },
  };
  for (const source of sources) flattenObject(source, '', sink);
  const labels = distinctLabels(keys, figureLabel);
  return keys.map((key, i) => {
    const { value, format } = typeFigure(describeKey(key), leaves[i]!, currency);
    return { key, label: labels[i]!, value, format };
  });
}

/** `key`, or `key (2)`, `key (3)`… when two fields flatten to the same key (`"a.b"` beside `a: {b}`). */
export function freeKey(key: string, isTaken: (candidate: string) => boolean): string {
  if (!isTaken(key)) return key;
  let n = 2;
  while (isTaken(`${key} (${n})`)) n++;
  return `${key} (${n})`;
}
