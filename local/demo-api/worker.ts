// The worker thread's side of startDemoApiInWorker: starts servers and answers control calls (faults,
// log, stop) posted from the other thread. One worker hosts every demo API its process starts, each
// server named by the id of the call that started it. Control never travels over HTTP, so nothing
// under /v1 can reach it.

import { parentPort } from 'node:worker_threads';
import { type ServerSettings, startServer } from './server.ts';
import type { DemoApiHandle } from './types.ts';

export type WorkerCall =
  | { id: number; method: 'start'; args: [ServerSettings] }
  | {
      id: number;
      /** The id of the call that started the server. */
      server: number;
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
    };

export type WorkerReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string };

const port = parentPort;
if (port) {
  const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
  const servers = new Map<number, DemoApiHandle>();
  const perform = async (call: WorkerCall): Promise<unknown> => {
    if (call.method === 'start') {
      const handle = await startServer(call.args[0]);
      servers.set(call.id, handle);
      const { baseUrl, origin, port: httpPort, demoKey } = handle;
      return { baseUrl, origin, port: httpPort, demoKey };
    }
    const handle = servers.get(call.server);
    if (!handle) throw new Error('demo API has stopped');
    const method = handle[call.method] as (...args: unknown[]) => Promise<unknown>;
    const result = await method(...call.args);
    if (call.method === 'stop') servers.delete(call.server);
    return result;
  };
  port.on('message', async (call: WorkerCall) => {
    try {
      const result = await perform(call);
      port.postMessage({ id: call.id, ok: true, result } satisfies WorkerReply);
    } catch (error) {
      port.postMessage({ id: call.id, ok: false, message: messageOf(error) } satisfies WorkerReply);
    }
  });
}
