// Formulas that follow the refresh. Sheets recalculates a custom function only when its arguments or the
// cells they reference change (docs/apps-script.md), so a formula with literal arguments would keep its
// first figures for ever. Every refresh writes its time into one named cell; a formula that takes that
// cell as its last argument is recalculated after each refresh, and the value keys the response cache, so
// the recalculation is never answered from a cache older than the refresh.

/** The named range each refresh updates (letters only: a valid Sheets range name that is no A1 address). */
export const REFRESH_CELL_NAME = 'RoyaltiesRefreshed';

/** What keys the cache from the `refreshed` argument: '' without one. A long text (the author's own
 * cell) is cut: its start still changes with it in every case we know of. */
export function refreshGeneration(value: unknown): string {
  const cell = Array.isArray(value) ? value[0]?.[0] : value;
  if (cell instanceof Date) return cell.getTime().toString(36);
  if (cell === null || cell === undefined) return '';
  return String(cell).slice(0, 40);
}
