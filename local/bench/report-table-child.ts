// Run by sections/report-table.ts in a process of its own, so its peak memory is this work's alone:
// builds a books report of N rows from a template response, then converts it `runs` times (0 runs: the
// control, whose peak is what building the input costs). Prints one JSON line.
import { readFileSync } from 'node:fs';
import { toReportTable } from '../../src/core/report/index.ts';

export interface ChildInput {
  /** A /reports/books response whose rows are repeated, each copy with a book id of its own. */
  readonly template: { readonly rows: ReadonlyArray<Record<string, unknown>> } & Record<string, unknown>;
  readonly rows: number;
  readonly runs: number;
}

export interface ChildOutput {
  readonly times: number[];
  readonly rowsConverted: number;
  readonly columns: number;
  /** Peak resident set size of the whole process, bytes. */
  readonly maxRssBytes: number;
}

const input = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as ChildInput;
const source = input.template.rows;
const body = {
  ...input.template,
  rows: Array.from({ length: input.rows }, (_, i) => ({ ...source[i % source.length], book_id: `bk_${i}` })),
};
const collect = (globalThis as { gc?: () => void }).gc;
const times: number[] = [];
let rowsConverted = 0;
let columns = 0;
for (let run = 0; run < input.runs; run++) {
  collect?.();
  const started = performance.now();
  const table = toReportTable(body, 'books-report');
  times.push(performance.now() - started);
  rowsConverted = table.rows.length;
  columns = table.columns.length;
}
const output: ChildOutput = {
  times,
  rowsConverted,
  columns,
  maxRssBytes: process.resourceUsage().maxRSS * 1024,
};
process.stdout.write(`${JSON.stringify(output)}\n`);
