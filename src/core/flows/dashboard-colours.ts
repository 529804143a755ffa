// The dashboard's conditional colour rules, over a port on the sheet's rules (its platform file of the
// same name builds it). A rule carries no id or metadata, so ours are told by what they are: each one's
// fingerprint (condition, value, colours, ranges) is kept in the tab's state. A refresh takes out the rules
// of ours it finds (last refresh's, or any already equal to one it writes), keeps every other rule as the
// author left it, and writes its own once: two refreshes leave one set.
import type { Area, ColourRule } from '../dashboard';

/** A rule on the sheet in plain terms: its condition's criteria type (as Sheets names it), first value and
 * colours, and the A1 notation of each of its ranges. */
export interface ReadColourRule {
  readonly criteria: string;
  readonly value: unknown;
  readonly font: unknown;
  readonly background: unknown;
  readonly ranges: readonly string[];
}

/** What writing our colour rules asks of a sheet `S` and its rules `R`. */
export interface DashboardColoursPort<S, R> {
  /** One of our rules as the sheet takes it (not yet set). */
  build(sheet: S, rule: ColourRule): R;
  /** The sheet's rules now. */
  rules(sheet: S): readonly R[];
  /** A rule read back; null when it has no boolean condition (ours always have one). */
  read(rule: R): ReadColourRule | null;
  /** The sheet's rules replaced by these, in this order. */
  set(sheet: S, rules: readonly R[]): void;
}

/** Each condition's criteria type, as a rule read back gives it. */
const CRITERIA = { less: 'NUMBER_LESS_THAN', greater: 'NUMBER_GREATER_THAN' } as const;

/** A cell's A1 notation. Our rules lie in the tiles and tables band, columns A–H: one letter each. */
function cellA1(row: number, column: number): string {
  return String.fromCharCode(64 + column) + row;
}

/** An area's A1 notation as Sheets gives it back (a single cell without a colon). */
function a1(area: Area): string {
  const start = cellA1(area.row, area.column);
  if (area.rows === 1 && area.columns === 1) return start;
  return `${start}:${cellA1(area.row + area.rows - 1, area.column + area.columns - 1)}`;
}

/** A rule's fingerprint, whether read back or about to be written; colours compared in any case. */
export function colourFingerprint({ criteria, value, font, background, ranges }: ReadColourRule): string {
  return JSON.stringify([criteria, value, ...[font, background].map((c) => String(c).toLowerCase()), ranges]);
}

/** The fingerprint one of our rules will have once on the sheet. */
export function fingerprintOf(rule: ColourRule): string {
  const { font, background } = rule.colours;
  return colourFingerprint({
    criteria: CRITERIA[rule.when],
    value: rule.than,
    font,
    background,
    ranges: rule.areas.map(a1),
  });
}

/** Writes our rules, the author's kept; returns the fingerprints of ours, for the next refresh. `ours`, the
 * last refresh's, is read as stored: only a text can equal a fingerprint. */
export function syncDashboardColours<S, R>(
  port: DashboardColoursPort<S, R>,
  sheet: S,
  rules: readonly ColourRule[],
  ours: readonly unknown[],
): string[] {
  const wanted = rules.map((rule) => ({ fingerprint: fingerprintOf(rule), rule: port.build(sheet, rule) }));
  const prints = wanted.map((w) => w.fingerprint);
  const ourPrints = new Set<unknown>([...ours, ...prints]);
  const kept = port.rules(sheet).filter((r) => {
    const found = port.read(r);
    return found === null || !ourPrints.has(colourFingerprint(found));
  });
  port.set(sheet, [...kept, ...wanted.map((w) => w.rule)]);
  return prints;
}
