// The HTTP side of UrlFetchApp (see http-bridge.ts). Runs in a worker thread: performs a batch of requests
// concurrently with node:http(s), posts the outcomes on the port, then wakes the blocked main thread
// through the shared counter. Plain JavaScript so it loads in any runner (tsx, vitest, node).
import http from 'node:http';
import https from 'node:https';
import { workerData } from 'node:worker_threads';

/** @type {{ port: import('node:worker_threads').MessagePort, signal: Int32Array }} */
const { port, signal } = workerData;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 10;

/**
 * @param {{ url: string, method: string, headers: Record<string, string>, body: Uint8Array | null, followRedirects: boolean }} req
 * @param {number} deadline real time (Date.now()) by which the request is abandoned
 * @param {string | null} hangNotice the header (lower case) of an informational response by which the
 *   server says it will never answer: the request is then abandoned at once (http-bridge.ts)
 */
function perform(req, deadline, hangNotice, hops = 0) {
  return new Promise((resolve) => {
    let url;
    try {
      url = new URL(req.url);
    } catch {
      resolve({ error: 'invalid-url' });
      return;
    }
    const lib = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
    if (!lib) {
      resolve({ error: 'invalid-url' });
      return;
    }
    const headers = { ...req.headers };
    if (req.body && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length'))
      headers['Content-Length'] = String(req.body.byteLength);
    const outgoing = lib.request(url, { method: req.method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', () => resolve({ error: 'reset' }));
      res.on('end', () => {
        clearTimeout(timer);
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (req.followRedirects && REDIRECTS.has(status) && location && hops < MAX_REDIRECTS) {
          const toGet = status === 303 || ((status === 301 || status === 302) && req.method !== 'GET');
          const next = {
            ...req,
            url: new URL(location, url).toString(),
            method: toGet ? 'GET' : req.method,
            body: toGet ? null : req.body,
          };
          perform(next, deadline, hangNotice, hops + 1).then(resolve);
          return;
        }
        const raw = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          raw.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status, headers: raw, body: new Uint8Array(Buffer.concat(chunks)) });
      });
    });
    const timer = setTimeout(
      () => {
        outgoing.destroy();
        resolve({ error: 'timeout' });
      },
      Math.max(0, deadline - Date.now()),
    );
    if (hangNotice)
      outgoing.on('information', (info) => {
        if (info.headers[hangNotice] === undefined) return;
        clearTimeout(timer);
        outgoing.destroy();
        resolve({ error: 'timeout' });
      });
    outgoing.on('error', (err) => {
      clearTimeout(timer);
      const code = /** @type {NodeJS.ErrnoException} */ (err).code ?? '';
      resolve({ error: code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? 'dns' : 'unavailable' });
    });
    if (req.body) outgoing.write(req.body);
    outgoing.end();
  });
}

port.on('message', async (msg) => {
  const deadline = Date.now() + msg.timeoutMs;
  const results = await Promise.all(msg.requests.map((r) => perform(r, deadline, msg.hangNotice)));
  port.postMessage({ id: msg.id, results });
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
});
