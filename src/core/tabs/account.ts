// The Account tab: one figure per row. First the account's own fields (reporting currency, subscription,
// the key in use: never the key itself, which the API does not return), then each platform's fields under
// its name ("KDP: Covered through"), so how fresh each channel's data is reads down one column.
import {
  accountFacts,
  type CellValue,
  type FormatHint,
  metricRow,
  type ReportTable,
  toReportTable,
} from '../report';

export function accountTable(response: unknown): ReportTable {
  const facts = accountFacts(response);
  const platforms = toReportTable(response, 'account');
  const idAt = platforms.columns.findIndex((c) => c.key === 'platform_id');
  const nameAt = platforms.columns.findIndex((c) => c.key === 'name');
  const rows: CellValue[][] = facts.rows.map((r) => [...r]);
  const rowFormats: FormatHint[] = [...facts.rowFormats!];
  platforms.rows.forEach((platform, p) => {
    const id = idAt >= 0 && platform[idAt] !== null ? String(platform[idAt]) : String(p + 1);
    const name = nameAt >= 0 && typeof platform[nameAt] === 'string' ? (platform[nameAt] as string) : id;
    platforms.columns.forEach((column, c) => {
      if (c === nameAt) return;
      rows.push(
        metricRow(`platforms.${id}.${column.key}`, `${name}: ${column.label}`, platform[c] as CellValue),
      );
      rowFormats.push(column.format);
    });
  });
  return { ...facts, rows, rowFormats };
}
