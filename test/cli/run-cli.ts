// Runs the real command as a child process: `node --import tsx local/cli/main.ts …`, from any folder.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../local/build/build.ts';

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const MAIN = path.join(ROOT, 'local/cli/main.ts');
const TSX = import.meta.resolve('tsx');

export function runCli(
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliRun> {
  return runScript(MAIN, args, options);
}

/** Any of the project's commands (`local/…/main.ts`), run the same way. */
export function runScript(
  script: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, script, ...args], {
      cwd: options.cwd ?? ROOT,
      // No key from the environment of whoever runs the tests, unless a test passes one.
      env: { ...process.env, ROYALTIES_API_KEY: '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A command that should have ended but serves on is stopped, not left behind.
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
