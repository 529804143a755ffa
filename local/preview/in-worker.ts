// The preview in a worker thread (worker.ts): its emulator blocks its own thread while a server call
// runs, as Apps Script's executions do, and this thread stays free meanwhile.
import { Worker } from 'node:worker_threads';
import type { FaultSpec, SettlingSpec } from '../demo-api/index.ts';
import { typescriptWorkerUrl } from '../demo-api/index.ts';
import type { RunOptions, TriggerInfo, UiRecord } from '../gas/index.ts';
import type { PreviewOptions } from './server.ts';
import type { PreviewOp, PreviewReady } from './worker.ts';

export interface RemotePreview {
  readonly url: string;
  readonly owner: string;
  readonly editors: readonly string[];
  run<T = unknown>(name: string, args?: unknown[], opts?: RunOptions): Promise<T>;
  setFaults(path: string, fault: FaultSpec): Promise<void>;
  /** The demo API's settling lag and revisions (a lag of a few days makes the connected platforms stale). */
  setSettling(spec: SettlingSpec): Promise<void>;
  /** Empties every emulated cache, so the add-on reads the API afresh (its responses are cached 15 min). */
  evictCaches(): Promise<void>;
  triggers(): Promise<TriggerInfo[]>;
  /** Fires a trigger in the worker; meanwhile the preview still answers the sidebar's HTTP (its polls). */
  runTrigger(id: string): Promise<unknown>;
  setDocumentProperty(key: string, value: string): Promise<void>;
  /** Every server call the sidebar made, in order. */
  calls(): Promise<Array<{ name: string; ok: boolean }>>;
  ui(): Promise<UiRecord>;
  now(): Promise<number>;
  /** A fresh preview in the same worker (the add-on as just installed: no key, no tab, no trigger, no
   * fault), at a new `url`: a fraction of a second, where a new worker costs seconds (it loads the
   * emulator's modules afresh). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startPreviewInWorker(options: PreviewOptions = {}): Promise<RemotePreview> {
  const worker = new Worker(typescriptWorkerUrl(new URL('./worker.ts', import.meta.url)), {
    workerData: options,
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let ready = await new Promise<PreviewReady>((resolve, reject) => {
    worker.on(
      'message',
      (msg: { ready?: never; id: number; ok: boolean; value?: unknown; message?: string }) => {
        if (msg.ready) return resolve(msg.ready);
        const waiter = pending.get(msg.id);
        pending.delete(msg.id);
        if (msg.ok) waiter?.resolve(msg.value);
        else waiter?.reject(new Error(msg.message));
      },
    );
    worker.on('error', reject);
  });
  const call = <T>(op: PreviewOp): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: (v) => resolve(v as T), reject });
      worker.postMessage({ id, op });
    });
  return {
    get url() {
      return ready.url;
    },
    get owner() {
      return ready.owner;
    },
    get editors() {
      return ready.editors;
    },
    run: (name, args = [], opts = {}) => call({ op: 'run', name, args, opts }),
    setFaults: (path, fault) => call({ op: 'setFaults', path, fault }),
    setSettling: (spec) => call({ op: 'setSettling', spec }),
    evictCaches: () => call({ op: 'evictCaches' }),
    triggers: () => call({ op: 'triggers' }),
    runTrigger: (id) => call({ op: 'runTrigger', id }),
    setDocumentProperty: (key, value) => call({ op: 'setDocument', key, value }),
    calls: () => call({ op: 'calls' }),
    ui: () => call({ op: 'ui' }),
    now: () => call({ op: 'now' }),
    async restart() {
      ready = await call<PreviewReady>({ op: 'restart' });
    },
    async close() {
      await call({ op: 'close' });
      await worker.terminate();
    },
  };
}
