// A tiny HTTP server in a worker thread for the UrlFetchApp tests (the emulator blocks this thread during a
// fetch, so the server must not live here). Paths:
//   /status/<code>   answers <code> with a JSON body
//   /echo            answers 200 with the request's method, path and headers as JSON
//   /barrier/<n>     answers once <n> barrier requests are open at the same time ("concurrent"), or
//                    "sequential" after 2 s if they never are
//   /hang            never answers
//   /hang-notice     says at once that it will never answer (a 102 with X-Never-Answers, the demo API's hang
//                    notice), then answers 200 after 10 s all the same: a client that heeded it gave up before
//   /redirect        302 to /echo
//   /bom             200 with a UTF-8 byte-order mark before its JSON
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll } from 'vitest';

const SERVER = `
const http = require('node:http');
const { parentPort } = require('node:worker_threads');
let waiting = [];
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts[0] === 'v1') parts.shift(); // the API's version segment, as routed from an allow-listed base URL
  if (parts[0] === 'status') {
    res.writeHead(Number(parts[1]), { 'Content-Type': 'application/json', 'Retry-After': '7' });
    res.end(JSON.stringify({ error: { code: 'status_' + parts[1], message: 'x'.repeat(300) } }));
  } else if (parts[0] === 'echo') {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Custom-Case': 'Kept' });
      res.end(JSON.stringify({ method: req.method, path: url.pathname + url.search, headers: req.headers, body }));
    });
  } else if (parts[0] === 'barrier') {
    const n = Number(parts[1]);
    waiting.push(res);
    if (waiting.length === n) {
      for (const r of waiting) r.end('concurrent');
      waiting = [];
    } else {
      setTimeout(() => { if (!res.writableEnded) { waiting = waiting.filter((r) => r !== res); res.end('sequential'); } }, 2000);
    }
  } else if (parts[0] === 'hang') {
    // never answers
  } else if (parts[0] === 'hang-notice') {
    res.socket.write('HTTP/1.1 102 Processing\\r\\nX-Never-Answers: test\\r\\n\\r\\n');
    const late = setTimeout(() => res.end('answered after all'), 10000);
    res.on('close', () => clearTimeout(late));
  } else if (parts[0] === 'bom') {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"ok":true}')]));
  } else if (parts[0] === 'redirect') {
    res.writeHead(302, { Location: '/echo?from=redirect' });
    res.end();
  } else {
    res.writeHead(404);
    res.end('not found');
  }
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

interface TestServer {
  origin: string;
  close(): Promise<void>;
}

async function startTestServer(): Promise<TestServer> {
  const worker = new Worker(SERVER, { eval: true });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await worker.terminate();
    },
  };
}

/** The file's one test server: started before its tests, closed after them. Its origin is read once it runs. */
export function useTestServer(): { readonly origin: string } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  return {
    get origin() {
      if (!server) throw new Error('The test server starts in beforeAll: read its origin inside a test.');
      return server.origin;
    },
  };
}
