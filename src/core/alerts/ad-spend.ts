// Ad spend against royalties, per series and per standalone book, over the refresh's period. A series is
// judged on the series: a first book whose ads bring readers to the rest is never flagged alone. Ad data
// arrives 7 to 14 days late, so a period shorter than 14 days is not judged (its latest ad spend is not in
// yet and would make ads look cheaper than they are).
import { moneyText, percentText } from '../report/money';
import type { Alert, AlertLevel } from './alert';
import type { AlertLines } from './lines';

/** The shortest period judged: the ads' own reporting lag. */
export const AD_WINDOW_DAYS = 14;

export interface BookSpend {
  /** The book id, else its title. */
  readonly id: string;
  readonly title: string;
  readonly seriesId: string | null;
  /** Null: not sent, and then its series or the book is not judged (never counted as 0). */
  readonly royalties: number | null;
  readonly adSpend: number | null;
}

export interface AdSpendInputs {
  readonly books: readonly BookSpend[];
  /** Series id → name. */
  readonly seriesNames: ReadonlyMap<string, string>;
  readonly period: { readonly start: string; readonly end: string; readonly days: number } | null;
  readonly currency: string | null;
}

/** The highest line `share` reaches, or null below the lowest. */
export function adSpendLevel(share: number, lines: AlertLines): AlertLevel | null {
  if (share >= lines.adsAlarm) return 'alarm';
  if (share >= lines.adsWarning) return 'warning';
  if (share >= lines.adsNote) return 'note';
  return null;
}

const LINE_OF: Readonly<Record<AlertLevel, keyof AlertLines>> = {
  alarm: 'adsAlarm',
  warning: 'adsWarning',
  note: 'adsNote',
};

interface Group {
  readonly id: string;
  readonly name: string;
  readonly series: boolean;
  royalties: number | null;
  adSpend: number | null;
}

/** Sums a figure, missing as soon as one book's is. */
function add(sum: number | null, value: number | null): number | null {
  return sum === null || value === null ? null : sum + value;
}

export function adSpendAlerts(inputs: AdSpendInputs, lines: AlertLines): Alert[] {
  const { period, currency } = inputs;
  if (!period || period.days < AD_WINDOW_DAYS) return [];
  const groups = new Map<string, Group>();
  for (const book of inputs.books) {
    const key = book.seriesId === null ? `book:${book.id}` : `series:${book.seriesId}`;
    const group = groups.get(key) ?? {
      id: key,
      name: book.seriesId === null ? book.title : (inputs.seriesNames.get(book.seriesId) ?? book.seriesId),
      series: book.seriesId !== null,
      royalties: 0,
      adSpend: 0,
    };
    group.royalties = add(group.royalties, book.royalties);
    group.adSpend = add(group.adSpend, book.adSpend);
    groups.set(key, group);
  }
  const money = (v: number) => moneyText(Math.round(v * 100) / 100, currency);
  const span = `${period.start} to ${period.end} (${period.days} days)`;
  const out: Alert[] = [];
  for (const g of groups.values()) {
    if (g.royalties === null || g.adSpend === null || g.adSpend <= 0) continue;
    const share = g.royalties > 0 ? g.adSpend / g.royalties : Number.POSITIVE_INFINITY;
    const level = adSpendLevel(share, lines);
    if (!level) continue;
    const what = g.series ? `Series "${g.name}"` : `"${g.name}"`;
    const figures =
      g.royalties > 0
        ? `ad spend ${money(g.adSpend)} is ${percentText(share)} of its royalties (${money(g.royalties)})`
        : `ad spend ${money(g.adSpend)} against no royalties`;
    out.push({
      id: `ads:${g.id}`,
      kind: 'ad-spend',
      level,
      ...(g.series ? { series: g.name } : { book: g.name }),
      text: `${what}: ${figures}, at or past the ${level} line of ${percentText(lines[LINE_OF[level]] as number)}, ${span}.`,
    });
  }
  return out;
}
