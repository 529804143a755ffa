// The table every report becomes: what custom functions return and the sheet writer lays out.

/** A calendar day (`YYYY-MM-DD`) or month (`YYYY-MM`): no time of day, no time zone. The platform turns
 * it into a sheet date in the spreadsheet's own time zone, so a day never shifts by one. */
export interface CalendarDate {
  readonly kind: 'calendar-date';
  readonly iso: string;
}

/** A cell: text stays text (never a formula), numbers stay numbers, instants are Dates, days are CalendarDates. */
export type CellValue = string | number | boolean | null | Date | CalendarDate;

export type FormatHint =
  | { readonly kind: 'money'; readonly currency: string }
  | { readonly kind: 'integer' }
  | { readonly kind: 'decimal' }
  | { readonly kind: 'percent' }
  | { readonly kind: 'date' }
  | { readonly kind: 'month' }
  | { readonly kind: 'datetime' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'text' };

export interface ReportColumn {
  /** Stable key from the response (`totals.royalties`, `title`): what a layout remembers. */
  readonly key: string;
  /** What the author reads ("Net profit"). */
  readonly label: string;
  readonly format: FormatHint;
}

/** The documented fields every report response carries (docs/api.md §1, every report response). */
export interface ReportMeta {
  /** Inner fields not documented: kept as given. */
  readonly period: Readonly<Record<string, unknown>> | null;
  readonly currency: string | null;
  readonly truncated: boolean;
  /** Why rows are missing beyond `truncated`: pages of the report left unread (api/paging.ts). Set, the
   * table is truncated too, and this sentence is what the banners say. */
  readonly unread?: string;
  /** Labels of figures written for people ("1,234") that could not be read as numbers with certainty:
   * kept as text, so sums miss them; the banners say so. */
  readonly textFigures?: readonly string[];
  /** Labels of columns of rates whose scale (fractions or 0 to 100) could not be decided: shown as sent,
   * as plain numbers; the banners say so (rate-scale.ts). */
  readonly unsureRates?: readonly string[];
  /** The currencies the rows hold, when more than one: figures never added across them
   * (several-currencies.ts). */
  readonly currencies?: readonly string[];
  /** Rows read of the rows the report said it has, when fewer (the table is then truncated too). */
  readonly rowsRead?: RowsRead;
}

/** "3 of 5 rows": rows read of the rows a report said it has. */
export interface RowsRead {
  readonly read: number;
  readonly inAll: number;
}

/** One figure outside the rows: a summary total, a field of the account, the `total` beside a list. */
export interface ReportFact {
  /** Dotted key from the response (`kenp.pages_read`, `api_key.name`). */
  readonly key: string;
  /** What the author reads, with its parent's name when that tells figures apart ("API key name"). */
  readonly label: string;
  readonly value: CellValue;
  readonly format: FormatHint;
}

/** How the rows read: one record per row, or one figure per row (`key` | `metric` | `value`). */
type ReportLayout = 'rows' | 'metric-value';

export interface ReportTable {
  readonly columns: readonly ReportColumn[];
  /** Rectangular: every row has one cell per column. */
  readonly rows: readonly (readonly CellValue[])[];
  readonly meta: ReportMeta;
  /** Absent means 'rows'. */
  readonly layout?: ReportLayout;
  /** Metric/Value tables only: the format of each row's value (money and integer rows side by side). */
  readonly rowFormats?: readonly FormatHint[];
  /** Scalar fields of the response that are not in the rows (the totals beside a list), in response order. */
  readonly facts?: readonly ReportFact[];
}
