// Every number of a response, and whether each one reached a tab or a formula's output: the check behind
// "every figure the API sends reaches the author". A number is compared exactly (to the cent and
// beyond), and counted: a figure sent twice must be shown twice.

export interface SentNumber {
  /** Where in the response: `kenp.points[3].pages_read`. */
  readonly path: string;
  readonly value: number;
}

/** The numbers of a response, outside the documented `period` and `meta` (which the banner words). */
export function sentNumbers(body: unknown): SentNumber[] {
  const out: SentNumber[] = [];
  const visit = (value: unknown, path: string, top: boolean): void => {
    if (typeof value === 'number') {
      out.push({ path, value });
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        visit(item, `${path}[${i}]`, false);
      });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (top && (key === 'period' || key === 'meta')) continue;
        visit(inner, path ? `${path}.${key}` : key, false);
      }
    }
  };
  visit(body, '', true);
  return out;
}

/** Every number in a grid of cells (a tab's values, a formula's output, or one figure). */
export function shownNumbers(cells: unknown): number[] {
  if (typeof cells === 'number') return [cells];
  if (!Array.isArray(cells)) return [];
  return cells.flatMap((row) =>
    Array.isArray(row) ? row.filter((c): c is number => typeof c === 'number') : [],
  );
}

/** The sent numbers that are not shown (counting repeats), by their place in the response. */
export function missingNumbers(sent: readonly SentNumber[], shown: readonly number[]): string[] {
  const left = new Map<number, number>();
  for (const n of shown) left.set(n, (left.get(n) ?? 0) + 1);
  const missing: string[] = [];
  for (const { path, value } of sent) {
    const count = left.get(value) ?? 0;
    if (count > 0) left.set(value, count - 1);
    else missing.push(`${path} = ${value}`);
  }
  return missing;
}

/** Sorted, for comparing two arrangements of the same figures. */
export function sortedNumbers(cells: unknown): number[] {
  return shownNumbers(cells).sort((a, b) => a - b);
}
