// Runs the real command as a child process: `node --import tsx local/cli/main.ts …`, from any folder; or
// the same command in this process (no Node and tsx to start), with the environment the child would get.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../local/build/build.ts';
import { main } from '../../local/cli/command.ts';

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

/** The command in this process, from this process's folder (give --out as an absolute path). */
export async function runCliHere(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: childEnv(options.env),
  });
  return { code, stdout, stderr };
}

/** No key from the environment of whoever runs the tests, unless a test passes one. */
function childEnv(env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, ROYALTIES_API_KEY: '', ...env };
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
      env: childEnv(options.env),
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
