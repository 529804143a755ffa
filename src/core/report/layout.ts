// Column order. Fresh: identifiers, then title or name, then the date, then the response's own order, with
// a series' books after the series' own columns. After a refresh: every key of the previous layout keeps
// its position, even one the response no longer has (it stays as an empty column, so a formula pointing at
// column F still finds what it found before), and new keys are appended after them.

export interface LayoutColumn {
  readonly key: string;
  /** 0 for the row's own fields, 1 for fields of its child rows. */
  readonly block: number;
  readonly rank: number;
}

/** `columns` in first-seen order; returns the keys in table order. */
export function orderKeys(
  columns: readonly LayoutColumn[],
  previousLayout: readonly string[] | undefined,
): string[] {
  const fresh = columns
    .map((column, seen) => ({ column, seen }))
    .sort((a, b) => a.column.block - b.column.block || a.column.rank - b.column.rank || a.seen - b.seen)
    .map((entry) => entry.column.key);
  if (previousLayout === undefined || previousLayout.length === 0) return fresh;
  const placed = new Set<string>();
  const out: string[] = [];
  for (const key of [...previousLayout, ...fresh]) {
    if (typeof key !== 'string' || placed.has(key)) continue;
    placed.add(key);
    out.push(key);
  }
  return out;
}
