// npm run coverage:check: after `npm run test:coverage`, prints the plain-input tests' coverage per layer
// of src/ and exits 1 when a layer fell below its floor (local/coverage/floor.json). `--raise` writes the
// floor up to what was measured (never down): commit it with the change that raised it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../build/build.ts';
import {
  belowFloor,
  coverageByLayer,
  coverageTable,
  type FileSummary,
  type Floor,
  raisedFloor,
} from './floor.ts';

const SUMMARY = path.join(ROOT, 'test-results/coverage/coverage-summary.json');
const FLOOR = path.join(ROOT, 'local/coverage/floor.json');

function main(args: readonly string[]): number {
  const summary = JSON.parse(readFileSync(SUMMARY, 'utf8')) as Record<string, FileSummary>;
  const floor = JSON.parse(readFileSync(FLOOR, 'utf8')) as Floor;
  const measured = coverageByLayer(summary, ROOT);
  process.stdout.write(`Coverage of src/ by the plain-input tests, per layer (floor in brackets):\n`);
  process.stdout.write(`${coverageTable(measured, floor)}\n`);
  const below = belowFloor(measured, floor);
  for (const line of below) process.stderr.write(`coverage: ${line}\n`);
  if (args.includes('--raise')) {
    writeFileSync(FLOOR, `${JSON.stringify(raisedFloor(measured, floor), null, 2)}\n`);
    process.stdout.write(`coverage: floor written to ${path.relative(ROOT, FLOOR)}\n`);
  }
  return below.length > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
