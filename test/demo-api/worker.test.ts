// startDemoApiInWorker gives the same handle as startDemoApi, with the server in a worker thread: from
// vitest and from the tsx CLI. And the `npm run demo-api` CLI prints its address and key and stops cleanly.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoApiHandle, startDemoApi, startDemoApiInWorker } from '../../local/demo-api/index.ts';
import { at, get, ok, TODAY } from './support.ts';
import { exitCode, outputUntil, runTsx } from './support-process.ts';

let inWorker: DemoApiHandle;
let inThread: DemoApiHandle;
beforeAll(async () => {
  [inWorker, inThread] = await Promise.all([
    startDemoApiInWorker({ today: TODAY, rowReadCap: 2_000 }),
    startDemoApi({ today: TODAY, rowReadCap: 2_000 }),
  ]);
});
afterAll(async () => {
  await inWorker.stop();
  await inThread.stop();
});

describe('startDemoApiInWorker', () => {
  it('has the same handle as startDemoApi', () => {
    expect(Object.keys(inWorker).sort()).toEqual(Object.keys(inThread).sort());
    expect(inWorker.baseUrl).toBe(`${inWorker.origin}/v1`);
    expect(inWorker.origin).toBe(`http://127.0.0.1:${inWorker.port}`);
    expect(inWorker.demoKey).toBe(inThread.demoKey);
  });

  it('serves the same bytes for the same request', async () => {
    for (const path of ['/summary?range=last_90_days', '/reports/marketplaces?currency=JPY', '/series']) {
      expect((await get(inWorker, path)).text).toBe((await get(inThread, path)).text);
    }
  });

  it('takes faults, dangerous data and the request log through messages', async () => {
    await inWorker.clearRequests();
    await inWorker.setFaults('/summary', { statuses: [{ status: 429, retryAfter: 2 }] });
    const limited = await get(inWorker, '/summary');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '2']);
    await inWorker.setFaults('/account', { body: 'html-502' });
    expect((await get(inWorker, '/account')).status).toBe(502);
    await inWorker.clearFaults();
    expect((await get(inWorker, '/account')).status).toBe(200);
    await inWorker.setDangerousData(true);
    const books = await ok(inWorker, '/books');
    expect(String(at(books, 'books.0.title'))).toMatch(/^=/);
    await inWorker.setDangerousData(false);
    const log = await inWorker.requests();
    expect(log.map((entry) => [entry.path, entry.status])).toEqual([
      ['/summary', 429],
      ['/account', 502],
      ['/account', 200],
      ['/books', 200],
    ]);
    await expect(inWorker.setFaults('no-slash', {})).rejects.toThrow(/start with/);
  });

  it('rejects when the server cannot start, and stops cleanly', async () => {
    await expect(startDemoApiInWorker({ today: 'yesterday' })).rejects.toThrow(/today/);
    const taken = await startDemoApiInWorker({ today: TODAY });
    await expect(startDemoApiInWorker({ port: taken.port })).rejects.toThrow(/EADDRINUSE/);
    await taken.stop();
    await taken.stop();
    await expect(fetch(`${taken.baseUrl}/account`)).rejects.toThrow();
    await expect(taken.requests()).rejects.toThrow(/stopped/);
  });

  it('works when started from the tsx CLI (as `npx tsx` runs a script)', async () => {
    const child = runTsx(['test/demo-api/fixtures/worker-under-tsx.ts']);
    const output = await outputUntil(child, '}');
    expect(JSON.parse(output.trim())).toEqual({ status: 200, isDemo: true });
    expect(await exitCode(child)).toBe(0);
  });

  it('does not keep a process alive that forgot to stop it', async () => {
    const child = runTsx(['test/demo-api/fixtures/worker-not-stopped.ts']);
    const output = await outputUntil(child, '}');
    expect(JSON.parse(output.trim())).toEqual({ status: 200, logged: 1 });
    expect(await exitCode(child)).toBe(0);
  });
});

describe('npm run demo-api (local/demo-api/cli.ts)', () => {
  it('prints the base URL and the demo key, serves, and stops on SIGTERM', async () => {
    const child = runTsx(['local/demo-api/cli.ts', '--port', '0', '--today', TODAY, '--row-read-cap', '100']);
    const output = await outputUntil(child, 'Demo key:');
    const baseUrl = /listening on (\S+)/.exec(output)?.[1] ?? '';
    const key = /Demo key: (\S+)/.exec(`${output}\n`)?.[1] ?? '';
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const response = await fetch(`${baseUrl}/summary`, { headers: { Authorization: `Bearer ${key}` } });
    const body: unknown = await response.json();
    expect(at(body, 'meta.truncated')).toBe(true);
    child.kill('SIGTERM');
    expect(await exitCode(child)).toBe(0);
  });

  it('prints a curl line that works as pasted: the key it printed, not a placeholder', async () => {
    const child = runTsx(['local/demo-api/cli.ts', '--port', '0', '--today', TODAY]);
    try {
      const output = await outputUntil(child, '/account\n');
      const line = /^Try: (curl .*)$/m.exec(output)?.[1] ?? '';
      const key = /Demo key: (\S+)/.exec(output)?.[1] ?? '';
      expect(line).toContain(key);
      const { stdout } = await promisify(execFile)('sh', ['-c', `${line} --silent --show-error`]);
      expect(at(JSON.parse(stdout), 'api_key.name')).toBeTruthy();
    } finally {
      child.kill('SIGTERM');
      await exitCode(child);
    }
  });

  it('refuses an unknown flag with a message naming the flags', async () => {
    const child = runTsx(['local/demo-api/cli.ts', '--colour']);
    expect(await exitCode(child)).toBe(1);
  });
});
