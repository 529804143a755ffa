// The emulated spreadsheet as HTML tables, beside the sidebar in the preview: what a refresh wrote.
import type { Emulator, SheetSnapshot } from '../gas/index.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Row 1 of our tabs is the banner: one cell, shown across the table with its background. */
function bannerRow(text: string, width: number, background: string | undefined): string {
  const style = background ? ` style="background:${escapeHtml(background)}"` : '';
  return `<tr><td class="banner" colspan="${width}"${style}>${escapeHtml(text)}</td></tr>`;
}

/** What Sheets would show (dates as dates, formats applied), as the emulator approximates it. */
function sheetTable(snapshot: SheetSnapshot): string {
  const shown = snapshot.displayed;
  const width = Math.max(1, ...shown.map((row) => row.length));
  const rows = shown.map((row, r) => {
    const others = row.slice(1).some((cell) => cell !== '');
    if (r === 0 && !others) return bannerRow(row[0] ?? '', width, snapshot.backgrounds[0]?.[0]);
    const tag = r === 1 ? 'th' : 'td';
    return `<tr>${row.map((v) => `<${tag}>${escapeHtml(v)}</${tag}>`).join('')}</tr>`;
  });
  return `<section><h2>${escapeHtml(snapshot.name)}</h2><div class="scroll"><table>${rows.join('\n')}</table></div></section>`;
}

export function tabsPage(emulator: Emulator): string {
  const names = emulator.spreadsheet.getSheets().map((s) => s.getName());
  const body = names.map((name) => sheetTable(emulator.sheetSnapshot(name))).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Emulated tabs</title>
<style>body{font:12px Arial,sans-serif;margin:8px}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:2px 6px;white-space:nowrap}
th{background:#f1f3f4}td.banner{white-space:normal;font-style:italic}h2{font-size:14px;margin:16px 0 4px}.scroll{overflow:auto;max-height:320px}</style></head>
<body><h1>Emulated tabs (${names.length})</h1><p><a href="/dashboard" target="_blank">The Royalties dashboard with its charts</a></p>${body || '<p>No tabs yet.</p>'}</body></html>`;
}
