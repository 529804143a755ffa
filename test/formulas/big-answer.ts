// A proxy in a worker thread (the emulator blocks its own thread on UrlFetchApp) in front of the demo API
// that answers one path with a body the test gives, however big, and passes every other request through.
import { Worker } from 'node:worker_threads';

const PROXY = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { target, path, body } = workerData;
const server = http.createServer(async (req, res) => {
  if (new URL(req.url, 'http://x').pathname.endsWith(path)) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
    return;
  }
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const headers = { ...req.headers };
  delete headers.host;
  const answer = await fetch(target + req.url, {
    method: req.method,
    headers,
    ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
  });
  res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') || 'application/json' });
  res.end(Buffer.from(await answer.arrayBuffer()));
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.on('message', () => server.close(() => process.exit(0)));
`;

export interface BigAnswer {
  readonly origin: string;
  stop(): Promise<void>;
}

export async function bigAnswerProxy(target: string, path: string, body: unknown): Promise<BigAnswer> {
  const worker = new Worker(PROXY, { eval: true, workerData: { target, path, body: JSON.stringify(body) } });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('stop');
      await exited;
    },
  };
}
