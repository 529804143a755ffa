// The ledger's columns. Keys are what the mark remembers, so a column never moves: the fixed three first,
// then each figure as the timeline first sent it. Money carries its currency in its key (`royalties@EUR`):
// a currency change starts new columns beside the old ones, so one column never mixes currencies.
import { MEASURE_NAMES, MEASURES, type Measure } from '../figures';

export const DATE_KEY = 'date';
export const STATUS_KEY = 'status';
export const CHANGED_KEY = 'changed';
export const FIXED_KEYS: readonly string[] = [DATE_KEY, STATUS_KEY, CHANGED_KEY];
const FIXED_LABELS: Readonly<Record<string, string>> = {
  date: 'Date',
  status: 'Status',
  changed: 'Last changed',
};
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

function withCurrency(name: string, kind: FigureKind, currency: string | null): string {
  return kind === 'money' && currency ? `${name}@${currency}` : name;
}

export function measureColumnOf(measure: Measure, currency: string | null): FigureColumn {
  const { kind, label } = MEASURES[measure];
  return {
    key: withCurrency(measure, kind, currency),
    label: kind === 'money' && currency ? `${label} (${currency})` : label,
    kind,
    currency: kind === 'money' ? currency : null,
    measure,
  };
}

export function extraColumnOf(
  key: string,
  label: string,
  kind: FigureKind,
  currency: string | null,
): FigureColumn {
  return {
    key: withCurrency(`${EXTRA}${key}`, kind, currency),
    label: kind === 'money' && currency ? `${label} (${currency})` : label,
    kind,
    currency: kind === 'money' ? currency : null,
    measure: null,
  };
}

/** What a remembered key means (its label and format), without the response that first sent it. */
export function describeKey(key: string): FigureColumn | null {
  if (FIXED_KEYS.includes(key)) return null;
  const at = key.lastIndexOf('@');
  const name = at > 0 ? key.slice(0, at) : key;
  const currency = at > 0 ? key.slice(at + 1) : null;
  if ((MEASURE_NAMES as string[]).includes(name)) return measureColumnOf(name as Measure, currency);
  const raw = name.startsWith(EXTRA) ? name.slice(EXTRA.length) : name;
  return extraColumnOf(raw, raw, currency ? 'money' : 'count', currency);
}

export function keyLabel(key: string, labels: ReadonlyMap<string, string>): string {
  return FIXED_LABELS[key] || labels.get(key) || describeKey(key)?.label || key;
}

/** The measure a key holds in `currency` (money) or in any currency (counts); null for other keys. */
export function measureIn(key: string, currency: string | null): Measure | null {
  const column = describeKey(key);
  if (!column?.measure) return null;
  if (column.kind === 'money' && column.currency !== currency) return null;
  return column.measure;
}

/** Previous keys keep their places; new keys are appended (arrangeColumns' rule, for the ledger). */
export function ledgerColumns(previous: readonly string[], sent: readonly string[]): string[] {
  const out = FIXED_KEYS.filter((k) => !previous.includes(k)).concat(previous);
  for (const key of sent) if (!out.includes(key)) out.push(key);
  return out;
}
