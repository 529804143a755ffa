// The clasp commands setup runs: `clasp` as found on the PATH (npm run puts node_modules/.bin first; the
// tests put a fake there, since nothing here may talk to Google).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface ClaspRun {
  readonly ok: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

/** Thrown when there is no clasp to run at all. */
export class ClaspMissing extends Error {}

export function clasp(args: readonly string[], cwd: string): ClaspRun {
  const result = spawnSync('clasp', args, { cwd, encoding: 'utf8' });
  if (result.error) {
    if ((result.error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ClaspMissing('clasp was not found: run `npm install` first, then `npm run setup`.');
    throw result.error;
  }
  return { ok: result.status === 0, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/** What clasp said when it failed: its last lines, for the user to read. */
export function claspSaid(run: ClaspRun): string {
  const text = `${run.stderr}\n${run.stdout}`.trim();
  return text.split('\n').slice(-3).join(' ').trim() || 'no message';
}

/** Whether clasp holds a Google login (`clasp show-authorized-user --json`). */
export function claspLoggedIn(cwd: string): boolean {
  const run = clasp(['show-authorized-user', '--json'], cwd);
  if (!run.ok) return false;
  try {
    return (JSON.parse(run.stdout) as { loggedIn?: unknown }).loggedIn === true;
  } catch {
    return false;
  }
}

interface CreatedSpreadsheet {
  readonly scriptId: string;
  readonly parentId: string;
}

/** `clasp create-script --type sheets`: a new spreadsheet with its bound script. Run in a folder of its own, so
 * clasp's .clasp.json and the files it pulls never touch the project's until the push has worked. */
export function createSpreadsheet(title: string): CreatedSpreadsheet | { error: string } {
  const scratch = mkdtempSync(path.join(tmpdir(), 'royalties-setup-'));
  try {
    const run = clasp(
      ['create-script', '--type', 'sheets', '--title', title, '--rootDir', 'dist', '--json'],
      scratch,
    );
    if (!run.ok) return { error: claspSaid(run) };
    const start = run.stdout.indexOf('{');
    const made = JSON.parse(run.stdout.slice(start)) as { scriptId?: unknown; parentId?: unknown };
    if (typeof made.scriptId !== 'string' || typeof made.parentId !== 'string')
      return { error: `clasp did not say which script it created: ${run.stdout.trim().slice(0, 200)}` };
    return { scriptId: made.scriptId, parentId: made.parentId };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
