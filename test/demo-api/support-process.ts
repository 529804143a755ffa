// Child processes for the tests that must run outside vitest: the tsx CLI, as `npx tsx` runs it.

import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');

export function runTsx(args: readonly string[]): ChildProcess {
  return spawn(process.execPath, [TSX_CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Resolves with the output so far once it contains `marker`; rejects if the process ends first. */
export function outputUntil(child: ChildProcess, marker: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(marker)) resolve(output);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('exit', (code) =>
      reject(new Error(`exited with ${code} before "${marker}": ${output}${errors}`)),
    );
  });
}

export function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}
