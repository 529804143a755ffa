// npm start --email-preview: the morning e-mail this run's night would send, written to files so it can be
// seen without Google. Composed by the add-on's own core (src/core/morning) from the record the refresh kept
// (its figures and what is wrong), as the nightly trigger composes it; nothing is sent.

import { formatInstant } from '../../src/core/base/instants.ts';
import { composeMorningEmail, type MorningEmail, type MorningReport } from '../../src/core/morning/index.ts';
import type { LastRefresh } from '../../src/core/refresh/index.ts';

interface PreviewSpreadsheet {
  readonly name: string;
  readonly url: string;
  readonly timeZone: string;
}

const NO_RECORD = 'The refresh kept no record of its figures, so the e-mail has none.';

export function morningEmailPreview(
  last: LastRefresh | null,
  sheet: PreviewSpreadsheet,
  now: number,
): MorningEmail {
  const report: MorningReport = {
    spreadsheetName: sheet.name,
    spreadsheetUrl: sheet.url,
    timeZone: sheet.timeZone,
    // As the tabs and the sidebar write a time (`2026-11-21 08:00` in the sheet's zone).
    ranAt: formatInstant(last ? last.at : new Date(now).toISOString(), sheet.timeZone),
    figures: last?.figures ?? null,
    problems: last ? last.problems : [NO_RECORD],
  };
  return composeMorningEmail(report);
}

/** The HTML as a page a browser opens: the subject as its title, then the body Google would send. */
export function previewPage(mail: MorningEmail): string {
  const title = mail.subject.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>\n<body>\n<p><b>Subject:</b> ${title}</p>\n${mail.htmlBody}\n</body></html>\n`;
}
