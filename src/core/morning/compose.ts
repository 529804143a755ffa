// The morning e-mail itself: a subject, a plain-text body and a simple HTML body saying the same. What is
// wrong comes first, then the period's figures, the latest days and the books that moved most (with nothing
// to compare with, the top books, saying so), then the link. Every text that came from the API or the author
// (titles, messages, the spreadsheet's name) is escaped in the HTML, so a title that is markup stays text.
// No key: nothing here ever reads it.
import { alertsToTell, levelWord, type RefreshAlerts } from '../alerts';
import { escapeHtml } from '../base/html';
import { PRODUCT, plural } from '../base/phrases';
import { countText, moneyText } from '../report';
import type { MorningFigures } from './figures';
import { changeText } from './format';

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
  /** The alerts the night's figures raised; the e-mail leads with those new or worse, and those cleared. */
  readonly alerts?: RefreshAlerts;
  /** The sidebar's "Send me a test e-mail". */
  readonly test?: boolean;
}

export interface MorningEmail {
  readonly subject: string;
  readonly body: string;
  readonly htmlBody: string;
}

const FOOTER = 'To stop this e-mail, choose "Off" under "Nightly refresh" in the Royalties sidebar.';

/** One part of the e-mail under its heading: a table in the HTML, a line per row in the plain text. */
interface Section {
  /** A sentence before the heading. */
  readonly note?: string | null;
  readonly heading: string;
  readonly rows: readonly (readonly string[])[];
  /** The plain-text line of a row. */
  readonly line: (cells: readonly string[]) => string;
  /** The HTML table's columns of numbers, right-aligned. */
  readonly right: readonly number[];
  /** A sentence after the rows. */
  readonly after?: string | null;
}

/** The books that moved most under a heading that says against what; else the top books, saying why. */
function bookList(f: MorningFigures): Section | null {
  const money = (v: number) => moneyText(v, f.booksCurrency ?? f.currency);
  const { moved, topBooks } = f;
  const movers = moved && 'books' in moved ? moved : null;
  const more = f.bookCount - topBooks.length;
  if (!movers && !topBooks.length) return null;
  const rows = movers
    ? movers.books.map((b) => [
        b.title,
        money(b.royalties),
        `was ${money(b.previous)}`,
        `${b.change > 0 ? '+' : ''}${money(b.change)}`,
      ])
    : topBooks.map((b) => [b.title, money(b.royalties)]);
  return {
    note: moved && 'why' in moved ? `Books that moved most: nothing to compare with (${moved.why}).` : null,
    heading: movers ? movers.heading : 'Top books this period',
    rows: rows.map((cells, i) => [`${i + 1}.`, ...cells]),
    after: movers
      ? movers.books.length
        ? null
        : "No book's royalties changed."
      : more > 0
        ? `…and ${countText(more)} more book${more === 1 ? '' : 's'} in the Books tab.`
        : null,
    line: ([n, title, now, ...was]) => `${n} ${title}: ${now}${was.length ? ` (${was.join(', ')})` : ''}`,
    right: [2, 3, 4],
  };
}

/** The period's figures, the latest days and the book list, each when there is one. */
function sections(f: MorningFigures | null): Section[] {
  if (!f) return [];
  // Money unless `money` is false; nothing for a figure not sent.
  const amount = (v: number | null, money = true) =>
    v === null ? '' : money ? moneyText(v, f.currency) : countText(v);
  const { period, currency } = f;
  const span = period ? `${period.start} to ${period.end} (${plural(period.days, 'day')})` : 'The period';
  const all: (Section | false | null)[] = [
    f.figures.length > 0 && {
      heading: currency ? `${span}, in ${currency}` : span,
      rows: f.figures.map((g) => [
        g.label,
        g.value === null ? 'not sent' : amount(g.value, g.money),
        g.change !== null && g.previous !== null
          ? `${changeText(g.change)} against the period before (${amount(g.previous, g.money)})`
          : (g.note ?? ''),
      ]),
      line: ([label, ...rest]) => `- ${label}: ${rest.filter(Boolean).join(', ')}`,
      right: [1],
    },
    f.days.length > 0 && {
      heading: 'Latest days (provisional ones may still change)',
      rows: f.days.map((d) => [
        d.date,
        amount(d.royalties),
        d.netProfit === null ? '' : `net ${amount(d.netProfit)}`,
        d.provisional ? 'provisional' : 'settled',
      ]),
      line: (cells) => `- ${cells.filter(Boolean).join('  ')}`,
      right: [1, 2],
    },
    bookList(f),
  ];
  return all.filter((s): s is Section => !!s);
}

/** The period's royalties and their change, for the subject; null when the night has none to say. */
function headlineOf(report: MorningReport): string | null {
  const royalties = report.figures?.figures.find((f) => f.measure === 'royalties');
  if (!royalties || royalties.value === null) return null;
  const change = royalties.change === null ? '' : ` (${changeText(royalties.change)})`;
  return `${moneyText(royalties.value, report.figures!.currency)} royalties${change}`;
}

