// Synchronous HTTP for UrlFetchApp: one long-lived worker thread (http-worker.mjs) performs each batch
// concurrently while this thread blocks in Atomics.wait, then reads the outcome with
// receiveMessageOnPort. The server called must live in another thread or process, or this deadlocks
// (docs/apps-script.md, "Synchronous HTTP in Node").
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';

export interface WireRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
  followRedirects: boolean;
}

export type WireResult =
  | { status: number; headers: Array<[string, string]>; body: Uint8Array }
  | { error: 'dns' | 'unavailable' | 'timeout' | 'invalid-url' | 'reset' };

/** Extra real time the main thread waits beyond the requests' own timeout before giving up on the worker. */
const WORKER_GRACE_MS = 5000;

export class HttpBridge {
  #worker: Worker | null = null;
  #port: MessagePort | null = null;
  readonly #signal = new Int32Array(new SharedArrayBuffer(4));
  #nextId = 1;

  #start(): MessagePort {
    if (this.#port) return this.#port;
    const { port1, port2 } = new MessageChannel();
    this.#worker = new Worker(new URL('./http-worker.mjs', import.meta.url), {
      workerData: { port: port2, signal: this.#signal },
      transferList: [port2],
    });
    this.#worker.unref();
    this.#port = port1;
    return port1;
  }

  /** Performs the requests concurrently and blocks until all have answered or `timeoutMs` (real) passed. */
  roundTrip(requests: WireRequest[], timeoutMs: number): WireResult[] {
    const port = this.#start();
    const id = this.#nextId++;
    port.postMessage({ id, requests, timeoutMs });
    const giveUpAt = Date.now() + timeoutMs + WORKER_GRACE_MS;
    for (;;) {
      const seen = Atomics.load(this.#signal, 0);
      // Drain: answers to earlier rounds that were abandoned are dropped.
      for (let msg = receiveMessageOnPort(port); msg; msg = receiveMessageOnPort(port)) {
        const reply = msg.message as { id: number; results: WireResult[] };
        if (reply.id === id) return reply.results;
      }
      const left = giveUpAt - Date.now();
      if (left <= 0) return requests.map(() => ({ error: 'timeout' }));
      Atomics.wait(this.#signal, 0, seen, left);
    }
  }

  close(): void {
    void this.#worker?.terminate();
    this.#port?.close();
    this.#worker = null;
    this.#port = null;
  }
}
