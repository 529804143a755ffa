// The worker thread's side of startDemoApiInWorker: starts the server and answers control calls
// (faults, log, stop) posted from the other thread. Control never travels over HTTP, so nothing
// under /v1 can reach it.

import { parentPort, workerData } from 'node:worker_threads';
import { type ServerSettings, startServer } from './server.ts';
import type { DemoApiHandle } from './types.ts';

export interface WorkerCall {
  id: number;
  method:
    | 'setFaults'
    | 'clearFaults'
    | 'setDangerousData'
    | 'setToday'
    | 'setSettling'
    | 'setShape'
    | 'setPaging'
    | 'requests'
    | 'clearRequests'
    | 'stop';
  args: unknown[];
}

export type WorkerReply =
  | { kind: 'ready'; info: { baseUrl: string; origin: string; port: number; demoKey: string } }
  | { kind: 'failed'; message: string }
  | { kind: 'result'; id: number; ok: true; result: unknown }
  | { kind: 'result'; id: number; ok: false; message: string };

const port = parentPort;
if (port) {
  const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
  let handle: DemoApiHandle;
  try {
    handle = await startServer(workerData as ServerSettings);
  } catch (error) {
    port.postMessage({ kind: 'failed', message: messageOf(error) } satisfies WorkerReply);
    throw error;
  }
  const { baseUrl, origin, port: httpPort, demoKey } = handle;
  port.postMessage({
    kind: 'ready',
    info: { baseUrl, origin, port: httpPort, demoKey },
  } satisfies WorkerReply);
  port.on('message', async (call: WorkerCall) => {
    try {
      const method = handle[call.method] as (...args: unknown[]) => Promise<unknown>;
      const result = await method(...call.args);
      port.postMessage({ kind: 'result', id: call.id, ok: true, result } satisfies WorkerReply);
    } catch (error) {
      port.postMessage({
        kind: 'result',
        id: call.id,
        ok: false,
        message: messageOf(error),
      } satisfies WorkerReply);
    }
  });
}
