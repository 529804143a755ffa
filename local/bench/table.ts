// A table of figures, printed as aligned text for the terminal or as markdown for docs/performance.md. Its own
// module, so the sections that make tables and the report that gathers them do not import each other.

export interface Table {
  readonly title: string;
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
  readonly note?: string;
}

export const count = (n: number): string => n.toLocaleString('en-US');
export const decimal = (n: number): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const ms = (n: number): string => (n >= 100 ? count(Math.round(n)) : n.toFixed(1));
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const ratio = (r: number): string => `${r.toFixed(1)}×`;

/** A duration as people read it: 850 ms, 12.3 s, 25.4 min. */
export function duration(milliseconds: number): string {
  if (milliseconds < 1000) return `${ms(milliseconds)} ms`;
  if (milliseconds < 120_000) return `${(milliseconds / 1000).toFixed(1)} s`;
  return `${(milliseconds / 60_000).toFixed(1)} min`;
}

/** Whether a modelled time fits a limit, with its share of it: "yes (3%)", "NO (420%)". */
export function fits(milliseconds: number, limitMs: number): string {
  const share = `${Math.round((100 * milliseconds) / limitMs)}%`;
  return milliseconds <= limitMs ? `yes (${share})` : `NO (${share})`;
}

/** Figures align right, words left. */
const NUMERIC = /^$|^[\d,.]+( ?(ms|s|min|KB|MB|×|%))?( \(.*\))?$/;
function alignRight(table: Table, column: number): boolean {
  return column > 0 && table.rows.every((r) => NUMERIC.test(r[column] ?? ''));
}

export function asText(table: Table): string {
  const all = [table.headers, ...table.rows];
  const widths = table.headers.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((cell, i) => (alignRight(table, i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const body = [line(table.headers), ...table.rows.map(line)].join('\n');
  return `${table.title}\n${body}${table.note ? `\n${table.note}` : ''}\n`;
}

export function asMarkdown(table: Table): string {
  // Markdown drops leading spaces: an indented row (a detail of the one above) gets a visible mark.
  const line = (r: readonly string[]) => `| ${r.map((cell) => cell.replace(/^ {2}/, '· ')).join(' | ')} |`;
  const rule = `|${table.headers.map((_, i) => (alignRight(table, i) ? ' ---: ' : ' --- ')).join('|')}|`;
  const body = [line(table.headers), rule, ...table.rows.map(line)].join('\n');
  return `**${table.title}**\n\n${body}\n${table.note ? `\n${table.note}\n` : ''}`;
}
