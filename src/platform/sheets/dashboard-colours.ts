// The dashboard's conditional colour rules, as core/flows/dashboard-colours.ts decides them: this file
// builds a Sheets rule from one of ours and reads a rule on the sheet back into plain terms.
import type { ColourRule } from '../../core/dashboard';
import { type DashboardColoursPort, syncDashboardColours } from '../../core/flows/dashboard-colours';
import { sheetsApp } from '../optional-services';
import { rangeOf } from './dashboard-charts';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;
type Rule = GoogleAppsScript.Spreadsheet.ConditionalFormatRule;

/** Each condition's builder method. */
const WHEN = { less: 'whenNumberLessThan', greater: 'whenNumberGreaterThan' } as const;

const coloursPort: DashboardColoursPort<Sheet, Rule> = {
  build: (sheet, { when, than, colours, areas }) =>
    sheetsApp()
      .newConditionalFormatRule()
      [WHEN[when]](than)
      .setFontColor(colours.font)
      .setBackground(colours.background)
      .setRanges(areas.map((a) => rangeOf(sheet, a)))
      .build(),
  rules: (sheet) => sheet.getConditionalFormatRules(),
  read(rule) {
    const condition = rule.getBooleanCondition();
    if (!condition) return null;
    return {
      criteria: String(condition.getCriteriaType()),
      value: condition.getCriteriaValues()[0],
      font: condition.getFontColor(),
      background: condition.getBackground(),
      ranges: rule.getRanges().map((r) => r.getA1Notation()),
    };
  },
  set: (sheet, rules) => sheet.setConditionalFormatRules([...rules]),
};

/** Writes our rules, the author's kept; returns the fingerprints of ours, for the next refresh. */
export function syncColourRules(
  sheet: Sheet,
  rules: readonly ColourRule[],
  ours: readonly unknown[],
): string[] {
  return syncDashboardColours(coloursPort, sheet, rules, ours);
}
