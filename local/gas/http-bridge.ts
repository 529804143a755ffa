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

/**
 * The header of an informational (1xx) response by which a server says it will never answer the request:
 * the demo API's `hang` fault sends one. Heeded (EmulatorOptions.hangNotices), the request counts as
 * hanging at once instead of after `hangAfterMs` of real time: the same outcome and emulated time, without
 * the real wait. Real servers send no such header; clients that do not heed it ignore a 1xx.
 */
export const HANG_NOTICE_HEADER = 'x-never-answers';

/** How often a wait looks for other work (`whileWaiting`) when there is some to look for. */
const WAIT_SLICE_MS = 20;

/** Extra real time the main thread waits beyond the requests' own timeout before giving up on the worker. */
const WORKER_GRACE_MS = 5000;

export class HttpBridge {
  #worker: Worker | null = null;
  #port: MessagePort | null = null;
  readonly #signal = new Int32Array(new SharedArrayBuffer(4));
  #nextId = 1;
  /** Answers that arrived while a nested round (another execution's) was draining the port. */
  readonly #answers = new Map<number, WireResult[]>();
  readonly #waiting = new Set<number>();
  #inWaitHook = false;
  /** Executions waiting to start (Emulator.runConcurrently): one starts whenever a running one waits. */
  readonly #queued: Array<() => void> = [];
  /** Executions running now, one inside another's wait; at most `#limit`. */
  #running = 0;
  #limit = 1;

  /**
   * `whileWaiting` runs other work while this thread waits on the network: the preview serves another
   * server call there (each in its own execution), as Google runs a sidebar's calls side by side. A
   * script waiting on UrlFetchApp is where a real refresh spends nearly all its time.
   */
  constructor(
    readonly whileWaiting?: () => void,
    /** Whether a hang notice (HANG_NOTICE_HEADER) ends a request's wait at once. */
    readonly heedHangNotices = false,
  ) {}

  /**
   * Executions to run side by side, as Google runs a sidebar's google.script.run calls: the first starts
   * at once, each other one while a running one waits on the network, at most `limit` at a time; those
   * that never found a wait start as the others end. Each is a whole execution (its own context, clock
   * limit and answers); they share the world's stores, locks and clock.
   */
  runSideBySide(executions: ReadonlyArray<() => void>, limit: number): void {
    if (this.#running > 0) throw new Error('Executions side by side cannot be started from inside one.');
    this.#queued.push(...executions);
    this.#limit = limit;
    try {
      for (let next = this.#queued.shift(); next; next = this.#queued.shift()) this.#runOne(next);
    } finally {
      this.#queued.length = 0;
      this.#limit = 1;
    }
  }

  #runOne(execution: () => void): void {
    this.#running += 1;
    try {
      execution();
    } finally {
      this.#running -= 1;
    }
  }

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
  roundTrip(requests: WireRequest[], timeoutMs: number, onSlice?: () => void): WireResult[] {
    const port = this.#start();
    const id = this.#nextId++;
    port.postMessage({
      id,
      requests,
      timeoutMs,
      hangNotice: this.heedHangNotices ? HANG_NOTICE_HEADER : null,
    });
    this.#waiting.add(id);
    try {
      return this.#await(port, id, Date.now() + timeoutMs + WORKER_GRACE_MS, requests.length, onSlice);
    } finally {
      this.#waiting.delete(id);
      this.#answers.delete(id);
    }
  }

  #await(port: MessagePort, id: number, giveUpAt: number, count: number, onSlice?: () => void): WireResult[] {
    for (;;) {
      const seen = Atomics.load(this.#signal, 0);
      // Drain: answers to rounds still waited for are kept; those of abandoned rounds are dropped.
      for (let msg = receiveMessageOnPort(port); msg; msg = receiveMessageOnPort(port)) {
        const reply = msg.message as { id: number; results: WireResult[] };
        if (this.#waiting.has(reply.id)) this.#answers.set(reply.id, reply.results);
      }
      // Another execution starts while this one waits, before this one may take its answer: however fast
      // loopback answers (a hang notice comes at once), executions side by side overlap as on Google. This
      // wait resumes when it ends (or waits itself).
      const queued = this.#running < this.#limit ? this.#queued.shift() : undefined;
      if (queued) {
        onSlice?.();
        this.#runOne(queued);
        continue;
      }
      const answer = this.#answers.get(id);
      if (answer) return answer;
      const left = giveUpAt - Date.now();
      if (left <= 0) return Array.from({ length: count }, () => ({ error: 'timeout' as const }));
      if (this.whileWaiting && !this.#inWaitHook) {
        this.#inWaitHook = true;
        try {
          onSlice?.();
          this.whileWaiting();
        } finally {
          this.#inWaitHook = false;
        }
        Atomics.wait(this.#signal, 0, seen, Math.min(left, WAIT_SLICE_MS));
      } else {
        Atomics.wait(this.#signal, 0, seen, left);
      }
    }
  }

  close(): void {
    void this.#worker?.terminate();
    this.#port?.close();
    this.#worker = null;
    this.#port = null;
  }
}
