// The dashboard's conditional colour rules. A rule carries no id or metadata, so ours are told by what they
// are: each one's fingerprint (condition, value, colours, ranges) is kept in the tab's state. A refresh
// takes out the rules of ours it finds (last refresh's, or any already equal to one it writes), keeps every
// other rule as the author left it, and writes its own once: two refreshes leave one set.
import { type ColourRule, type RuleArea, TONES } from '../../core/dashboard';
import { rangeOf } from './dashboard-charts';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Rule = GoogleAppsScript.Spreadsheet.ConditionalFormatRule;

const CRITERIA = { less: 'NUMBER_LESS_THAN', greater: 'NUMBER_GREATER_THAN' } as const;

function letters(column: number): string {
  let out = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/** An area's A1 notation as Range.getA1Notation gives it (a single cell without a colon), with no call. */
function a1(area: RuleArea): string {
  const start = `${letters(area.column)}${area.row}`;
  if (area.rows === 1 && area.columns === 1) return start;
  return `${start}:${letters(area.column + area.columns - 1)}${area.row + area.rows - 1}`;
}

function print(
  criteria: string,
  value: unknown,
  font: unknown,
  background: unknown,
  ranges: readonly string[],
): string {
  return JSON.stringify([
    criteria,
    value,
    String(font).toLowerCase(),
    String(background).toLowerCase(),
    ranges,
  ]);
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

/** Writes our rules, the author's kept; returns the fingerprints of ours, for the next refresh. */
export function syncColourRules(
  sheet: Sheet,
  rules: readonly ColourRule[],
  ours: readonly string[],
): string[] {
  const wanted = rules.map((rule) => {
    const tone = TONES[rule.tone];
    const ranges = rule.areas.map(a1);
    return {
      rule,
      tone,
      fingerprint: print(CRITERIA[rule.when], rule.than, tone.font, tone.background, ranges),
      ranges: rule.areas.map((a) => rangeOf(sheet, a)),
    };
  });
  const ourPrints = new Set([...ours, ...wanted.map((w) => w.fingerprint)]);
  const kept = sheet.getConditionalFormatRules().filter((r) => {
    const found = fingerprintOf(r);
    return found === null || !ourPrints.has(found);
  });
  const built = wanted.map((w) => {
    const builder = SpreadsheetApp.newConditionalFormatRule();
    const when =
      w.rule.when === 'less'
        ? builder.whenNumberLessThan(w.rule.than)
        : builder.whenNumberGreaterThan(w.rule.than);
    return when.setFontColor(w.tone.font).setBackground(w.tone.background).setRanges(w.ranges).build();
  });
  sheet.setConditionalFormatRules([...kept, ...built]);
  return wanted.map((w) => w.fingerprint);
}
