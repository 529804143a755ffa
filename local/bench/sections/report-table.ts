// Item 5: converting a 100,000-row response into a report table (toReportTable, imported directly).
// Each measurement runs in a child process so its peak memory is its own: one child converts, a control
// child only builds the same input; the difference of their peaks is what the conversion adds.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median } from '../measure.ts';
import type { ChildInput, ChildOutput } from '../report-table-child.ts';

const CHILD = fileURLToPath(new URL('../report-table-child.ts', import.meta.url));

export interface ReportTableFigures {
  readonly rows: number;
  readonly columns: number;
  readonly medianMs: number;
  readonly runs: number;
  /** Peak RSS of the converting process over the control's (which built the same input). */
  readonly peakAddedBytes: number;
  readonly peakRssBytes: number;
}

async function runChild(file: string): Promise<ChildOutput> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', CHILD, file],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ChildOutput;
}

export async function benchReportTable(
  template: ChildInput['template'],
  rows: number,
  runs: number,
): Promise<ReportTableFigures> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rfs-bench-table-'));
  try {
    const write = async (name: string, input: ChildInput) => {
      const file = path.join(dir, name);
      await writeFile(file, JSON.stringify(input));
      return file;
    };
    const control = await runChild(await write('control.json', { template, rows, runs: 0 }));
    const convert = await runChild(await write('convert.json', { template, rows, runs }));
    if (convert.rowsConverted !== rows)
      throw new Error(`toReportTable gave ${convert.rowsConverted} rows for ${rows}`);
    return {
      rows,
      columns: convert.columns,
      medianMs: median(convert.times),
      runs,
      peakAddedBytes: Math.max(0, convert.maxRssBytes - control.maxRssBytes),
      peakRssBytes: convert.maxRssBytes,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
