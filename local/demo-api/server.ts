// The HTTP server on loopback: logs each request, applies the fault that matches its path, answers
// through the handler, and on stop closes every socket, hanging ones included.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type Account, createAccount } from './accounts.ts';
import { checkKeyFormat } from './auth.ts';
import { type ComposedShape, composeShape, flagWritten } from './composed-shapes.ts';
import { currentUtcDay, parseDay } from './dates.ts';
import type { AccountTuning } from './facts.ts';
import { brokenBody, injectedStatus, JSON_TYPE, type RawAnswer } from './fault-bodies.ts';
import { type AppliedFault, FaultBook } from './faults.ts';
import { validateScale } from './generated-catalog.ts';
import { type ApiState, answer } from './handler.ts';
import { CURRENCIES } from './money.ts';
import { PAGING_PARAMS, type PagingSpec, pageOf, pageStart } from './paging.ts';
import { RequestLog } from './request-log.ts';
import { SETTLED, type SettlingSpec, settling } from './settling.ts';
import { type ResponseShape, reshape } from './shapes.ts';
import type { DemoApiHandle, DemoApiOptions, DemoScale, FaultSpec, RequestLogEntry } from './types.ts';

const BASE_PATH = '/v1';
/** The query parameter a test's 202 `Location` may add (`?job=…`): the report it names is the one asked. */
export const PREPARED_PARAM = 'job';

export interface ServerSettings extends DemoApiOptions {
  demoKey: string;
}

export async function startServer(settings: ServerSettings): Promise<DemoApiHandle> {
  const accounts = buildAccounts(settings);
  let pinnedToday = settings.today === undefined ? null : parseToday(settings.today);
  let dangerous = settings.dangerousData === true;
  let settled = SETTLED;
  const anchor = pinnedToday ?? undefined;
  let shape: ResponseShape | ComposedShape = settings.shape ?? 'demo';
  let paging: PagingSpec | null = settings.paging ?? null;
  const clockOffset = settings.clockStart === undefined ? 0 : settings.clockStart - Date.now();
  const state: ApiState = {
    accounts,
    rowReadCap: settings.rowReadCap ?? Number.POSITIVE_INFINITY,
    today: () => pinnedToday ?? currentUtcDay(),
    dangerous: () => dangerous,
    settling: () => settled,
    anchor: () => anchor,
  };
  const faults = new FaultBook();
  const log = new RequestLog([...accounts.keys()]);
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let stopping: Promise<void> | null = null;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const underBase = url.pathname === BASE_PATH || url.pathname.startsWith(`${BASE_PATH}/`);
    const path = underBase ? url.pathname.slice(BASE_PATH.length) || '/' : null;
    const authorization = req.headers.authorization;
    const entry = log.record(req.method ?? 'GET', path ?? url.pathname, url.searchParams, authorization);
    const fault = path === null ? null : faults.take(path, url.searchParams.get('range'), url.searchParams);
    if (fault && fault.latencyMs > 0) await wait(fault.latencyMs);
    if (fault?.hang) sendHangNotice(res);
    if (fault?.hang || stopping) return; // never answered; stop() closes the socket
    const normal = () => {
      // With paging on, the paging parameters are the pages', not the report's.
      const search = new URLSearchParams(url.searchParams);
      // A report asked for at the address a "still preparing" answer gave (a 202's Location in a test).
      search.delete(PREPARED_PARAM);
      const start = paging ? pageStart(search, paging.size) : 0;
      if (paging) for (const name of PAGING_PARAMS) search.delete(name);
      const response = answer(state, {
        method: req.method ?? 'GET',
        path,
        search,
        authorization,
        at: entry.at + clockOffset,
      });
      const report = response.status === 200 && path !== '/account';
      const paged =
        report && paging
          ? pageOf(response.body, paging, start, `${url.pathname}${url.search}`)
          : { body: response.body, headers: {} };
      // Reports only: /account is documented field by field, so its shape is the API's.
      const reshaped = !report
        ? paged.body
        : typeof shape === 'string'
          ? reshape(paged.body, shape)
          : composeShape(paged.body, shape);
      return serialise(response.status, { ...response.headers, ...paged.headers }, reshaped, fault, shape);
    };
    const raw = fault?.status ? injectedStatus(fault.status) : normal();
    const body = fault?.body ?? null;
    const final = body === null || body === 'cut-connection' ? raw : brokenBody(body, raw);
    entry.status = final.status;
    if (body === 'cut-connection') sendCutConnection(res, final);
    else send(res, final);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        const message = error instanceof Error ? error.message : String(error);
        send(res, { status: 500, headers: { 'Content-Type': JSON_TYPE }, text: errorText(message) });
      }
    });
  });
  // Never close an idle keep-alive socket: a test's own fetch blocked behind a synchronous refresh would reuse
  // a socket the server closed meanwhile ("other side closed"). Sockets are destroyed when the server closes.
  server.keepAliveTimeout = 0;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const host = settings.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    baseUrl: `${origin}${BASE_PATH}`,
    origin,
    port,
    demoKey: settings.demoKey,
    setFaults: async (path: string, fault: FaultSpec) => faults.set(path, fault),
    clearFaults: async () => faults.clear(),
    setDangerousData: async (on: boolean) => {
      dangerous = on;
    },
    setToday: async (day: string) => {
      pinnedToday = parseToday(day);
    },
    setSettling: async (spec: SettlingSpec) => {
      settled = settling(spec, settled.version + 1);
    },
    setShape: async (next: ResponseShape | ComposedShape) => {
      shape = next;
    },
    setPaging: async (next: PagingSpec | null) => {
      paging = next;
    },
    requests: async (): Promise<RequestLogEntry[]> => log.list(),
    clearRequests: async () => log.clear(),
    stop: () => {
      stopping ??= new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
      });
      return stopping;
    },
  };
}

