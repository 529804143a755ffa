// `npm run preview`'s own options: --help prints them and starts nothing; a port already taken is one line
// that says what to do (no stack trace, nothing built); a wrong option is refused in one line.
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';
import { startPreview } from '../../local/preview/server.ts';
import { runScript } from '../cli/run-cli.ts';
import { addOnDist } from '../support/bundles.ts';

const PREVIEW = path.join(ROOT, 'local/preview/main.ts');

let taken: net.Server;
let port: number;
beforeAll(async () => {
  taken = net.createServer().listen(0, '127.0.0.1');
  await once(taken, 'listening');
  port = (taken.address() as net.AddressInfo).port;
});
afterAll(() => {
  taken?.close();
});

// Each test starts the command with tsx (seconds on a busy machine).
describe('npm run preview', { timeout: 60_000 }, () => {
  it('--help prints every option and starts nothing', async () => {
    const run = await runScript(PREVIEW, ['--help'], { timeoutMs: 20_000 });
    expect(run.code).toBe(0);
    for (const option of ['--port N', '--latency MS', '--help']) expect(run.stdout).toContain(option);
    expect(run.stdout).not.toContain('Royalties preview:');
    expect(run.stderr).toBe('');
  });

  it('a port in use is one line that says what to do', async () => {
    const run = await runScript(PREVIEW, ['--port', String(port)], { timeoutMs: 20_000 });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `npm run preview: Port ${port} is in use (another preview still running?). Stop it, or choose another port: npm run preview -- --port ${port + 1}\n`,
    );
    expect(run.stdout).toBe('');
  });

  it('an unknown option or a port that is not a number is refused in one line', async () => {
    const unknown = await runScript(PREVIEW, ['--prot', '9000']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim().split('\n')).toEqual([
      'npm run preview: Unknown option --prot. Did you mean --port? Run `npm run preview -- --help` for the options.',
    ]);
    const word = await runScript(PREVIEW, ['--port', 'eighty']);
    expect(word.stderr.trim()).toBe(
      'npm run preview: --port takes a whole number from 0 to 65535, not eighty.',
    );
  });

  it('startPreview on a taken port fails with EADDRINUSE, for its caller to say', async () => {
    const error = await startPreview({ port, distDir: await addOnDist() }).catch((e: unknown) => e);
    expect((error as { code?: unknown }).code).toBe('EADDRINUSE');
  });
});
