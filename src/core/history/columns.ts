// The ledger's columns. Keys are what the mark remembers, so a column never moves: the fixed three first,
// then each figure as the timeline first sent it. Money carries its currency in its key (`royalties@EUR`):
// a currency change starts new columns beside the old ones, so one column never mixes currencies.
import { MEASURE_NAMES, MEASURES, type Measure } from '../figures';
import type { FormatHint } from '../report';

export const DATE_KEY = 'date';
export const STATUS_KEY = 'status';
export const CHANGED_KEY = 'changed';
/** The fixed three's headers, by key. */
const FIXED_LABELS: Readonly<Record<string, string>> = {
  [DATE_KEY]: 'Date',
  [STATUS_KEY]: 'Status',
  [CHANGED_KEY]: 'Last changed',
};
export const FIXED_KEYS: readonly string[] = Object.keys(FIXED_LABELS);
/** Figures the timeline sends that the catalogue does not know keep their response key after this. */
const EXTRA = 'extra.';

export type FigureKind = 'money' | 'count' | 'fraction';

export interface FigureColumn {
  readonly key: string;
  readonly label: string;
  readonly kind: FigureKind;
  /** Money only. */
  readonly currency: string | null;
  /** The catalogue's measure, when it is one. */
  readonly measure: Measure | null;
}

/** A figure's column: a catalogue measure, or another figure under its response key and label. */
export function figureColumn(
  name: string,
  currency: string | null,
  extra?: { label: string; kind: FigureKind },
): FigureColumn {
  const measure = extra ? null : (name as Measure);
  const { kind, label } = extra || MEASURES[name as Measure];
  const money = kind === 'money' && currency !== null;
  const base = extra ? EXTRA + name : name;
  return {
    key: money ? `${base}@${currency}` : base,
    label: money ? `${label} (${currency})` : label,
    kind,
    currency: money ? currency : null,
    measure,
  };
}

/** How a figure column is shown: money in its currency (only money has one), a percentage, the catalogue's
 * counts as whole numbers, and a figure outside the catalogue with its decimals. */
export function columnFormat(column: FigureColumn): FormatHint {
  if (column.currency) return { kind: 'money', currency: column.currency };
  return { kind: column.kind === 'fraction' ? 'percent' : column.measure ? 'integer' : 'decimal' };
}

/** What a remembered key means (its label and format), without the response that first sent it. */
export function ledgerColumn(key: string): FigureColumn | null {
  if (FIXED_KEYS.includes(key)) return null;
  const [name = '', currency = null] = key.split('@');
  if ((MEASURE_NAMES as string[]).includes(name)) return figureColumn(name, currency);
  const raw = name.replace(EXTRA, '');
  return figureColumn(raw, currency, { label: raw, kind: currency ? 'money' : 'count' });
}

export function keyLabel(key: string, labels: ReadonlyMap<string, string>): string {
  // Only the fixed three have no description.
  return FIXED_LABELS[key] || labels.get(key) || ledgerColumn(key)!.label;
}

/** The measure a key holds in `currency` (money) or in any currency (counts); null for other keys. */
export function measureIn(key: string, currency: string | null): Measure | null {
  const column = ledgerColumn(key);
  if (!column || (column.kind === 'money' && column.currency !== currency)) return null;
  return column.measure;
}

/** The currencies with money columns in the ledger, in the order they came. */
export function currenciesOf(keys: readonly string[]): string[] {
  return [...new Set(keys.map((k) => k.split('@')[1]).filter((c): c is string => !!c))];
}

/** Previous keys keep their places; new keys are appended (arrangeColumns' rule, for the ledger). */
export function ledgerColumns(previous: readonly string[], sent: readonly string[]): string[] {
  return [...new Set([...FIXED_KEYS.filter((k) => !previous.includes(k)), ...previous, ...sent])];
}
