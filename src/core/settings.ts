// What the author chooses in the sidebar for one spreadsheet: the period, the currency and which tabs a
// refresh writes. Stored as JSON in document properties (src/platform), read by refresh, custom
// functions (defaults for empty arguments) and the sidebar.
import { isObject } from './base/unknown';
import { DEFAULT_TAB_CHOICES, isTabChoice, TAB_CHOICES, type TabChoice } from './tab-ids';

export interface RoyaltiesSettings {
  /** `last_30_days` is the one value the API documents; any other token is passed through. */
  readonly period: string;
  /** ISO 4217 code, or null for the account's reporting currency. */
  readonly currency: string | null;
  /** The tabs a refresh writes, by endpoint, the history and the dashboard. */
  readonly tabs: readonly TabChoice[];
  /** The calendar years the year's choice writes a tab for, newest first; absent: this year and last. */
  readonly years?: readonly number[];
  /** Days from the end of a month of sale to its payment, for the year's estimate of what was paid;
   * absent: DEFAULT_PAYMENT_DELAY_DAYS. */
  readonly paymentDelay?: number;
}

/** Stores pay about 60 days after the end of the month of sale (about 90 for expanded distribution). */
export const DEFAULT_PAYMENT_DELAY_DAYS = 60;
/** The longest payment delay taken, in days: a year after the month of sale. */
export const MAX_PAYMENT_DELAY_DAYS = 365;
/** Each year asked is a tab of its own: a handful at most. */
export const MAX_YEARS = 5;

const DEFAULT_PERIOD = 'last_30_days';

/** The settings of a spreadsheet that has none saved (what parseSettings makes of nothing). */
export const DEFAULT_SETTINGS: RoyaltiesSettings = {
  period: DEFAULT_PERIOD,
  currency: null,
  tabs: DEFAULT_TAB_CHOICES,
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
  if (!Array.isArray(value)) return DEFAULT_TAB_CHOICES;
  const unknown = value.filter((v) => !isTabChoice(v));
  if (unknown.length) {
    throw new SettingsError(
      `Unknown tab ${JSON.stringify(unknown[0])}. Known tabs: ${TAB_CHOICES.join(', ')}.`,
    );
  }
  // Keep the canonical order whatever order the sidebar sent.
  return TAB_CHOICES.filter((id) => value.includes(id));
}

export const PAYMENT_DELAY_ADVICE = `Type the days from the end of a month of sale to its payment, 0 to ${MAX_PAYMENT_DELAY_DAYS} (about 60 for KDP, about 90 for expanded distribution)${OR_DEFAULT}`;
const YEARS_ADVICE = `Type up to ${MAX_YEARS} calendar years such as "2026, 2025", or leave it empty for this year and last.`;

/** Years as a list or as text ("2026, 2025"), newest first; none: absent (this year and last). */
export function normaliseYears(value: unknown): readonly number[] | undefined {
  const given = Array.isArray(value) ? value : String(value ?? '').split(/[\s,;]+/);
  const texts = given.map((v) => String(v).trim()).filter(Boolean);
  const wrong = texts.find((t) => !/^\d{4}$/.test(t) || Number(t) < 1970);
  if (wrong !== undefined)
    throw new SettingsError(`The year "${shown(wrong)}" is not a calendar year. ${YEARS_ADVICE}`);
  const years = [...new Set(texts.map(Number))].sort((a, b) => b - a);
  if (years.length > MAX_YEARS) throw new SettingsError(`${years.length} years is too many. ${YEARS_ADVICE}`);
  return years.length ? years : undefined;
}

/** Whole days, 0 to MAX_PAYMENT_DELAY_DAYS; empty or the default: absent. */
export function normaliseDelay(value: unknown): number | undefined {
  const text = String(value ?? '').trim();
  if (!text) return undefined;
  const days = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(days <= MAX_PAYMENT_DELAY_DAYS))
    throw new SettingsError(
      `The payment delay "${shown(value)}" is not a number of days. ${PAYMENT_DELAY_ADVICE}`,
    );
  return days === DEFAULT_PAYMENT_DELAY_DAYS ? undefined : days;
}

/** Validates settings from the sidebar (or stored JSON); missing fields take their defaults. The year's
 * fields are kept only when they differ from their defaults (stored small). */
export function parseSettings(input: unknown): RoyaltiesSettings {
  const raw = isObject(input) ? input : {};
  const years = normaliseYears(raw.years);
  const paymentDelay = normaliseDelay(raw.paymentDelay);
  return {
    period: raw.period === undefined || raw.period === '' ? DEFAULT_PERIOD : normalisePeriod(raw.period),
    currency: normaliseCurrency(raw.currency),
    tabs: normaliseTabs(raw.tabs),
    ...(years && { years }),
    ...(paymentDelay !== undefined && { paymentDelay }),
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
