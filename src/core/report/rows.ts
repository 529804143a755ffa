// A list of records to typed rows. Each record is flattened once; if records hold a list of objects (a
// series and its books), the list found in most records becomes child rows, each repeating its parent's
// columns, in the list's order, unless a record has figures of its own (then repeating them would count them
// once per child). Every other list of objects is a breakdown or JSON text (flatten.ts).

import { isObject, type JsonObject, jsonText } from '../base/unknown';
import { columnFormat, newTally, tableMark, tally, toCell, type ValueTally } from './cells';
import { freeKey } from './figures';
import { breakdownNaming, flattenEntry, flattenObject, type LeafSink, type ListSink } from './flatten';
import { breakdownOf, describeKey, describesAmount } from './keys';
import { columnLabel, distinctLabels, withPartsNamed } from './labels';
import { currencyKeyOf, isCurrencyCode } from './several-currencies';
import type { CellValue, FormatHint, ReportColumn } from './types';
import { Amount, type Leaf, MadeText } from './values';

/** Leaves by column index, sparse: a hole is a field this row does not have. */
type DraftRow = Leaf[];

/** A list of plain values (a top-level array of numbers) still makes a table: one `value` column. */
export function asRecord(item: unknown): JsonObject {
  return isObject(item) ? item : { value: item };
}

interface TypedRows {
  readonly columns: ReportColumn[];
  readonly rows: CellValue[][];
  /** Labels of the columns of figures written for people that could not be read with certainty: kept
   * as text, and the table says so. */
  readonly textFigures: string[];
  /** Labels of the columns of rates whose scale could not be decided (rate-scale.ts). */
  readonly unsureRates: string[];
  /** The currencies the rows hold, when more than one (several-currencies.ts). */
  readonly currencies: readonly string[] | null;
}

const DECIMAL: FormatHint = { kind: 'decimal' };

/** Beside each column of amounts in several currencies, a column of each row's currency (its key
 * `currencyKeyOf`); then every currency the rows hold, when more than one (else null). */
function withCurrencyColumns(
  keys: string[],
  blocks: number[],
  rows: DraftRow[],
  tallies: ValueTally[],
): readonly string[] | null {
  const found = new Set<string>();
  const width = keys.length;
  for (let c = 0; c < width; c++) {
    const key = keys[c]!;
    if (tallies[c]!.currencies !== null) {
      const at = keys.length;
      keys.push(currencyKeyOf(key));
      blocks.push(blocks[c]!);
      const t = newTally();
      tallies.push(t);
      for (const row of rows) {
        const leaf = row[c];
        if (!(leaf instanceof Amount)) continue;
        row[at] = leaf.currency;
        tally(t, leaf.currency);
        found.add(leaf.currency.toUpperCase());
      }
    } else if (describesAmount(key) && breakdownOf(key) === null) {
      for (const row of rows) if (isCurrencyCode(row[c])) found.add(String(row[c]).toUpperCase());
    }
  }
  return found.size > 1 ? [...found] : null;
}

/** Column order: the row's own fields before its children's; within each, identifiers, then title or
 * name, then the date, then the response's own order. (Keeping a refresh's columns where the previous one
 * put them is the sheet writer's job: core/tabs/layout.ts.) */
