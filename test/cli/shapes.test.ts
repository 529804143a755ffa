// Acceptance: `npm start` against the same account served in other shapes writes a workbook
// with the same figures, exactly, in every tab; and a cut Summary is marked wherever its figures are
// printed. One demo API (its shape switched between runs), so one build for its address. Each run calls
// the command's own function in this process (local/cli/command.ts: the same streams, environment and exit
// code), which spares starting Node and tsx nine times; npm-start.test.ts runs it as a child process.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsFromEnv } from '../../local/build/settings.ts';
import { cacheDirFor } from '../../local/cli/dist.ts';
import { DEMO_TODAY } from '../../local/cli/run.ts';
import { CUT_FIGURE } from '../../local/cli/summary.ts';
import {
  type ComposedShape,
  type DemoApiHandle,
  PLAIN_COMPOSED,
  RESPONSE_SHAPES,
  type ResponseShape,
  startDemoApiInWorker,
} from '../../local/demo-api/index.ts';
import { TAB_CHOICES } from '../../src/core/tab-ids.ts';
import { sortedNumbers } from '../support/numbers.ts';
import { runCliHere } from './run-cli.ts';

let api: DemoApiHandle;
const dirs: string[] = [];

beforeAll(async () => {
  api = await startDemoApiInWorker({ today: DEMO_TODAY });
});
afterAll(async () => {
  await api?.stop();
  dirs.push(cacheDirFor({ apiBaseUrl: api.baseUrl, demoKey: settingsFromEnv().demoKey }));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** `npm start` against the demo API in `shape`: the figures of every sheet of the workbook, by sheet. */
async function figuresOf(
  shape: ResponseShape | ComposedShape,
  extra: readonly string[] = [],
): Promise<Map<string, number[]>> {
  await api.setShape(shape);
  const dir = mkdtempSync(path.join(tmpdir(), 'npm-start-shape-'));
  dirs.push(dir);
  const file = path.join(dir, `${typeof shape === 'string' ? shape : shape.kind}.xlsx`);
  const run = await runCliHere(['--api-url', api.baseUrl, '--key', api.demoKey, '--out', file, ...extra]);
  expect(run.code, run.stderr).toBe(0);
  const sheets = await readXlsxFile(readFileSync(file));
  // The Status tab's times differ from run to run; the reports must not.
  return new Map(
    sheets.filter((s) => s.sheet !== 'Royalties status').map((s) => [s.sheet, sortedNumbers(s.data)]),
  );
}

describe('npm start, the same account in other shapes', () => {
  let demo: Map<string, number[]>;
  beforeAll(async () => {
    demo = await figuresOf('demo');
  });
  afterAll(async () => {
    await api.setShape('demo');
  });

  it.each(RESPONSE_SHAPES.filter((s) => s !== 'demo'))(
    '%s: every tab has the same figures',
    async (shape) => {
      const reshaped = await figuresOf(shape);
      expect(demo.size).toBeGreaterThan(0);
      expect([...reshaped.keys()]).toEqual([...demo.keys()]);
      for (const [sheet, figures] of demo) {
        if (sheet !== 'Account') expect(figures.length, `${sheet} has figures`).toBeGreaterThan(0);
        expect(reshaped.get(sheet), `${sheet} in the ${shape} shape`).toEqual(figures);
      }
    },
  );
});

describe('npm start, reports in pages and a timeline keyed by day', () => {
  afterAll(async () => {
    await api.setShape('demo');
    await api.setPaging(null);
  });

  // The history's first refresh asks for the longest period, over 20 pages of 5 days: left out here (the
  // page limit is test/tabs/pages.test.ts's); the dashboard then reads no ledger in either run.
  const tabs = ['--tabs', TAB_CHOICES.filter((t) => t !== 'history').join(',')];

  it('writes every tab, the dashboard included, with the same figures as one page each', async () => {
    const demo = await figuresOf('demo', tabs);
    await api.setPaging({ size: 5, style: 'cursor' });
    const paged = await figuresOf({ ...PLAIN_COMPOSED, daysAsKeys: true }, tabs);
    expect([...paged.keys()]).toEqual([...demo.keys()]);
    expect(demo.get('Royalties dashboard')?.length, 'the dashboard has figures').toBeGreaterThan(0);
    for (const [sheet, figures] of demo) expect(paged.get(sheet), sheet).toEqual(figures);
  });
});

describe('npm start with a cut Summary', () => {
  afterAll(async () => {
    await api.clearFaults();
  });

  it('marks each printed total as possibly too low, and counts the cut tabs in the Status tab', async () => {
    await api.setFaults('/summary', { truncated: true });
    await api.setFaults('/kenp', { truncated: true });
    const dir = mkdtempSync(path.join(tmpdir(), 'npm-start-cut-'));
    dirs.push(dir);
    const file = path.join(dir, 'cut.xlsx');
    const run = await runCliHere(['--api-url', api.baseUrl, '--key', api.demoKey, '--out', file]);
    expect(run.code, run.stderr).toBe(0);
    for (const label of ['Royalties', 'Ad spend', 'Net profit']) {
      const line = run.stdout.split('\n').find((l) => l.startsWith(label));
      expect(line, `${label} line`).toContain(CUT_FIGURE);
    }
    const status = (await readXlsxFile(readFileSync(file))).find((s) => s.sheet === 'Royalties status');
    const first = String(status?.data[0]?.[0] ?? '');
    // Summary, KENP and the dashboard, which reads both.
    expect(first).toContain('(3 truncated: figures may be too low)');
    expect(first).toContain('(npm start)');
  });
});
