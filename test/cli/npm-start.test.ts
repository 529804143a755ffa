// Acceptance: the real command. Against the local demo account it writes a workbook with every tab and the
// API's figures (checked against direct GETs to a demo API pinned to the same day); against another API it
// compiles that URL in and uses the key given; bad input exits non-zero with its message and leaves no file.
// The key never reaches stdout, stderr or the workbook.
// Two runs are a child process, as a user runs it (the default run from a folder of its own, and an unknown
// option's exit code); the others call the command's own function in this process (local/cli/command.ts,
// the same streams, environment and exit code), which spares starting Node and tsx for each.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';
import { settingsFromEnv } from '../../local/build/settings.ts';
import { fitText } from '../../local/cli/cells.ts';
import { WORKBOOK_CHARTS_NOTE } from '../../local/cli/dashboard-note.ts';
import { cacheDirFor } from '../../local/cli/dist.ts';
import { DEMO_TODAY } from '../../local/cli/run.ts';
import { money } from '../../local/cli/summary.ts';
import { KEY_ENV, terminalWords } from '../../local/cli/words.ts';
import { type DemoApiHandle, startDemoApiInWorker } from '../../local/demo-api/index.ts';
import { DASHBOARD_PICTURE_SOURCE, pageDigestLine } from '../../local/docs/pictures.ts';
import { columnLetters } from '../../local/gas/spreadsheet/a1.ts';
import { CHARTS_NOTE_ROW, WHAT_IF_ROW, WHAT_IF_TITLE } from '../../src/core/dashboard/index.ts';
import { ENDPOINT_IDS, ENDPOINTS, type EndpointId } from '../../src/core/endpoints.ts';
import { tabsToWrite } from '../../src/core/refresh/index.ts';
import { toReportTable } from '../../src/core/report/index.ts';
import { DEFAULT_SETTINGS, normaliseCurrency } from '../../src/core/settings.ts';
import { TAB_CHOICES, tabTitle, yearTabId } from '../../src/core/tab-ids.ts';
import { BANNER_BACKGROUND, moneyFormat } from '../../src/core/tabs/index.ts';
import { type CliRun, runCli, runCliHere } from './run-cli.ts';
import { inspectXlsx } from './xlsx-inspect.ts';

const DASHBOARD_TITLE = tabTitle('dashboard');
const STATUS_TITLE = tabTitle('status');

type Row = unknown[];
type Workbook = Map<string, Row[]>;

/** Port 9 (discard): nothing listens on loopback there. */
const UNREACHABLE = 'http://127.0.0.1:9/v1';
const SECRET = `rfs_live_${randomBytes(12).toString('hex')}`;
let api: DemoApiHandle;
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'npm-start-'));
  dirs.push(dir);
  return dir;
}

async function workbook(file: string): Promise<Workbook> {
  const sheets = await readXlsxFile(readFileSync(file));
  return new Map(sheets.map((s) => [s.sheet, s.data as Row[]]));
}

/** A GET straight to the demo API, as the add-on's figures must match it. */
async function get(
  endpointPath: string,
  query: Record<string, string> = {},
  key = api.demoKey,
): Promise<unknown> {
  const url = `${api.baseUrl}${endpointPath}?${new URLSearchParams(query)}`;
  const response = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  return response.json();
}

/** Data rows of a tab: below the banner and the headers, not blank. */
function dataRows(rows: Row[]): Row[] {
  return rows.slice(2).filter((row) => row.some((cell) => cell !== null && cell !== ''));
}

/** The Summary tab's Metric/Value rows by key. */
function summaryValues(rows: Row[]): Map<string, unknown> {
  const header = rows[1] ?? [];
  const key = header.indexOf('Field');
  const value = header.indexOf('Value');
  return new Map(dataRows(rows).map((row) => [String(row[key]), row[value]]));
}

/** The key in neither stream, nor in the workbook when one was written. */
function expectNoKey(run: CliRun, key: string, workbookFile?: string): void {
  expect(run.stdout).not.toContain(key);
  expect(run.stderr).not.toContain(key);
  if (workbookFile !== undefined) expect(inspectXlsx(readFileSync(workbookFile)).allText).not.toContain(key);
}

function expectNothingWritten(dir: string): void {
  expect(readdirSync(dir)).toEqual([]);
}

