// "Did you mean --tabs?": the known name nearest a mistyped one, by edit distance (insertions, deletions,
// substitutions and swaps of neighbours each count one), when it is near enough to be the likely intent.

/** Optimal string alignment distance between `a` and `b`. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The nearest of `known` to `typed` (case aside), or null when none is within a third of its length. */
export function nearestName(typed: string, known: readonly string[]): string | null {
  const wanted = typed.toLowerCase();
  let best: { name: string; distance: number } | null = null;
  for (const name of known) {
    const distance = editDistance(wanted, name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  const allowed = Math.max(1, Math.floor(typed.replace(/^-+/, '').length / 3));
  return best && best.distance <= allowed ? best.name : null;
}

/** " Did you mean --tabs?" (with its leading space), or '' when nothing is near. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const near = nearestName(typed, known);
  return near ? ` Did you mean ${near}?` : '';
}
