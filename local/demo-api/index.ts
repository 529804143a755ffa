// The local demo API: a real HTTP server on loopback that behaves like the Author Royalties Reporting
// API (base path /v1, Bearer auth, eleven endpoints, deterministic figures) with fault injection.
// startDemoApi runs it in this thread; startDemoApiInWorker in a worker thread, for callers that block
// their own thread (the Apps Script emulator waits with Atomics.wait during UrlFetchApp calls).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_DEMO_KEY } from '../build/settings.ts';
import type { ComposedShape } from './composed-shapes.ts';
import type { PagingSpec } from './paging.ts';
import { type ServerSettings, startServer } from './server.ts';
import type { ResponseShape } from './shapes.ts';
import type { DemoApiHandle, DemoApiOptions, FaultSpec, RequestLogEntry, SettlingSpec } from './types.ts';
import type { WorkerCall, WorkerReply } from './worker.ts';

export { type ComposedShape, PLAIN_COMPOSED } from './composed-shapes.ts';
export { CURRENCIES, KENP_RATE_USD_PER_10K_PAGES } from './money.ts';
export {
  MORE_PAGING_STYLES,
  ODD_PAGING_STYLES,
  PAGING_STYLES,
  type PagingSpec,
  SIGNAL_PAGING_STYLES,
} from './paging.ts';
export { RANGES } from './periods.ts';
export { RESPONSE_SHAPES, type ResponseShape } from './shapes.ts';
export type * from './types.ts';

export function startDemoApi(options: DemoApiOptions = {}): Promise<DemoApiHandle> {
  return startServer({ ...options, demoKey: options.demoKey ?? DEFAULT_DEMO_KEY });
}

/**
 * The demo API in a worker thread, for a caller whose own thread blocks. Every demo API a process starts
 * this way lives in one worker, started with the first: a worker's start (tsx, the modules) takes about a
 * second, a server on it a few milliseconds.
 */
export async function startDemoApiInWorker(options: DemoApiOptions = {}): Promise<DemoApiHandle> {
  const host = workerHost();
  const settings: ServerSettings = { ...options, demoKey: options.demoKey ?? DEFAULT_DEMO_KEY };
  const { id: server, reply } = host.call<{ baseUrl: string; origin: string; port: number; demoKey: string }>(
    {
      method: 'start',
      args: [settings],
    },
  );
  const info = await reply;
  const call = <T>(method: Exclude<WorkerCall['method'], 'start'>, args: unknown[] = []): Promise<T> =>
    host.call<T>({ server, method, args }).reply;
  let stopped: Promise<void> | null = null;
  return {
    ...info,
    setFaults: (path: string, fault: FaultSpec) => call<void>('setFaults', [path, fault]),
    clearFaults: () => call<void>('clearFaults'),
    setDangerousData: (on: boolean) => call<void>('setDangerousData', [on]),
    setToday: (day: string) => call<void>('setToday', [day]),
    setSettling: (spec: SettlingSpec) => call<void>('setSettling', [spec]),
    setShape: (shape: ResponseShape | ComposedShape) => call<void>('setShape', [shape]),
    setPaging: (paging: PagingSpec | null) => call<void>('setPaging', [paging]),
    requests: () => call<RequestLogEntry[]>('requests'),
    clearRequests: () => call<void>('clearRequests'),
    stop: () => {
      stopped ??= host.exited ? Promise.resolve() : call<void>('stop');
      return stopped;
    },
  };
}

/** Each kind of call, less the id the host gives it. */
type WithoutId<C> = C extends unknown ? Omit<C, 'id'> : never;
type CallWithoutId = WithoutId<WorkerCall>;

interface WorkerHost {
  readonly exited: boolean;
  /** Posts `call` under a new id; `reply` settles with the worker's answer. */
  call<T>(call: CallWithoutId): { id: number; reply: Promise<T> };
}

let host: WorkerHost | null = null;

/** The process's demo API worker, started when first needed and again after one exited. */
function workerHost(): WorkerHost {
  if (host && !host.exited) return host;
  const worker = new Worker(bootstrapUrl());
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let exited = false;
  // The worker keeps the process alive only while a control call waits for its answer: a caller that
  // forgets stop() does not hang its test run, and an awaited call is never cut short.
  worker.unref();
  worker.on('message', (reply: WorkerReply) => {
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiter?.resolve(reply.result);
    else waiter?.reject(new Error(reply.message));
  });
  const fail = (error: Error) => {
    exited = true;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`demo API worker exited (code ${code})`)));
  const started: WorkerHost = {
    get exited() {
      return exited;
    },
    call<T>(call: CallWithoutId) {
      const id = nextId++;
      if (exited) return { id, reply: Promise.reject(new Error('demo API worker has stopped')) };
      worker.ref();
      const reply = new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: (value) => resolve(value as T), reject });
      });
      worker.postMessage({ ...call, id } as WorkerCall);
      return { id, reply };
    },
  };
  host = started;
  return started;
}

/**
 * The worker's entry. Worker threads do not inherit tsx's loader on Node 20, so when this file is
 * TypeScript the worker first registers tsx itself, then imports worker.ts.
 */
function bootstrapUrl(): URL {
  return typescriptWorkerUrl(new URL('./worker.ts', import.meta.url));
}

/** A worker entry that registers tsx, then imports the TypeScript module at `workerUrl` (also the preview's). */
export function typescriptWorkerUrl(workerUrl: URL): URL {
  const tsxApi = tsxEsmApiUrl();
  const code = [
    `const { register } = await import(${JSON.stringify(tsxApi)});`,
    'register();',
    `await import(${JSON.stringify(workerUrl.href)});`,
  ].join('\n');
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/** tsx's ESM register() entry, as tsx's own export map names it (require.resolve would pick its CJS twin). */
function tsxEsmApiUrl(): string {
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest: unknown = JSON.parse(readFileSync(packageJson, 'utf8'));
  const entry = (manifest as { exports?: Record<string, { import?: { default?: string } }> }).exports?.[
    './esm/api'
  ]?.import?.default;
  if (typeof entry !== 'string')
    throw new Error('tsx does not export ./esm/api: cannot run the demo API in a worker');
  return pathToFileURL(join(dirname(packageJson), entry)).href;
}