beforeAll(async () => {
  api = await startDemoApiInWorker({
    today: DEMO_TODAY,
    accounts: [{ key: SECRET, name: 'Spreadsheet export' }],
  });
});
afterAll(async () => {
  await api?.stop();
  // The builds for the addresses used here (a free port changes every run) are of no use afterwards.
  const { demoKey } = settingsFromEnv();
  for (const apiBaseUrl of [api.baseUrl, UNREACHABLE]) dirs.push(cacheDirFor({ apiBaseUrl, demoKey }));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm start against the local demo account', () => {
  let fresh: { run: CliRun; dir: string; book: Workbook };
  let json: { run: CliRun; file: string; book: Workbook };

  beforeAll(async () => {
    const freshDir = tempDir();
    const jsonFile = path.join(tempDir(), 'eur.xlsx');
    // As a newcomer runs it (a child process, from a folder of their own, default --out), and as a script
    // runs it (here, in this process, while the child runs).
    const child = runCli([], { cwd: freshDir });
    const scripted = await runCliHere([
      '--json',
      '--range',
      'last_90_days',
      '--currency',
      'eur',
      '--tabs',
      'summary,Books',
      '--out',
      jsonFile,
    ]);
    const plain = await child;
    expect(plain.stderr).not.toMatch(/Error|at .*\.ts:/);
    expect(plain.code).toBe(0);
    expect(scripted.code).toBe(0);
    fresh = { run: plain, dir: freshDir, book: await workbook(path.join(freshDir, 'royalties.xlsx')) };
    json = { run: scripted, file: jsonFile, book: await workbook(jsonFile) };
  });

  it('writes royalties.xlsx with a tab per report, the history, the years, the dashboard and the Status tab, and the dashboard page beside it', () => {
    // The workbook, the dashboard page, and the history and the alerts told kept for the next run.
    expect(readdirSync(fresh.dir).sort()).toEqual([
      'royalties-dashboard.html',
      'royalties.xlsx',
      'royalties.xlsx.alerts.json',
      'royalties.xlsx.history.json',
    ]);
    expect(readFileSync(path.join(fresh.dir, 'royalties.xlsx.alerts.json'), 'utf8')).not.toContain(
      api.demoKey,
    );
    expectNoKey(fresh.run, api.demoKey, path.join(fresh.dir, 'royalties.xlsx'));
    const page = readFileSync(path.join(fresh.dir, 'royalties-dashboard.html'), 'utf8');
    expect(page).not.toContain(api.demoKey);
    // Self-contained: no script and nothing fetched when it is opened.
    expect(page).not.toMatch(/<script|src=|href="(?!data:)/i);
    expect(page.match(/<svg /g)).toHaveLength(6);
    const expected = [
      ...ENDPOINT_IDS.map((id) => ENDPOINTS[id].title),
      'Royalties history',
      'Royalties by month',
      // The year's choice: a tab for the demo's year and one for the year before.
      ...[0, 1].map((back) => tabTitle(yearTabId(Number(DEMO_TODAY.slice(0, 4)) - back))),
      DASHBOARD_TITLE,
      STATUS_TITLE,
    ];
    expect([...fresh.book.keys()].sort()).toEqual(expected.sort());
  });

  it('docs/dashboard.png was drawn from the page npm start writes now (else: npm run docs:pictures)', () => {
    const page = readFileSync(path.join(fresh.dir, 'royalties-dashboard.html'), 'utf8');
    expect(
      readFileSync(DASHBOARD_PICTURE_SOURCE, 'utf8'),
      'docs/dashboard.png shows another page than npm start draws: run npm run docs:pictures',
    ).toBe(pageDigestLine(page));
  });

  it('says where the dashboard’s charts are: on its tab in the workbook and in the last line printed', () => {
    const dashboard = fresh.book.get(DASHBOARD_TITLE) ?? [];
    expect(dashboard[CHARTS_NOTE_ROW - 1]?.[0]).toBe(WORKBOOK_CHARTS_NOTE);
    expect(fresh.run.stdout.trimEnd().split('\n').at(-1)).toBe(
      "The dashboard's charts are in royalties-dashboard.html (the workbook holds their figures, not the charts).",
    );
    // Without the dashboard there is no such line.
    expect(json.run.stdout).not.toContain('charts are in');
  });

  it('keeps the what-if KENP estimates formulas over the rate cell in the workbook, with the rate a number', () => {
    const { sheets } = inspectXlsx(readFileSync(path.join(fresh.dir, 'royalties.xlsx')));
    const sheet = sheets.find((s) => s.name === DASHBOARD_TITLE)!;
    const rows = fresh.book.get(DASHBOARD_TITLE) ?? [];
    const rateRow = WHAT_IF_ROW + 2;
    expect(rows[WHAT_IF_ROW - 1]?.[0]).toBe(WHAT_IF_TITLE);
    expect(typeof rows[rateRow - 1]?.[1]).toBe('number');
    expect(sheet.style(`B${rateRow}`)?.numberFormat).toBe('"$"0.000000');
    const bookRows = rows.slice(rateRow - 1).findIndex((r) => r[0] === null || r[0] === '');
    expect(bookRows).toBeGreaterThan(2);
    for (let i = 0; i < bookRows; i++) {
      const r = rateRow + i;
      expect(sheet.formula(`D${r}`)?.replace(/^=/, ''), `D${r}`).toBe(
        `IFERROR(C${r}*$B$${rateRow},"missing")`,
      );
    }
    expect(sheet.style(`D${rateRow}`)?.numberFormat).toBe(moneyFormat('USD'));
  });

  it('shows the month view’s counts as whole numbers and its Status, read back from the workbook', () => {
    const { sheets } = inspectXlsx(readFileSync(path.join(fresh.dir, 'royalties.xlsx')));
    const months = fresh.book.get('Royalties by month') ?? [];
    const headers = months[1] ?? [];
    expect(headers[1]).toBe('Status');
    const sheet = sheets.find((s) => s.name === 'Royalties by month')!;
    const data = dataRows(months);
    expect(data.length).toBeGreaterThan(0);
    for (const label of ['Units sold', 'KENP pages read', 'Free downloads']) {
      const c = headers.indexOf(label);
      expect(c, label).toBeGreaterThan(0);
      expect(sheet.style(`${columnLetters(c + 1)}3`)?.numberFormat, label).toBe('#,##0');
      for (const row of data) expect(Number.isInteger(row[c]), label).toBe(true);
    }
    // Money before the counts.
    expect(headers.indexOf('Royalties (USD)')).toBeLessThan(headers.indexOf('Units sold'));
    const status = dataRows(months).map((row) => String(row[1]));
    expect(status.at(-1)).toMatch(/^estimated, partial \(\d+ of \d+ days\)$/);
  });

  it('puts the API figures in the Summary tab, to the cent', async () => {
    const response = (await get('/summary', { range: 'last_30_days' })) as { totals: Record<string, number> };
    const values = summaryValues(fresh.book.get('Summary') ?? []);
    expect(Object.keys(response.totals).length).toBeGreaterThan(0);
    for (const [key, value] of Object.entries(response.totals))
      expect(values.get(`totals.${key}`)).toBe(value);
  });

  it('puts every row of every report in its tab', async () => {
    for (const id of ENDPOINT_IDS.filter((e) => e !== 'account' && e !== 'read-through' && e !== 'summary')) {
      const response = await get(ENDPOINTS[id].path, { range: 'last_30_days' });
      const table = toReportTable(response, id as EndpointId);
      const rows = dataRows(fresh.book.get(ENDPOINTS[id].title) ?? []);
      expect(rows.length, ENDPOINTS[id].title).toBe(table.rows.length);
    }
    // Book by book, the royalties add up to the summary's.
    const summary = (await get('/summary', { range: 'last_30_days' })) as { totals: { royalties: number } };
    const books = fresh.book.get('Books') ?? [];
    const column = (books[1] ?? []).indexOf('Royalties');
    const total = dataRows(books).reduce((sum, row) => sum + Number(row[column]), 0);
    expect(Math.round(total * 100)).toBe(Math.round(summary.totals.royalties * 100));
    // Every series' read-through rows, in one tab.
    const series = toReportTable(await get('/series', { range: 'last_30_days' }), 'series');
    expect(dataRows(fresh.book.get('Read-through') ?? []).length).toBeGreaterThanOrEqual(series.rows.length);
  });

  it('keeps the banner colour, bold headers, money formats and frozen rows', async () => {
    const { sheets } = inspectXlsx(readFileSync(path.join(fresh.dir, 'royalties.xlsx')));
    const summary = sheets.find((s) => s.name === 'Summary');
    expect(summary?.frozenRows).toBe(2);
    expect(summary?.style('A1')?.background).toBe(BANNER_BACKGROUND.normal);
    expect(summary?.style('B2')?.bold).toBe(true);
    const rows = fresh.book.get('Summary') ?? [];
    // Metric, Value, Field: the label first, the key a formula names last.
    const royaltiesRow = rows.findIndex((row) => row[2] === 'totals.royalties') + 1;
    expect(rows[1]).toEqual(['Metric', 'Value', 'Field']);
    expect(summary?.style(`B${royaltiesRow}`)?.numberFormat).toBe(moneyFormat('USD'));
    const reports = sheets.filter((s) => s.name !== STATUS_TITLE);
    expect(reports.length).toBeGreaterThan(0);
    for (const sheet of reports) expect(sheet.frozenRows, sheet.name).toBe(2);
  });

  it('prints the account, period, currency, figures and rows per tab, as docs/local.md shows', async () => {
    const response = (await get('/summary', { range: 'last_30_days' })) as {
      totals: Record<string, number>;
      period: { start: string; end: string };
      currency: string;
    };
    const out = fresh.run.stdout;
    expect(out).toContain(`${response.period.start} to ${response.period.end}`);
    expect(out).toContain(money(response.totals.royalties ?? null, response.currency));
    expect(out).toContain(money(response.totals.ad_spend ?? null, response.currency));
    expect(out).toContain(money(response.totals.net_profit ?? null, response.currency));
    expect(fresh.run.stderr).toContain('Refreshing');
    // docs/local.md shows the terminal of a fresh clone: npm's header, the progress, then exactly this.
    const page = readFileSync(path.join(ROOT, 'docs/local.md'), 'utf8');
    const block = /```text\n\$ npm start\n([\s\S]*?)```/.exec(page)?.[1] ?? '';
    expect(block.endsWith(out), 'docs/local.md shows what npm start prints').toBe(true);
    // Progress lines (on stderr), except "Built…", which only a stale or missing dist/ prints, and the
    // indented lines read while the refresh runs, which depend on how fast this machine is.
    const progress = (text: string) =>
      text.split('\n').filter((l) => l && !/^(>|Built |npm warn| {2})/.test(l));
    // The year's choice writes a tab for this year and one for last.
    const n = tabsToWrite({ ...DEFAULT_SETTINGS, tabs: TAB_CHOICES });
    expect(fresh.run.stderr).toMatch(
      new RegExp(`^ {2}${n} of ${n} tabs written in (?:\\d+ s|under a second)$`, 'm'),
    );
    expect(progress(block.slice(0, -out.length))).toEqual(progress(fresh.run.stderr));
  });

  it('--json prints one JSON object with the figures of the range and currency asked for', async () => {
    const result = JSON.parse(json.run.stdout) as {
      ok: boolean;
      currency: string;
      figures: { royalties: number; adSpend: number; netProfit: number; truncated: boolean };
      tabs: Array<{ tab: string }>;
    };
    const response = (await get('/summary', { range: 'last_90_days', currency: 'EUR' })) as {
      totals: Record<string, number>;
    };
    expect(result.ok).toBe(true);
    expect(result.currency).toBe('EUR');
    expect(result.figures).toEqual({
      royalties: response.totals.royalties,
      adSpend: response.totals.ad_spend,
      netProfit: response.totals.net_profit,
      truncated: false,
    });
    expect(result.tabs.map((t) => t.tab)).toEqual(['summary', 'books-report']);
    expect([...json.book.keys()].sort()).toEqual(['Books', STATUS_TITLE, 'Summary'].sort());
    expect(json.run.stderr).toContain('Refreshing');
  });
});

describe('npm start against another API (--api-url) with a key of its own', () => {
  afterAll(async () => {
    await api.clearFaults();
    await api.setDangerousData(false);
  });

  it('uses the key, reports truncated and failed tabs, exits 2, and never shows the key', async () => {
    await api.setFaults('/kenp', { body: 'html-502' });
    await api.setFaults('/reports/books', { truncated: true });
    await api.setDangerousData(true);
    const dir = tempDir();
    const file = path.join(dir, 'mine.xlsx');
    const run = await runCliHere(['--api-url', api.baseUrl, '--out', file, '--json'], {
      env: { ROYALTIES_API_KEY: SECRET },
    });
    expect(run.code).toBe(2);
    const result = JSON.parse(run.stdout) as {
      account: { isDemo: boolean; keyName: string };
      warnings: string[];
    };
    expect(result.account).toMatchObject({ isDemo: false, keyName: 'Spreadsheet export' });
    expect(result.warnings).toContainEqual(expect.stringMatching(/^Books:.*too low/s));
    expect(result.warnings).toContainEqual(expect.stringMatching(/^KENP: not refreshed/));
    // The dashboard page is written beside the workbook, named after it, even when its tab shows the
    // failed banner.
    expect(readdirSync(dir).sort()).toEqual([
      'mine-dashboard.html',
      'mine.xlsx',
      'mine.xlsx.alerts.json',
      'mine.xlsx.history.json',
    ]);
    // The figures came from the account of this key, through the URL compiled into the build.
    const summary = (await get('/summary', { range: 'last_30_days' }, SECRET)) as {
      totals: Record<string, number>;
    };
    const values = summaryValues((await workbook(file)).get('Summary') ?? []);
    expect(values.get('totals.royalties')).toBe(summary.totals.royalties);
    const requests = await api.requests();
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.keyInUrl)).toEqual([]);
    // Titles crafted to be formulas, numbers or dates arrive as the exact text (cut to Excel's cell limit).
    const books = (await get('/reports/books', { range: 'last_30_days' }, SECRET)) as {
      rows: Array<{ title: string }>;
    };
    const sheet = (await workbook(file)).get('Books') ?? [];
    const title = (sheet[1] ?? []).indexOf('Title');
    expect(dataRows(sheet).map((row) => row[title])).toEqual(books.rows.map((b) => fitText(b.title)));
    expect(books.rows.map((b) => b.title)).toContainEqual(expect.stringMatching(/^=/));
    expect(inspectXlsx(readFileSync(file)).allText).not.toContain('<f>');
    expectNoKey(run, SECRET, file);
    expect(readFileSync(`${file}.history.json`, 'utf8')).not.toContain(SECRET);
  });

  it('refuses a key the API does not accept with the add-on message, and writes nothing', async () => {
    const refused = `rfs_live_${randomBytes(12).toString('hex')}`;
    const dir = tempDir();
    const run = await runCliHere([
      '--api-url',
      api.baseUrl,
      '--key',
      refused,
      '--out',
      path.join(dir, 'x.xlsx'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('refused the API key (401)');
    // The add-on's advice in the terminal's words: where a key goes here, not the sidebar.
    expect(run.stderr).toContain(`pass it in ${KEY_ENV} (or --key)`);
    expect(run.stderr).toContain('or leave out --api-url to use the demo account.');
    expect(run.stderr).not.toMatch(/sidebar|paste it here/i);
    expectNothingWritten(dir);
    expectNoKey(run, refused);
  });

  it('refuses a key given without --api-url in words that fit: the local demo takes only its demo key', async () => {
    const refused = `rfs_live_${randomBytes(12).toString('hex')}`;
    const dir = tempDir();
    const run = await runCliHere(['--key', refused, '--out', path.join(dir, 'x.xlsx')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('refused the API key (401)');
    // No --api-url was given, so leaving it out cannot be the advice.
    expect(run.stderr).not.toContain('--api-url to use');
    expect(run.stderr).toContain(
      `give --api-url with the API's address and the key in ${KEY_ENV} (or --key), or leave out --key to use the demo account.`,
    );
    expect(run.stderr).not.toMatch(/sidebar|paste it here/i);
    expectNothingWritten(dir);
    expectNoKey(run, refused);
  });

  it('says it could not reach an address nobody answers, and writes nothing', async () => {
    const dir = tempDir();
    const run = await runCliHere([
      '--api-url',
      UNREACHABLE,
      '--key',
      SECRET,
      '--out',
      path.join(dir, 'x.xlsx'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/could not reach http:\/\/127\.0\.0\.1:9\/v1/i);
    // Said once, and for an address on this machine no talk of the internet connection.
    expect(run.stderr.match(/could not reach/gi)).toHaveLength(1);
    expect(run.stderr).not.toMatch(/internet/i);
    expect(run.stderr).toContain(
      'Nothing answers at that address on this machine: is the API server running',
    );
    expectNothingWritten(dir);
    expectNoKey(run, SECRET);
  });
});

describe('npm start with bad input', () => {
  it('refuses a currency with the message the add-on gives, before doing anything', async () => {
    const dir = tempDir();
    const run = await runCliHere(['--currency', '12', '--out', path.join(dir, 'x.xlsx'), '--json']);
    const message = (() => {
      try {
        normaliseCurrency('12');
      } catch (err) {
        return (err as Error).message;
      }
      return 'accepted';
    })();
    // The add-on's words, naming the option rather than the sidebar's field.
    const said = terminalWords(message);
    expect(said).toMatch(/^--currency "12" is not a currency code\. Use --currency /);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(said);
    expect(JSON.parse(run.stdout)).toEqual({ ok: false, error: said });
    expectNothingWritten(dir);
  });

  it('says why when the API refuses every report (a range it does not know), and writes nothing', async () => {
    const dir = tempDir();
    const range = 'last_99_days';
    const response = await fetch(`${api.baseUrl}/summary?range=${range}`, {
      headers: { Authorization: `Bearer ${api.demoKey}` },
    });
    const refusal = ((await response.json()) as { error: { message: string } }).error.message;
    const asked = async () => (await api.requests()).filter((r) => r.query.range === range).length;
    const before = await asked();
    const run = await runCliHere(
      ['--api-url', api.baseUrl, '--period', range, '--out', path.join(dir, 'x.xlsx')],
      {
        env: { ROYALTIES_API_KEY: SECRET },
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`The API refused --period ${range}: ${refusal}`);
    expect(run.stderr).not.toContain('--currency');
    expect(run.stderr).toContain('Nothing was written');
    // Asked once, not once per tab.
    expect((await asked()) - before).toBe(1);
    expectNothingWritten(dir);
  });

  it('says which tab failed first and why when every report fails (the API down), and writes nothing', async () => {
    const dir = tempDir();
    await api.setFaults('/summary', { body: 'html-502' });
    let run: CliRun;
    try {
      run = await runCliHere(
        ['--api-url', api.baseUrl, '--tabs', 'summary', '--out', path.join(dir, 'x.xlsx')],
        {
          env: { ROYALTIES_API_KEY: SECRET },
        },
      );
    } finally {
      await api.clearFaults();
    }
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Refreshing 1 tab…');
    // The add-on's own message for the tab, after the retries it allows.
    expect(run.stderr).toMatch(
      /No report could be refreshed \(1 tab failed\), so nothing was written\. The first, the Summary tab, failed with: The API answered 502 with a web page instead of data .*after \d+ attempts/,
    );
    expect(run.stderr).not.toMatch(/at .*\.ts:/);
    expectNothingWritten(dir);
    expectNoKey(run, SECRET);
  });

  it('names only the option the API refused: a currency alone, not the default period', async () => {
    const dir = tempDir();
    const run = await runCliHere(
      ['--api-url', api.baseUrl, '--currency', 'XYZ', '--tabs', 'summary', '--out', path.join(dir, 'x.xlsx')],
      { env: { ROYALTIES_API_KEY: SECRET } },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The API refused --currency XYZ:');
    expect(run.stderr).not.toContain('--period');
    expectNothingWritten(dir);
  });

  it('names an unknown option and points to --help', async () => {
    const dir = tempDir();
    // A child process: the exit code reaches the shell.
    const run = await runCli(['--bogus', '--out', path.join(dir, 'x.xlsx')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Unknown option --bogus');
    expect(run.stderr).toContain('--help');
    expect(run.stdout).toBe('');
    expectNothingWritten(dir);
  });

  it('--help lists every option and exits 0', async () => {
    const run = await runCliHere(['--help']);
    expect(run.code).toBe(0);
    for (const option of [
      '--api-url',
      '--key',
      '--range',
      '--currency',
      '--tabs',
      '--out',
      '--json',
      '--help',
    ]) {
      expect(run.stdout).toContain(option);
    }
  });
});
