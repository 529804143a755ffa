// A list of records to typed rows. Each record is flattened once; if records hold a list of objects (a
// series and its books), the list found in most records becomes child rows, each repeating its parent's
// columns, in the list's order, unless a record has figures of its own (then repeating them would count them
// once per child). Every other list of objects is a breakdown or JSON text (flatten.ts).

import { isObject, type JsonObject, jsonText } from '../unknown';
import { decideFormat, toCell, ValueTally } from './cells';
import { freeKey } from './figures';
import { breakdownNaming, type FlatSink, flattenBreakdown, flattenObject } from './flatten';
import { describeKey, type KeyInfo } from './keys';
import { columnLabel, distinctLabels } from './labels';
import type { CellValue, ReportColumn } from './types';
import { Amount, type Leaf, MadeText } from './values';

/** Leaves by column index; a hole is a field this row does not have. */
type DraftRow = (Leaf | undefined)[];

interface Draft {
  readonly leaves: DraftRow;
  /** Lists of objects found in the record, by key, in the record's order. */
  readonly lists: [string, readonly JsonObject[]][];
}

/** Every key seen, in first-seen order, with the rows' leaves by column index. */
class RowCollector {
  readonly keys: string[] = [];
  readonly blocks: number[] = [];
  private readonly index = new Map<string, number>();
  /** One sink for all records (no closures per row): it writes into `current`. */
  private current: Draft = { leaves: [], lists: [] };
  private readonly recordSink: FlatSink = {
    value: (key, leaf) => this.put(this.current.leaves, key, leaf, 0),
    children: (key, list) => {
      this.indexOf(key, 0); // holds the list's place in the response's order
      this.current.lists.push([key, list]);
    },
  };
  private childRow: DraftRow = [];
  // No `children` here: lists inside a child row are one level too deep, so they stay JSON text.
  private readonly childSink: FlatSink = { value: (key, leaf) => this.put(this.childRow, key, leaf, 1) };

  indexOf(key: string, block: number): number {
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.keys.length;
      this.index.set(key, i);
      this.keys.push(key);
      this.blocks.push(block);
    }
    return i;
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  /** A second field with a key this row already holds gets `key (2)`: both values stay. */
  put(row: DraftRow, key: string, leaf: Leaf, block: number): void {
    let i = this.indexOf(key, block);
    if (row[i] !== undefined) {
      const free = freeKey(
        key,
        (candidate) => this.has(candidate) && row[this.indexOf(candidate, block)] !== undefined,
      );
      i = this.indexOf(free, block);
    }
    row[i] = leaf;
  }

  draft(item: unknown): Draft {
    this.current = { leaves: [], lists: [] };
    flattenObject(asRecord(item), '', this.recordSink);
    return this.current;
  }

  /** The record's row, or one row per child with the record's columns repeated. */
  expand(draft: Draft, childKey: string | null, breakdowns: Breakdowns, out: DraftRow[]): void {
    let children: readonly JsonObject[] = [];
    let expanded = false;
    for (const [key, list] of draft.lists) {
      if (key === childKey && !expanded) {
        children = list;
        expanded = true;
      } else {
        const nameField = breakdowns.get(key);
        const sink: FlatSink = { value: (k, leaf) => this.put(draft.leaves, k, leaf, 0) };
        if (list.length === 0) sink.value(key, null);
        else if (nameField) flattenBreakdown(list, key, nameField, sink);
        else sink.value(key, new MadeText(jsonText(list)));
      }
    }
    if (children.length === 0) {
      out.push(draft.leaves);
      return;
    }
    for (const child of children) {
      this.childRow = draft.leaves.slice();
      flattenObject(child, `${childKey}.`, this.childSink);
      out.push(this.childRow);
    }
  }
}

/** A list of plain values (a top-level array of numbers) still makes a table: one `value` column. */
export function asRecord(item: unknown): JsonObject {
  return isObject(item) ? item : { value: item };
}

interface TypedRows {
  readonly columns: ReportColumn[];
  readonly rows: CellValue[][];
}

/** Column order: the row's own fields before its children's; within each, identifiers, then title or
 * name, then the date, then the response's own order. (Keeping a refresh's columns where the previous one
 * put them is the sheet writer's job: core/tabs/layout.ts.) */
