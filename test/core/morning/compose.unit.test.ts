// The morning e-mail from plain inputs: figures as the Summary sends them, to the cent; problems first; every
// text from the API escaped in the HTML; short whatever the number of books.
import { describe, expect, it } from 'vitest';
import type { EndpointId } from '../../../src/core/endpoints.ts';
import type { LedgerDay } from '../../../src/core/figures/index.ts';
import {
  changeText,
  composeMorningEmail,
  type MorningReport,
  moneyText,
  morningFigures,
  TOP_BOOKS,
} from '../../../src/core/morning/index.ts';
import { morningProblems, platformProblems } from '../../../src/core/refresh/index.ts';
import type { Fetched } from '../../../src/core/tabs/index.ts';
import { demoResponse, ENVELOPE, figures } from '../../support/demo-shapes.ts';

const HOSTILE = '<img src=x onerror="alert(1)">&amp; =HYPERLINK("http://evil")';

function firstRound(overrides: Partial<Record<EndpointId, unknown>> = {}): Map<EndpointId, Fetched> {
  const ids: EndpointId[] = ['account', 'summary', 'timeline', 'kenp', 'free-units', 'books-report'];
  return new Map(ids.map((id) => [id, { ok: true, data: overrides[id] ?? demoResponse(id) }]));
}

function ledger(start: string, count: number, status: LedgerDay['status'] = 'settled'): LedgerDay[] {
  const first = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => ({
    date: new Date(first + i * 86_400_000).toISOString().slice(0, 10),
    currency: 'USD',
    figures: { royalties: 10 + i / 100, net_profit: 5, ad_spend: 1, kenp_pages: 100 },
    status,
  }));
}

function report(over: Partial<MorningReport> = {}): MorningReport {
  return {
    spreadsheetName: 'My royalties',
    spreadsheetUrl: 'https://docs.google.com/spreadsheets/d/abc/edit',
    timeZone: 'Europe/London',
    ranAt: '2026-11-21 05:12',
    figures: morningFigures(firstRound(), ledger('2026-09-22', 30)),
    problems: [],
    ...over,
  };
}

describe('the figures', () => {
  it('are the Summary response figures to the cent, with the change against the period before', () => {
    const summary = figures(1);
    const mail = composeMorningEmail(report());
    expect(mail.body).toContain(`Royalties: ${moneyText(summary.royalties as number, 'USD')}`);
    expect(mail.body).toContain(`Ad spend: ${moneyText(summary.ad_spend as number, 'USD')}`);
    expect(mail.body).toContain(`Net profit: ${moneyText(summary.net_profit as number, 'USD')}`);
    // The 30 days before: 10.00 + 10.01 + … + 10.29.
    const before = Math.round((300 + 4.35) * 100) / 100;
    const change = ((summary.royalties as number) - before) / before;
    expect(mail.body).toContain(
      `${changeText(change)} against the period before (${moneyText(before, 'USD')})`,
    );
    expect(mail.body).toContain('2026-10-22 to 2026-11-20 (30 days), in USD');
    expect(mail.htmlBody).toContain(moneyText(summary.royalties as number, 'USD'));
  });

  it('formats money as the tabs do: the currency decimals and symbol or code', () => {
    expect(moneyText(1234.5, 'USD')).toBe('$1,234.50');
    expect(moneyText(-0.004, 'USD')).toBe('$0.00');
    expect(moneyText(-12.3, 'EUR')).toBe('-€12.30');
    expect(moneyText(1200, 'JPY')).toBe('¥1,200');
    expect(moneyText(1234567.891, 'SEK')).toBe('1,234,567.89 SEK');
    expect(changeText(0.1234)).toBe('+12.3%');
    expect(changeText(-0.04)).toBe('-4.0%');
  });

  it('lists the latest seven days newest first, each provisional or settled', () => {
    const days = [...ledger('2026-11-01', 17), ...ledger('2026-11-18', 3, 'provisional')];
    const mail = composeMorningEmail(report({ figures: morningFigures(firstRound(), days) }));
    const lines = mail.body.split('\n').filter((l) => /^- 2026-/.test(l));
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(/^- 2026-11-20 .* provisional$/);
    expect(lines[3]).toMatch(/^- 2026-11-17 .* settled$/);
  });

  it('lists only days kept in the currency the e-mail shows, never amounts of another as if in it', () => {
    const euros = ledger('2026-11-14', 7).map((d) => ({ ...d, currency: 'EUR' }));
    const mixed = morningFigures(firstRound(), [...ledger('2026-11-01', 3), ...euros]);
    expect(mixed.currency).toBe('USD');
    expect(mixed.days.map((d) => d.date)).toEqual(['2026-11-03', '2026-11-02', '2026-11-01']);
    const none = composeMorningEmail(report({ figures: morningFigures(firstRound(), euros) }));
    expect(none.body).not.toContain('Latest days');
    expect(none.body).not.toMatch(/^- 2026-11-/m);
  });

  it('stays short for a 2,000-book account: the top books and how many more', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      book_id: `bk_${i}`,
      title: i === 1999 ? HOSTILE : `Book ${i}`,
      royalties: i === 1999 ? 9999.99 : (i % 97) + 0.5,
    }));
    const books = { ...ENVELOPE, rows };
    const mail = composeMorningEmail(
      report({ figures: morningFigures(firstRound({ 'books-report': books }), []) }),
    );
    expect(mail.body).toContain(`1. ${HOSTILE}: $9,999.99`);
    expect(mail.body).toContain('…and 1,995 more books in the Books tab.');
    expect(TOP_BOOKS).toBe(5);
    expect(mail.body.split('\n').filter((l) => /^\d+\. /.test(l))).toHaveLength(TOP_BOOKS);
    expect(mail.htmlBody.length).toBeLessThan(12_000);
    expect(mail.body.length).toBeLessThan(4_000);
  });
});

