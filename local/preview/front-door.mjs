// The preview's HTTP server, in a worker thread: it accepts every request and hands it to the main
// thread, where the emulator lives. The main thread answers from its event loop, or, while a server call
// waits on the network, from that wait (http-bridge.ts `whileWaiting`): so the sidebar's poll is answered
// while its refresh is still running, as on Google. Plain JavaScript so it loads in any runner.
import http from 'node:http';
import { workerData } from 'node:worker_threads';

/** @type {{ port: import('node:worker_threads').MessagePort, listenPort: number }} */
const { port, listenPort } = workerData;

/** @type {Map<number, import('node:http').ServerResponse>} */
const open = new Map();
let nextId = 1;

port.on('message', (msg) => {
  if (msg.close) {
    server.closeAllConnections();
    server.close(() => port.close());
    return;
  }
  const response = open.get(msg.id);
  if (!response) return;
  open.delete(msg.id);
  response.writeHead(msg.status, {
    'content-type': `${msg.type}; charset=utf-8`,
    'cache-control': 'no-store',
  });
  response.end(msg.body);
});

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (c) => chunks.push(c));
  request.on('end', () => {
    const id = nextId++;
    open.set(id, response);
    port.postMessage({
      id,
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      body: Buffer.concat(chunks).toString('utf8'),
    });
  });
});

server.listen(listenPort, '127.0.0.1', () => {
  port.postMessage({ listening: server.address().port });
});
