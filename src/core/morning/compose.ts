// The morning e-mail itself: a subject, a plain-text body and a simple HTML body saying the same. What is
// wrong comes first, then the period's figures, the latest days and the books that moved most (with nothing
// to compare with, the top books, saying so), then the link. Every text that came from the API or the author
// (titles, messages, the spreadsheet's name) is escaped in the HTML, so a title that is markup stays text.
// No key: nothing here ever reads it.
import type { Period } from '../dashboard/period';
import { plural } from '../phrases';
import type { MorningFigures } from './figures';
import { changeText, countText, moneyText } from './format';

export interface MorningReport {
  readonly spreadsheetName: string;
  /** The spreadsheet's address (https). */
  readonly spreadsheetUrl: string;
  readonly timeZone: string;
  /** When the night ran, already in the spreadsheet's time zone. */
  readonly ranAt: string;
  /** Null when the night could not refresh. */
  readonly figures: MorningFigures | null;
  readonly problems: readonly string[];
  /** The sidebar's "Send me a test e-mail". */
  readonly test?: boolean;
}

export interface MorningEmail {
  readonly subject: string;
  readonly body: string;
  readonly htmlBody: string;
}

const FOOTER =
  'You get this e-mail because you chose it in the Royalties sidebar, under "Nightly refresh". Choose "Off" there to stop it.';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** One line, no control characters: a subject header cannot carry a line break. */