export function typedRows(items: readonly unknown[], currency: string | null): TypedRows {
  const collector = new RowCollector();
  const drafts = items.map((item) => collector.draft(item));
  const lists = listsByKey(drafts);
  const childKey = ownFiguresBeside(drafts, collector.keys, mostCommonList(lists));
  const flatRows: DraftRow[] = [];
  const breakdowns = planBreakdowns(lists, childKey);
  for (const draft of drafts) collector.expand(draft, childKey, breakdowns, flatRows);

  const tallies = collector.keys.map(() => new ValueTally());
  for (const row of flatRows) {
    row.forEach((leaf, c) => {
      if (leaf !== undefined) tallies[c]!.add(leaf);
    });
  }

  const infos: KeyInfo[] = collector.keys.map(describeKey);
  const blocks = collector.blocks;
  // Source columns in table order; a column nobody filled is dropped. `c` is also the first-seen order.
  const order = collector.keys
    .map((_, c) => c)
    .filter((c) => tallies[c]!.present > 0)
    .sort((a, b) => blocks[a]! - blocks[b]! || infos[a]!.rank - infos[b]!.rank || a - b);
  const keys = order.map((c) => collector.keys[c]!);
  const formats = order.map((c) => decideFormat(tallies[c]!, infos[c]!, currency));
  const labels = distinctLabels(keys, columnLabel);
  return {
    columns: keys.map((key, j) => ({ key, label: labels[j]!, format: formats[j]! })),
    rows: flatRows.map((row) =>
      order.map((c, j) => {
        const leaf = row[c];
        return leaf === undefined ? null : toCell(leaf, formats[j]!);
      }),
    ),
  };
}

/** Each other list of objects, by key: the field that names its entries across the table, or null. */
type Breakdowns = ReadonlyMap<string, string | null>;

/** Every copy of each list of objects the records hold, by key, in first-seen order. Only lists that hold
 * rows count: an empty one is a record without children, not a vote for the child rows nor a breakdown. */
function listsByKey(drafts: readonly Draft[]): Map<string, (readonly JsonObject[])[]> {
  const copies = new Map<string, (readonly JsonObject[])[]>();
  for (const draft of drafts) {
    for (const [key, list] of draft.lists) {
      if (list.length === 0) continue;
      const found = copies.get(key);
      if (found) found.push(list);
      else copies.set(key, [list]);
    }
  }
  return copies;
}

/** Decided once per list for the whole table, so an entry's figure has one column whatever the record. */
function planBreakdowns(
  lists: ReadonlyMap<string, readonly (readonly JsonObject[])[]>,
  childKey: string | null,
): Breakdowns {
  const plan = new Map<string, string | null>();
  for (const [key, copies] of lists) if (key !== childKey) plan.set(key, breakdownNaming(copies));
  return plan;
}

/** The list's key, or null when a record holding it has figures of its own (a book's royalties beside its
 * marketplaces'): repeated on each child row they would add up once per child, so the list is a
 * breakdown (or JSON text) on the record's one row instead, and every figure is in the table once. */
function ownFiguresBeside(
  drafts: readonly Draft[],
  keys: readonly string[],
  childKey: string | null,
): string | null {
  if (childKey === null) return null;
  for (const draft of drafts) {
    if (!draft.lists.some(([key, list]) => key === childKey && list.length > 0)) continue;
    for (const [i, leaf] of draft.leaves.entries()) {
      if (leaf instanceof Amount || (typeof leaf === 'number' && isFigure(keys[i]!))) return null;
    }
  }
  return childKey;
}

/** A number the name says is a figure (money, a count, a rate, a total), not an id nor a flag. */
function isFigure(key: string): boolean {
  const role = describeKey(key).role;
  return role !== 'identifier' && role !== 'other';
}

/** The key of the list most records hold (the first seen on a tie), or null. */
function mostCommonList(lists: ReadonlyMap<string, readonly unknown[]>): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const [key, copies] of lists) {
    if (copies.length > bestCount) {
      best = key;
      bestCount = copies.length;
    }
  }
  return best;
}