describe('what is wrong', () => {
  it('comes first, and "problems" mail says so in the subject', () => {
    const problems = morningProblems({
      tabs: [
        { tab: 'books-report', sheetName: 'Books', rows: null, truncated: false, error: 'The API timed out' },
        { tab: 'kenp', sheetName: 'KENP', rows: 3, truncated: true, error: null },
        { tab: 'summary', sheetName: 'Summary', rows: 8, truncated: false, error: null },
      ],
      checksThatDoNotAddUp: ['The Books rows add up to $10.00 but the Summary says $12.00'],
      platforms: ['KDP is disconnected: reconnect it in your royalties account.'],
    });
    expect(problems).toEqual([
      'Books was not refreshed: The API timed out.',
      'KENP may be incomplete: Some rows could not be read, so these figures may be too low. Choose a shorter period.',
      'The Books rows add up to $10.00 but the Summary says $12.00.',
      'KDP is disconnected: reconnect it in your royalties account.',
    ]);
    const mail = composeMorningEmail(report({ problems }));
    expect(mail.subject).toBe('Royalties: 4 things to look at · My royalties');
    expect(mail.body.indexOf('Needs your attention')).toBeLessThan(mail.body.indexOf('Royalties: $'));
  });

  it('names disconnected and stale platforms from the account response', () => {
    const account = {
      ok: true as const,
      data: {
        platforms: [
          { platform_id: 'kdp', name: 'KDP', connected: false },
          { platform_id: 'd2d', name: HOSTILE, connected: true, covered_through: '2026-11-10' },
          { platform_id: 'ok', name: 'Fine', connected: true, covered_through: '2026-11-20' },
        ],
      },
    };
    expect(platformProblems(account, Date.parse('2026-11-21T05:00:00Z'))).toEqual([
      'KDP is disconnected: reconnect it in your royalties account.',
      `${HOSTILE}'s figures are out of date (data through 2026-11-10).`,
    ]);
  });

  it('a night that could not run has no figures, only why', () => {
    const problems = morningProblems({ night: 'The nightly refresh failed: No API key is saved for you' });
    const mail = composeMorningEmail(report({ figures: null, problems }));
    expect(mail.body).toContain('- The nightly refresh failed: No API key is saved for you.');
    expect(mail.body).not.toContain('Top books');
    expect(mail.body).toContain('Open the spreadsheet: https://docs.google.com/spreadsheets/d/abc/edit');
  });
});

describe('hostile text', () => {
  it('stays text in the HTML, and the subject stays one line', () => {
    const books = { ...ENVELOPE, rows: [{ book_id: 'b', title: HOSTILE, royalties: 5 }] };
    const mail = composeMorningEmail(
      report({
        spreadsheetName: 'Sheet\r\nBcc: someone@example.com',
        figures: morningFigures(firstRound({ 'books-report': books }), []),
        problems: [`${HOSTILE} failed`],
      }),
    );
    expect(mail.htmlBody).not.toContain('<img');
    expect(mail.htmlBody).not.toContain('"alert');
    expect(mail.htmlBody).toContain('&#60;img src=x onerror=&#34;alert(1)&#34;&#62;&#38;amp;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('Royalties: 1 thing to look at · Sheet Bcc: someone@example.com');
    expect(mail.body).toContain(`1. ${HOSTILE}: $5.00`);
  });
});