function oneLine(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it takes out.
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

/** The line under the name: when the night ran, or when the test was sent. */
function ranText(report: MorningReport): string {
  return `${report.test ? 'Test e-mail, sent' : 'Nightly refresh'} ${report.ranAt} (${report.timeZone})`;
}

const LATEST_DAYS = 'Latest days (a provisional day may still change)';

function periodText(period: Period | null, currency: string | null): string {
  const span = period ? `${period.start} to ${period.end} (${plural(period.days, 'day')})` : 'The period';
  return currency ? `${span}, in ${currency}` : span;
}

interface FigureLine {
  readonly label: string;
  readonly value: string;
  readonly change: string;
}

function figureLines(figures: MorningFigures): FigureLine[] {
  const amount = (v: number, money: boolean) => (money ? moneyText(v, figures.currency) : countText(v));
  return figures.figures.map((f) => ({
    label: f.label,
    value: f.value === null ? 'not sent' : amount(f.value, f.money),
    change:
      f.change !== null && f.previous !== null
        ? `${changeText(f.change)} against the period before (${amount(f.previous, f.money)})`
        : (f.note ?? ''),
  }));
}

function dayLines(figures: MorningFigures): string[][] {
  const money = (v: number | null) => (v === null ? '' : moneyText(v, figures.currency));
  return figures.days.map((d) => [
    d.date,
    money(d.royalties),
    d.netProfit === null ? '' : `net ${money(d.netProfit)}`,
    d.provisional ? 'provisional' : 'settled',
  ]);
}

function moreBooks(figures: MorningFigures): string | null {
  const more = figures.bookCount - figures.topBooks.length;
  return more > 0 ? `…and ${countText(more)} more book${more === 1 ? '' : 's'} in the Books tab.` : null;
}

interface BookList {
  /** Why the top books stand in for the books that moved most. */
  readonly note: string | null;
  readonly heading: string;
  /** `[title, royalties]`, or for a mover `[title, royalties, was, change]`. */
  readonly cells: readonly string[][];
  readonly after: string | null;
}

/** The books that moved most under a heading that says against what; else the top books, saying why. */
function bookList(f: MorningFigures): BookList | null {
  const money = (v: number) => moneyText(v, f.booksCurrency ?? f.currency);
  const moved = f.moved;
  if (moved && 'books' in moved) {
    const cells = moved.books.map((b) => [
      b.title,
      money(b.royalties),
      `was ${money(b.previous)}`,
      `${b.change > 0 ? '+' : ''}${money(b.change)}`,
    ]);
    return {
      note: null,
      heading: moved.heading,
      cells,
      after: cells.length ? null : "No book's royalties changed.",
    };
  }
  if (f.topBooks.length === 0) return null;
  return {
    note: moved ? `Books that moved most: nothing to compare with (${moved.why}).` : null,
    heading: 'Top books this period',
    cells: f.topBooks.map((b) => [b.title, money(b.royalties)]),
    after: moreBooks(f),
  };
}

function headlineOf(report: MorningReport): string | null {
  const royalties = report.figures?.figures.find((f) => f.measure === 'royalties');
  if (!royalties || royalties.value === null) return null;
  const change = royalties.change === null ? '' : ` (${changeText(royalties.change)})`;
  return `${moneyText(royalties.value, report.figures!.currency)} royalties${change}`;
}

function morningSubject(report: MorningReport): string {
  const wrong = report.problems.length;
  const what =
    wrong > 0
      ? `${plural(wrong, 'thing')} to look at`
      : (headlineOf(report) ?? 'your figures are up to date');
  return oneLine(`${report.test ? 'Test: ' : ''}Royalties: ${what} · ${report.spreadsheetName}`);
}

function textBody(report: MorningReport): string {
  const out: string[] = [`Royalties for Sheets · ${report.spreadsheetName}`, ranText(report), ''];
  if (report.problems.length > 0) {
    out.push('Needs your attention', ...report.problems.map((p) => `- ${p}`), '');
  }
  const f = report.figures;
  if (f) {
    if (f.figures.length > 0) {
      out.push(periodText(f.period, f.currency));
      for (const line of figureLines(f))
        out.push(`- ${line.label}: ${line.value}${line.change ? `, ${line.change}` : ''}`);
      out.push('');
    }
    if (f.days.length > 0) {
      out.push(LATEST_DAYS);
      for (const cells of dayLines(f)) out.push(`- ${cells.filter((c) => c !== '').join('  ')}`);
      out.push('');
    }
    const list = bookList(f);
    if (list) {
      if (list.note) out.push(list.note);
      out.push(list.heading);
      list.cells.forEach(([title, now, ...more], i) => {
        out.push(`${i + 1}. ${title}: ${now}${more.length ? ` (${more.join(', ')})` : ''}`);
      });
      if (list.after) out.push(list.after);
      out.push('');
    }
  }
  out.push(`Open the spreadsheet: ${report.spreadsheetUrl}`, '', FOOTER);
  return out.join('\n');
}

/** Numbers stand right-aligned in their columns, everything else left. */
function cellStyle(align: 'left' | 'right'): string {
  return `style="padding:2px 12px 2px 0;text-align:${align};vertical-align:top"`;
}

function table(cells: readonly (readonly string[])[], numberColumns: readonly number[]): string {
  const rows = cells
    .map(
      (row) =>
        `<tr>${row.map((c, i) => `<td ${cellStyle(numberColumns.includes(i) ? 'right' : 'left')}>${escapeHtml(c)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table style="border-collapse:collapse">${rows}</table>`;
}

function htmlBody(report: MorningReport): string {
  const h = (text: string) => `<h3 style="margin:16px 0 4px">${escapeHtml(text)}</h3>`;
  const out: string[] = [
    '<div style="font-family:Arial,sans-serif;font-size:14px;color:rgb(32,33,36)">',
    `<p style="margin:0"><b>Royalties for Sheets</b> · ${escapeHtml(report.spreadsheetName)}<br>`,
    `${escapeHtml(ranText(report))}</p>`,
  ];
  if (report.problems.length > 0) {
    out.push(
      '<div style="margin:12px 0;padding:8px 12px;background:rgb(254,247,224);border-left:4px solid rgb(249,171,0)">',
      '<b>Needs your attention</b><ul style="margin:4px 0;padding-left:20px">',
      ...report.problems.map((p) => `<li>${escapeHtml(p)}</li>`),
      '</ul></div>',
    );
  }
  const f = report.figures;
  if (f) {
    if (f.figures.length > 0) {
      out.push(h(periodText(f.period, f.currency)));
      const lines = figureLines(f).map((l) => [l.label, l.value, l.change]);
      out.push(table(lines, [1]));
    }
    if (f.days.length > 0) {
      out.push(h(LATEST_DAYS), table(dayLines(f), [1, 2]));
    }
    const list = bookList(f);
    if (list) {
      if (list.note) out.push(`<p style="margin:12px 0 0">${escapeHtml(list.note)}</p>`);
      out.push(h(list.heading));
      const books = list.cells.map((cells, i) => [`${i + 1}.`, ...cells]);
      out.push(table(books, [2, 3, 4]));
      if (list.after) out.push(`<p style="margin:4px 0">${escapeHtml(list.after)}</p>`);
    }
  }
  out.push(
    `<p><a href="${escapeHtml(report.spreadsheetUrl)}">Open the spreadsheet</a></p>`,
    `<p style="color:rgb(95,99,104);font-size:12px">${escapeHtml(FOOTER)}</p>`,
    '</div>',
  );
  return out.join('\n');
}

export function composeMorningEmail(report: MorningReport): MorningEmail {
  return { subject: morningSubject(report), body: textBody(report), htmlBody: htmlBody(report) };
}