/** How many alerts the e-mail tells: new or worse, and cleared. */
export function alertsTold(alerts: RefreshAlerts | undefined): number {
  const { raised, cleared } = alertsToTell(alerts);
  return raised.length + cleared.length;
}

function morningSubject(report: MorningReport): string {
  const wrong = report.problems.length;
  const { raised } = alertsToTell(report.alerts);
  const told = [
    raised.length > 0 && plural(raised.length, 'alert'),
    wrong > 0 && `${plural(wrong, 'thing')} to look at`,
  ].filter(Boolean);
  const what = told.length ? told.join(', ') : (headlineOf(report) ?? 'your figures are up to date');
  // One line, no control characters (a subject header cannot carry a line break): a run of control
  // characters and spaces becomes one space.
  return (
    `${report.test ? 'Test: ' : ''}Royalties: ${what} · ${report.spreadsheetName}`
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it takes out.
      .replace(/[\u0000-\u001f\u007f ]+/g, ' ')
      .trim()
  );
}

const ATTENTION = 'Needs your attention';
const ALERTS = 'Alerts';
export const ALERT_LINES_HOW =
  'To change the alert lines or turn alerts off: "Alerts" in the Royalties sidebar.';

/** The alerts the e-mail leads with, a line each, and how many others still stand (told before). */
function alertLines(alerts: RefreshAlerts | undefined): string[] {
  const { raised, cleared } = alertsToTell(alerts);
  if (!alerts || raised.length + cleared.length === 0) return [];
  const before = alerts.standing.length + alerts.more - raised.length;
  return [
    ...raised.map((a) => `${levelWord(a.level)}: ${a.text}`),
    ...cleared.map((c) => `Cleared: ${c}`),
    ...(before > 0 ? [`${plural(before, 'alert')} told before still stand: see the Status tab.`] : []),
  ];
}

/** The subject, the plain-text body and the same in HTML, part by part: the HTML keeps the client's own
 * styles for the most part, with what is wrong in an amber box that stands out and the footer small. */
export function composeMorningEmail(report: MorningReport): MorningEmail {
  const { problems, spreadsheetName: name, spreadsheetUrl: url } = report;
  // The line under the name: when the night ran, or when the test was sent.
  const ran = `${report.test ? 'Test e-mail, sent' : 'Nightly refresh'} ${report.ranAt} (${report.timeZone})`;
  const p = (text: string | null | undefined) => (text ? `<p>${escapeHtml(text)}</p>` : '');
  const text: (string | null | undefined)[] = [`${PRODUCT} · ${name}`, ran, ''];
  const html = [
    '<div style="font-family:Arial,sans-serif">',
    `<p><b>${PRODUCT}</b> · ${escapeHtml(name)}<br>${escapeHtml(ran)}</p>`,
  ];
  const alerts = alertLines(report.alerts);
  if (alerts.length > 0) {
    text.push(ALERTS, ...alerts.map((a) => `- ${a}`), ALERT_LINES_HOW, '');
    html.push(
      `<div style="padding:8px;background:#fce8e6;border-left:4px solid #d93025"><b>${ALERTS}</b><ul>`,
      ...alerts.map((a) => `<li>${escapeHtml(a)}</li>`),
      `</ul><small>${escapeHtml(ALERT_LINES_HOW)}</small></div>`,
    );
  }
  if (problems.length > 0) {
    text.push(ATTENTION, ...problems.map((p) => `- ${p}`), '');
    html.push(
      `<div style="padding:8px;background:#fef7e0;border-left:4px solid #f9ab00"><b>${ATTENTION}</b><ul>`,
      ...problems.map((p) => `<li>${escapeHtml(p)}</li>`),
      '</ul></div>',
    );
  }
  for (const s of sections(report.figures)) {
    text.push(s.note, s.heading, ...s.rows.map(s.line), s.after, '');
    // Numbers stand right-aligned in their columns, everything else left.
    const rows = s.rows.map(
      (row) =>
        `<tr valign="top">${row.map((c, i) => `<td${s.right.includes(i) ? ' align="right"' : ''}>${escapeHtml(c)}</td>`).join('')}</tr>`,
    );
    html.push(
      p(s.note),
      `<h3>${escapeHtml(s.heading)}</h3><table cellpadding="4">${rows.join('')}</table>`,
      p(s.after),
    );
  }
  text.push(`Open the spreadsheet: ${url}`, '', FOOTER);
  html.push(
    `<p><a href="${escapeHtml(url)}">Open the spreadsheet</a></p>`,
    `<p><small>${escapeHtml(FOOTER)}</small></p></div>`,
  );
  return {
    subject: morningSubject(report),
    body: text.filter((l) => l != null).join('\n'),
    htmlBody: html.filter(Boolean).join('\n'),
  };
}