export function typedRows(items: readonly unknown[], currency: string | null): TypedRows {
  // Every key seen, in first-seen order, with its block (0: the record's own, 1: a child's).
  const keys: string[] = [];
  const blocks: number[] = [];
  const index = new Map<string, number>();
  const indexOf = (key: string, block: number): number => {
    let i = index.get(key);
    if (i === undefined) {
      i = keys.length;
      index.set(key, i);
      keys.push(key);
      blocks.push(block);
    }
    return i;
  };
  /** A second field with a key this row already holds gets `key (2)`: both values stay. */
  const put = (row: DraftRow, key: string, leaf: Leaf, block: number): void => {
    let i = indexOf(key, block);
    if (row[i] !== undefined)
      i = indexOf(
        freeKey(key, (candidate) => index.has(candidate) && row[index.get(candidate)!] !== undefined),
        block,
      );
    row[i] = leaf;
  };

  // Each record flattened once, with the lists of objects it holds, by key, in the record's order. One pair
  // of sinks for all records (no closures per row): they write into the current record's.
  let leaves: DraftRow = [];
  let lists: [string, readonly JsonObject[]][] = [];
  const recordLeaf: LeafSink = (key, leaf) => put(leaves, key, leaf, 0);
  const recordList: ListSink = (key, list) => {
    indexOf(key, 0); // holds the list's place in the response's order
    lists.push([key, list]);
  };
  const drafts = items.map((item) => {
    leaves = [];
    lists = [];
    flattenObject(asRecord(item), '', recordLeaf, recordList);
    return { leaves, lists };
  });

  // Every copy of each list by key, in first-seen order. Only lists that hold rows count: an empty one is a
  // record without children, not a vote for the child rows nor a breakdown.
  const copies = new Map<string, (readonly JsonObject[])[]>();
  for (const { lists } of drafts) {
    for (const [key, list] of lists) {
      if (!list.length) continue;
      const found = copies.get(key);
      if (found) found.push(list);
      else copies.set(key, [list]);
    }
  }
  // The child rows: the list most records hold (the first seen on a tie)…
  let childKey: string | null = null;
  let most = 0;
  for (const [key, found] of copies) {
    if (found.length > most) {
      childKey = key;
      most = found.length;
    }
  }
  // …unless a record holding it has figures of its own (a book's royalties beside its marketplaces'):
  // repeated on each child row they would add up once per child, so the list is a breakdown (or JSON text)
  // on the record's one row instead, and every figure is in the table once. A figure: an amount, or a
  // number the name says is one (money, a count, a rate, a total), not an id nor a flag.
  // The leaf first: a key's role is read only for a number (the reading splits the key into words).
  const isFigure = (leaf: Leaf, c: number): boolean => {
    if (leaf instanceof Amount) return true;
    if (typeof leaf !== 'number') return false;
    const role = describeKey(keys[c]!).role;
    return role !== 'identifier' && role !== 'other';
  };
  if (
    drafts.some(
      (d) => d.lists.some(([key, list]) => key === childKey && list.length) && d.leaves.some(isFigure),
    )
  )
    childKey = null;
  // Each other list's breakdown naming, decided once for the whole table, so an entry's figure has one
  // column whatever the record (null: JSON text).
  const breakdowns = new Map<string, string | null>();
  for (const [key, found] of copies) if (key !== childKey) breakdowns.set(key, breakdownNaming(found));

  // The record's row, or one row per child with the record's columns repeated.
  const flatRows: DraftRow[] = [];
  let childRow: DraftRow = [];
  // No list sink here: lists inside a child row are one level too deep, so they stay JSON text.
  const childLeaf: LeafSink = (key, leaf) => put(childRow, key, leaf, 1);
  for (const { leaves, lists } of drafts) {
    let children: readonly JsonObject[] | undefined;
    for (const [key, list] of lists) {
      const nameField = breakdowns.get(key);
      if (key === childKey && !children) children = list;
      else if (!list.length) put(leaves, key, null, 0);
      else if (nameField) {
        const sink: LeafSink = (k, leaf) => put(leaves, k, leaf, 0);
        for (const entry of list) flattenEntry(entry, key, nameField, sink);
      } else put(leaves, key, new MadeText(jsonText(list)), 0);
    }
    if (!children || children.length === 0) flatRows.push(leaves);
    else {
      for (const child of children) {
        childRow = leaves.slice();
        flattenObject(child, `${childKey}.`, childLeaf);
        flatRows.push(childRow);
      }
    }
  }

  const tallies = keys.map(newTally);
  for (const row of flatRows) {
    row.forEach((leaf, c) => {
      tally(tallies[c]!, leaf);
    });
  }
  const currencies = withCurrencyColumns(keys, blocks, flatRows, tallies);
  const infos = keys.map(describeKey);
  // Source columns in table order; a column nobody filled is dropped. `c` is also the first-seen order.
  const order = keys
    .map((_, c) => c)
    .filter((c) => tallies[c]!.present > 0)
    .sort((a, b) => blocks[a]! - blocks[b]! || infos[a]!.rank - infos[b]!.rank || a - b);
  // Figures written for people read with the one decimal mark the table's columns agree on.
  const shared = tableMark(tallies, currency);
  const formats = order.map((c) => {
    const format = columnFormat(tallies[c]!, infos[c]!, currency, shared);
    // Money of several currencies is plain decimals: no one currency's format may claim it.
    return currencies && format.format.kind === 'money' ? { ...format, format: DECIMAL } : format;
  });
  const ordered = order.map((c) => keys[c]!);
  const labels = distinctLabels(ordered, withPartsNamed(ordered, columnLabel));
  return {
    columns: order.map((c, j) => ({ key: keys[c]!, label: labels[j]!, format: formats[j]!.format })),
    rows: flatRows.map((row) => order.map((c, j) => toCell(row[c], formats[j]!.format, formats[j]!))),
    textFigures: labels.filter((_, j) => formats[j]!.unsure),
    unsureRates: labels.filter((_, j) => formats[j]!.unsureScale),
    currencies,
  };
}
