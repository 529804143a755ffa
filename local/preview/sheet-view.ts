// The preview's spreadsheet as Sheets draws it: the formula bar (the selected cell's formula, or its value),
// the grid with column letters and row numbers, values as the tab's number formats show them (the
// emulator's displayed values) with numbers to the right, and the tab bar at the bottom. A click on a cell
// selects it; a tab in the bar opens that sheet. Read-only: what the add-on wrote, as an author sees it.
import type { Emulator, SheetSnapshot } from '../gas/index.ts';
import { escapeHtml } from './tabs-view.ts';

/** Google Sheets' default column width and row height, in CSS pixels. */
const COLUMN_WIDTH = 100;
const ROW_HEIGHT = 21;
/** At least this much grid, as an empty sheet shows. */
const MIN_COLUMNS = 14;
const MIN_ROWS = 40;

/** 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** "B3" → [row 2, column 1]; null for anything else. */
function parseA1(a1: string): [number, number] | null {
  const m = /^([A-Z]+)(\d+)$/.exec(a1.toUpperCase());
  if (!m) return null;
  const column = [...(m[1] ?? '')].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
  return [Number(m[2]) - 1, column];
}

function cellStyle(snapshot: SheetSnapshot, r: number, c: number): string {
  const styles: string[] = [];
  const value = snapshot.values[r]?.[c];
  if (typeof value === 'number' || value instanceof Date) styles.push('text-align:right');
  const background = snapshot.backgrounds[r]?.[c];
  if (background && background !== '#ffffff') styles.push(`background:${background}`);
  if (snapshot.fontWeights[r]?.[c] === 'bold') styles.push('font-weight:bold');
  const color = snapshot.fontColors[r]?.[c];
  if (color && color !== '#000000') styles.push(`color:${color}`);
  return styles.length ? ` style="${escapeHtml(styles.join(';'))}"` : '';
}

function gridRows(
  snapshot: SheetSnapshot,
  columns: number,
  rows: number,
  selected: [number, number],
): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [`<th class="row">${r + 1}</th>`];
    for (let c = 0; c < columns; c++) {
      const text = snapshot.displayed[r]?.[c] ?? '';
      // Text runs over the empty cells to its right, as in Sheets (a banner across the tab).
      let span = 1;
      if (text !== '' && typeof snapshot.values[r]?.[c] === 'string')
        while (c + span < columns && (snapshot.displayed[r]?.[c + span] ?? '') === '' && span < 12) span++;
      const a1 = `${columnLetter(c)}${r + 1}`;
      const formula = snapshot.formulas[r]?.[c] ?? '';
      const chosen = selected[0] === r && selected[1] === c ? ' class="selected"' : '';
      cells.push(
        `<td data-a1="${a1}"${span > 1 ? ` colspan="${span}"` : ''}${formula ? ` data-formula="${escapeHtml(formula)}"` : ''}${chosen}${cellStyle(snapshot, r, c)}>${escapeHtml(text)}</td>`,
      );
      c += span - 1;
    }
    out.push(`<tr>${cells.join('')}</tr>`);
  }
  return out.join('\n');
}

/** The sheet `name` (the first when absent) with `cell` selected (A1 when absent). */
export function sheetPage(emulator: Emulator, name: string | null, cell: string | null): string {
  const names = emulator.spreadsheet.getSheets().map((s) => s.getName());
  const shown = name && names.includes(name) ? name : (names[0] ?? 'Sheet1');
  const snapshot = emulator.sheetSnapshot(shown);
  const columns = Math.max(MIN_COLUMNS, ...snapshot.displayed.map((row) => row.length + 1));
  const rows = Math.max(MIN_ROWS, snapshot.displayed.length + 5);
  const selected = parseA1(cell ?? '') ?? [0, 0];
  const [sr, sc] = selected;
  const a1 = `${columnLetter(sc)}${sr + 1}`;
  const barText = snapshot.formulas[sr]?.[sc] || (snapshot.displayed[sr]?.[sc] ?? '');
  const widths = Array.from(
    { length: columns },
    (_, c) => `<col style="width:${snapshot.columnWidths[c + 1] ?? COLUMN_WIDTH}px">`,
  ).join('');
  const letters = Array.from({ length: columns }, (_, c) => `<th class="col">${columnLetter(c)}</th>`).join(
    '',
  );
  const tabs = names
    .map(
      (n) =>
        `<a class="tab${n === shown ? ' active' : ''}" href="/sheet?name=${encodeURIComponent(n)}" role="tab" aria-selected="${n === shown}">${escapeHtml(n)}</a>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(shown)}</title>
<style>
html,body{margin:0;height:100%;font:13px Arial,Helvetica,sans-serif;color:#202124}
body{display:flex;flex-direction:column}
#formula-bar{display:flex;align-items:center;height:30px;border-bottom:1px solid #c7c7c7;background:#fff;flex:none}
#name-box{width:86px;padding:0 8px;border-right:1px solid #c7c7c7;line-height:30px;color:#3c4043}
#fx{padding:0 10px;color:#80868b;font-style:italic;border-right:1px solid #e0e0e0;line-height:30px}
#formula{padding:0 10px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;font-family:Arial,sans-serif}
#grid{flex:1;overflow:auto;background:#fff}
table{border-collapse:collapse;table-layout:fixed}
th{background:#f8f9fa;color:#5f6368;font-weight:normal;font-size:11px;border:1px solid #c7c7c7;height:${ROW_HEIGHT}px;position:sticky}
th.col{top:0;z-index:1;text-align:center}th.row{left:0;width:46px;text-align:center}th.corner{top:0;left:0;z-index:2;width:46px}
td{border:1px solid #e2e3e3;height:${ROW_HEIGHT - 1}px;padding:0 4px;white-space:nowrap;overflow:hidden;text-overflow:clip}
td.selected{outline:2px solid #1a73e8;outline-offset:-2px}
#tab-bar{display:flex;align-items:stretch;height:38px;background:#f1f3f4;border-top:1px solid #c7c7c7;flex:none;overflow:hidden}
#tab-bar .add{width:38px;text-align:center;line-height:38px;color:#5f6368;font-size:20px}
.tab{padding:0 16px;line-height:38px;color:#3c4043;text-decoration:none;white-space:nowrap;border-right:1px solid #dadce0}
.tab.active{background:#fff;color:#188038;font-weight:bold;box-shadow:inset 0 -3px 0 #188038}
</style></head><body>
<div id="formula-bar"><div id="name-box">${a1}</div><div id="fx">fx</div><div id="formula">${escapeHtml(barText)}</div></div>
<div id="grid"><table id="cells"><colgroup><col style="width:46px">${widths}</colgroup>
<tr><th class="corner"></th>${letters}</tr>
${gridRows(snapshot, columns, rows, selected)}</table></div>
<nav id="tab-bar" role="tablist"><span class="add" aria-hidden="true">+</span><span class="add" aria-hidden="true">≡</span>${tabs}</nav>
<script>document.getElementById('cells').addEventListener('click',function(e){var td=e.target.closest('td');if(!td)return;
var old=document.querySelector('td.selected');if(old)old.classList.remove('selected');td.classList.add('selected');
document.getElementById('name-box').textContent=td.dataset.a1;document.getElementById('formula').textContent=td.dataset.formula||td.textContent;});
document.querySelector('.tab.active')&&document.querySelector('.tab.active').scrollIntoView({inline:'nearest'});</script>
</body></html>`;
}