function errorText(message: string): string {
  return JSON.stringify({ error: { code: 'server_error', message } });
}

function serialise(
  status: number,
  headers: Record<string, string>,
  body: unknown,
  fault: AppliedFault | null,
  shape: ResponseShape | ComposedShape,
): RawAnswer {
  // Forced truncation flags the response as the real API would (as the shape writes a yes), leaving its
  // figures as they are.
  if (fault?.truncated && isRecord(body) && isRecord(body.meta))
    body.meta.truncated = flagWritten(true, shape);
  return {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', ...headers },
    text: JSON.stringify(body),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function send(res: ServerResponse, raw: RawAnswer): void {
  const bytes = Buffer.from(raw.text, 'utf8');
  res.writeHead(raw.status, { ...raw.headers, 'Content-Length': String(bytes.length) });
  res.end(bytes);
}

/**
 * A hanging request's only bytes: an informational response saying it will never be answered, which the
 * Apps Script emulator may heed to count it hanging without waiting real seconds (local/gas/http-bridge.ts,
 * HANG_NOTICE_HEADER). Every other client ignores a 1xx and waits, as for a server that says nothing.
 */
function sendHangNotice(res: ServerResponse): void {
  res.socket?.write('HTTP/1.1 102 Processing\r\nX-Never-Answers: hang fault\r\n\r\n');
}

/** Promises the whole body, sends half of it, then drops the connection. */
function sendCutConnection(res: ServerResponse, raw: RawAnswer): void {
  const bytes = Buffer.from(raw.text, 'utf8');
  res.writeHead(raw.status, { ...raw.headers, 'Content-Length': String(bytes.length) });
  res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
}

function parseToday(text: string): number {
  const day = parseDay(text);
  if (day === null)
    throw new TypeError(`today must be a calendar day YYYY-MM-DD, not ${JSON.stringify(text)}`);
  return day;
}

function buildAccounts(settings: ServerSettings): Map<string, Account> {
  const cap = settings.rowReadCap ?? Number.POSITIVE_INFINITY;
  if (!(cap >= 0)) throw new RangeError('rowReadCap must be 0 or more');
  const accounts = new Map<string, Account>();
  const add = (
    key: string,
    keyName: string,
    isDemo: boolean,
    reportingCurrency: string,
    scale: DemoScale,
    tuning: AccountTuning = {},
  ) => {
    if (!((tuning.adSpend ?? 1) >= 0)) throw new RangeError('adSpend must be 0 or more');
    if (!((tuning.sales ?? 1) >= 0)) throw new RangeError('sales must be 0 or more');
    if (tuning.salesStop && parseDay(tuning.salesStop.from) === null)
      throw new RangeError('salesStop.from must be a calendar day YYYY-MM-DD');
    checkKeyFormat(key);
    if (accounts.has(key)) throw new TypeError('Each account needs a key of its own');
    if (!CURRENCIES[reportingCurrency])
      throw new RangeError(`Unsupported reporting currency ${reportingCurrency}`);
    if (typeof scale === 'object') validateScale(scale);
    accounts.set(key, createAccount({ key, keyName, isDemo, reportingCurrency, scale, tuning }, cap));
  };
  add(settings.demoKey, 'Demo key', true, 'USD', settings.scale ?? 'demo');
  for (const extra of settings.accounts ?? []) {
    add(
      extra.key,
      extra.name ?? 'Google Sheets',
      false,
      extra.reportingCurrency ?? 'USD',
      extra.scale ?? 'demo',
      {
        ...(extra.adSpend !== undefined && { adSpend: extra.adSpend }),
        ...(extra.sales !== undefined && { sales: extra.sales }),
        ...(extra.salesStop && { salesStop: extra.salesStop }),
      },
    );
  }
  return accounts;
}
