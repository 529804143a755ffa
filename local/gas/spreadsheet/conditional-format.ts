// Conditional format rules, as far as the add-on uses them: SpreadsheetApp.newConditionalFormatRule(),
// ConditionalFormatRuleBuilder (whenNumberLessThan, whenNumberGreaterThan, setBackground, setFontColor,
// setRanges, build), ConditionalFormatRule (getRanges, getBooleanCondition, copy), BooleanCondition, and
// Sheet.getConditionalFormatRules / setConditionalFormatRules, which "replaces all currently existing
// conditional format rules in the sheet with the input rules" (developers.google.com/apps-script/reference/
// spreadsheet/sheet#setConditionalFormatRules(ConditionalFormatRule), …/conditional-format-rule-builder).
// A rule carries no id or metadata: whoever keeps some rules and not others must tell them by what they are.
// Not modelled: other conditions, gradients, and the colours a rule gives a cell's display.
import type { Env } from '../env.ts';
import { GasObject } from '../gas-object.ts';
import { GasError, messages, typeNames } from '../messages.ts';
import type { GridRect } from './a1.ts';
import type { SheetHandle } from './handles.ts';
import type { SheetModel } from './model.ts';
import { Range } from './range.ts';

type CriteriaType = 'NUMBER_LESS_THAN' | 'NUMBER_GREATER_THAN';

interface RuleState {
  readonly criteria: CriteriaType | null;
  readonly values: readonly number[];
  readonly background: string | null;
  readonly fontColor: string | null;
  readonly ranges: readonly { readonly sheet: SheetHandle<Range>; readonly rect: GridRect }[];
}

const RULES = new WeakMap<SheetModel, RuleState[]>();

function rulesOf(model: SheetModel): RuleState[] {
  let list = RULES.get(model);
  if (!list) {
    list = [];
    RULES.set(model, list);
  }
  return list;
}

function numberArgument(value: unknown, method: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new GasError(
      messages.signature(`SpreadsheetApp.ConditionalFormatRuleBuilder.${method}`, typeNames([value])),
    );
  return value;
}

export class ConditionalFormatRuleBuilder extends GasObject {
  readonly _class = 'ConditionalFormatRuleBuilder';
  constructor(
    env: Env,
    private _state: RuleState,
  ) {
    super(env);
  }
  whenNumberLessThan(number: unknown): ConditionalFormatRuleBuilder {
    this._state = {
      ...this._state,
      criteria: 'NUMBER_LESS_THAN',
      values: [numberArgument(number, 'whenNumberLessThan')],
    };
    return this;
  }
  whenNumberGreaterThan(number: unknown): ConditionalFormatRuleBuilder {
    this._state = {
      ...this._state,
      criteria: 'NUMBER_GREATER_THAN',
      values: [numberArgument(number, 'whenNumberGreaterThan')],
    };
    return this;
  }
  setBackground(color: unknown): ConditionalFormatRuleBuilder {
    this._state = { ...this._state, background: color === null ? null : String(color).toLowerCase() };
    return this;
  }
  setFontColor(color: unknown): ConditionalFormatRuleBuilder {
    this._state = { ...this._state, fontColor: color === null ? null : String(color).toLowerCase() };
    return this;
  }
  setRanges(ranges: unknown): ConditionalFormatRuleBuilder {
    if (!Array.isArray(ranges) || !ranges.every((r) => r instanceof Range))
      throw new GasError(
        messages.signature('SpreadsheetApp.ConditionalFormatRuleBuilder.setRanges', typeNames([ranges])),
      );
    this._state = {
      ...this._state,
      ranges: (ranges as Range[]).map((r) => ({ sheet: r._sheet, rect: r._rect })),
    };
    return this;
  }
  build(): ConditionalFormatRule {
    return new ConditionalFormatRule(this._env, this._state);
  }
}

export class BooleanCondition extends GasObject {
  readonly _class = 'BooleanCondition';
  constructor(
    env: Env,
    readonly _state: RuleState,
  ) {
    super(env);
  }
  getCriteriaType(): string | null {
    return this._state.criteria;
  }
  getCriteriaValues(): number[] {
    return [...this._state.values];
  }
  getBackground(): string | null {
    return this._state.background;
  }
  getFontColor(): string | null {
    return this._state.fontColor;
  }
}

export class ConditionalFormatRule extends GasObject {
  readonly _class = 'ConditionalFormatRule';
  constructor(
    env: Env,
    readonly _state: RuleState,
  ) {
    super(env);
  }
  getRanges(): Range[] {
    return this._state.ranges.map((r) => new Range(this._env, r.sheet, r.rect));
  }
  getBooleanCondition(): BooleanCondition | null {
    return this._state.criteria === null ? null : new BooleanCondition(this._env, this._state);
  }
  copy(): ConditionalFormatRuleBuilder {
    return new ConditionalFormatRuleBuilder(this._env, this._state);
  }
}

export function newRuleBuilder(env: Env): ConditionalFormatRuleBuilder {
  return new ConditionalFormatRuleBuilder(env, {
    criteria: null,
    values: [],
    background: null,
    fontColor: null,
    ranges: [],
  });
}

/** The Sheet methods (sheet.ts delegates to these). */
export const sheetRules = {
  get(env: Env, model: SheetModel): ConditionalFormatRule[] {
    return rulesOf(model).map((state) => new ConditionalFormatRule(env, state));
  },
  set(model: SheetModel, rules: unknown): void {
    if (!Array.isArray(rules) || !rules.every((r) => r instanceof ConditionalFormatRule))
      throw new GasError(
        messages.signature('SpreadsheetApp.Sheet.setConditionalFormatRules', typeNames([rules])),
      );
    const list = rulesOf(model);
    list.splice(0, list.length, ...(rules as ConditionalFormatRule[]).map((r) => r._state));
  },
};
