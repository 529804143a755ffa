// The Account tab: one figure per row. First the account's own fields (reporting currency, subscription,
// the key in use: never the key itself, which the API does not return), then each platform's fields under
// its name ("KDP: Covered through"), so how fresh each channel's data is reads down one column.
import { accountFacts, metricRow, type ReportTable, toReportTable } from '../report';

export function accountTable(response: unknown): ReportTable {
  const facts = accountFacts(response);
  const platforms = toReportTable(response, 'account');
  const at = (key: string) => platforms.columns.findIndex((c) => c.key === key);
  const idAt = at('platform_id');
  const nameAt = at('name');
  const rows = [...facts.rows];
  const rowFormats = [...facts.rowFormats!];
  platforms.rows.forEach((platform, p) => {
    const id = String(platform[idAt] != null ? platform[idAt] : p + 1);
    const name = platform[nameAt];
    platforms.columns.forEach((column, c) => {
      if (c === nameAt) return;
      rows.push(
        metricRow(
          `platforms.${id}.${column.key}`,
          `${typeof name === 'string' ? name : id}: ${column.label}`,
          platform[c]!,
        ),
      );
      rowFormats.push(column.format);
    });
  });
  return { ...facts, rows, rowFormats };
}
