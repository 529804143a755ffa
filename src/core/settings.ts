// What the author chooses in the sidebar for one spreadsheet: the period, the currency and which tabs a
// refresh writes. Stored as JSON in document properties (src/platform), read by refresh, custom
// functions (defaults for empty arguments) and the sidebar.

import { isObject } from './base/unknown';
import { isTabChoice, TAB_CHOICES, type TabChoice } from './tab-ids';

export interface RoyaltiesSettings {
  /** `last_30_days` is the one value the API documents; any other token is passed through. */
  readonly period: string;
  /** ISO 4217 code, or null for the account's reporting currency. */
  readonly currency: string | null;
  /** The tabs a refresh writes, by endpoint, the history and the dashboard. */
  readonly tabs: readonly TabChoice[];
}

const DEFAULT_PERIOD = 'last_30_days';

/** The settings of a spreadsheet that has none saved (what parseSettings makes of nothing). */
export const DEFAULT_SETTINGS: RoyaltiesSettings = {
  period: DEFAULT_PERIOD,
  currency: null,
  tabs: TAB_CHOICES,
};

export class SettingsError extends Error {}

const PERIOD_TOKEN = /^[A-Za-z0-9_.:-]{1,64}$/;

/** What to type instead: the same words in the sidebar, a formula's note, the CLI and the API client. */
export const OR_DEFAULT = ', or leave it empty for the default.';
export const PERIOD_ADVICE = `Use a period name such as "last_30_days"${OR_DEFAULT}`;
export const CURRENCY_ADVICE = `Use a three-letter code such as "USD", "EUR" or "GBP"${OR_DEFAULT}`;

function shown(value: unknown): string {
  return String(value ?? '').slice(0, 40);
}

/** The one period check: a single token such as last_30_days. Returns it trimmed. */
export function normalisePeriod(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!PERIOD_TOKEN.test(text)) {
    throw new SettingsError(
      `The range "${shown(value)}" is not a period name (letters, digits and _ - . : only). ${PERIOD_ADVICE}`,
    );
  }
  return text;
}

/** The one currency check: three letters, trimmed and upper-cased; empty means the account's (null). */
export function normaliseCurrency(value: unknown): string | null {
  const text = String(value ?? '')
    .trim()
    .toUpperCase();
  if (!text) return null;
  if (!/^[A-Z]{3}$/.test(text)) {
    throw new SettingsError(`The currency "${shown(value)}" is not a currency code. ${CURRENCY_ADVICE}`);
  }
  return text;
}

function normaliseTabs(value: unknown): readonly TabChoice[] {
  if (!Array.isArray(value)) return TAB_CHOICES;
  const unknown = value.filter((v) => !isTabChoice(v));
  if (unknown.length) {
    throw new SettingsError(
      `Unknown tab ${JSON.stringify(unknown[0])}. Known tabs: ${TAB_CHOICES.join(', ')}.`,
    );
  }
  // Keep the canonical order whatever order the sidebar sent.
  return TAB_CHOICES.filter((id) => value.includes(id));
}

/** Validates settings from the sidebar (or stored JSON); missing fields take their defaults. */
export function parseSettings(input: unknown): RoyaltiesSettings {
  const raw = isObject(input) ? input : {};
  return {
    period: raw.period === undefined || raw.period === '' ? DEFAULT_PERIOD : normalisePeriod(raw.period),
    currency: normaliseCurrency(raw.currency),
    tabs: normaliseTabs(raw.tabs),
  };
}

/** The stored JSON keeps the field name settings were first saved under, `range`, so that saved
 * settings survive the code's rename to period; only the store's two functions know it. */
const STORED_PERIOD = 'range';

/** Settings as stored in document properties; settingsFromStored reads them back. */
export function storedSettingsJson(settings: RoyaltiesSettings): string {
  const { period, ...rest } = settings;
  return JSON.stringify({ [STORED_PERIOD]: period, ...rest });
}

/** Reads stored settings; anything unreadable (none stored: null, which has no fields to take) falls back
 * to the defaults rather than breaking a refresh. */
export function settingsFromStored(json: string | null): RoyaltiesSettings {
  try {
    const { [STORED_PERIOD]: period, ...rest } = JSON.parse(json as string) as Record<string, unknown>;
    return parseSettings({ ...rest, period });
  } catch {
    return parseSettings({});
  }
}
