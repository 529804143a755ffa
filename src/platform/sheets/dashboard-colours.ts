// The dashboard's conditional colour rules. A rule carries no id or metadata, so ours are told by what they
// are: each one's fingerprint (condition, value, colours, ranges) is kept in the tab's state. A refresh
// takes out the rules of ours it finds (last refresh's, or any already equal to one it writes), keeps every
// other rule as the author left it, and writes its own once: two refreshes leave one set.
import type { Area, ColourRule } from '../../core/dashboard';
import { sheetsApp } from '../optional-services';
import { rangeOf } from './dashboard-charts';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Rule = GoogleAppsScript.Spreadsheet.ConditionalFormatRule;

/** Each condition's criteria type, as a rule read back gives it, and its builder method. */
const WHEN = {
  less: ['NUMBER_LESS_THAN', 'whenNumberLessThan'],
  greater: ['NUMBER_GREATER_THAN', 'whenNumberGreaterThan'],
} as const;

/** A cell's A1 notation. Our rules lie in the tiles and tables band, columns A–H: one letter each. */
function cellA1(row: number, column: number): string {
  return String.fromCharCode(64 + column) + row;
}

/** An area's A1 notation as Range.getA1Notation gives it (a single cell without a colon), with no call. */
function a1(area: Area): string {
  const start = cellA1(area.row, area.column);
  if (area.rows === 1 && area.columns === 1) return start;
  return `${start}:${cellA1(area.row + area.rows - 1, area.column + area.columns - 1)}`;
}

function print(
  criteria: unknown,
  value: unknown,
  font: unknown,
  background: unknown,
  ranges: readonly string[],
): string {
  return JSON.stringify([criteria, value, ...[font, background].map((c) => String(c).toLowerCase()), ranges]);
}

function fingerprintOf(rule: Rule): string | null {
  const condition = rule.getBooleanCondition();
  if (!condition) return null;
  return print(
    String(condition.getCriteriaType()),
    condition.getCriteriaValues()[0],
    condition.getFontColor(),
    condition.getBackground(),
    rule.getRanges().map((r) => r.getA1Notation()),
  );
}

/** Writes our rules, the author's kept; returns the fingerprints of ours, for the next refresh. `ours`, the
 * last refresh's, is read as stored: only a text can equal a fingerprint. */
export function syncColourRules(
  sheet: Sheet,
  rules: readonly ColourRule[],
  ours: readonly unknown[],
): string[] {
  const wanted = rules.map(({ when, than, colours, areas }) => {
    const { font, background } = colours;
    const [criteria, method] = WHEN[when];
    return {
      fingerprint: print(criteria, than, font, background, areas.map(a1)),
      rule: sheetsApp()
        .newConditionalFormatRule()
        [method](than)
        .setFontColor(font)
        .setBackground(background)
        .setRanges(areas.map((a) => rangeOf(sheet, a)))
        .build(),
    };
  });
  const prints = wanted.map((w) => w.fingerprint);
  const ourPrints = new Set<unknown>([...ours, ...prints]);
  const kept = sheet.getConditionalFormatRules().filter((r) => {
    const found = fingerprintOf(r);
    return found === null || !ourPrints.has(found);
  });
  sheet.setConditionalFormatRules([...kept, ...wanted.map((w) => w.rule)]);
  return prints;
}
