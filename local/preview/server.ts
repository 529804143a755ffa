// npm run preview, and the browser tests' harness: the built sidebar served with google.script.run
// routed to the emulator running dist/Code.js, which talks to the demo API in a worker thread, beside
// a page showing the emulated tabs.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ROOT } from '../build/build.ts';
import { settingsFromEnv } from '../build/settings.ts';
import { dashboardPage } from '../dashboard/page.ts';
import { type DemoApiHandle, type DemoApiOptions, startDemoApiInWorker } from '../demo-api/index.ts';
import { createEmulator, type Emulator, type EmulatorOptions } from '../gas/index.ts';
import { withShim } from './shim.ts';
import { escapeHtml, tabsPage } from './tabs-view.ts';
import { uncarriable } from './transport.ts';

export interface PreviewOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  distDir?: string;
  demo?: DemoApiOptions;
  emulator?: Omit<EmulatorOptions, 'distDir' | 'routes'>;
}

export interface Preview {
  /** `http://127.0.0.1:PORT`: `/` side by side, `/sidebar` alone (`?as=email` to act as another user), `/tabs`, `/dashboard`. */
  readonly url: string;
  readonly emulator: Emulator;
  readonly api: DemoApiHandle;
  /** Every server call the sidebar made, in order. */
  readonly calls: ReadonlyArray<{ name: string; args: unknown[]; as: string | null; ok: boolean }>;
  close(): Promise<void>;
}

/** The API origin the bundle was built for, from the allow-list the build derived from it. */
function builtApiOrigin(distDir: string): string {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'appsscript.json'), 'utf8')) as {
    urlFetchWhitelist?: string[];
  };
  const entry = manifest.urlFetchWhitelist?.[0];
  if (!entry) throw new Error(`${distDir}/appsscript.json has no urlFetchWhitelist: run npm run build.`);
  return new URL(entry).origin;
}

const FRAME_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Royalties preview</title>
<style>body{margin:0;display:flex;height:100vh;font:12px Arial,sans-serif}
#side{width:300px;border:0;border-right:1px solid #ccc;flex:none}#tabs{flex:1;border:0}</style></head>
<body><iframe id="side" title="Sidebar (300 px)" src="/sidebar"></iframe><iframe id="tabs" title="Emulated tabs" src="/tabs"></iframe>
<script>addEventListener('message',function(e){if(e.data==='royalties:ran')document.getElementById('tabs').contentWindow.location.reload();});</script>
</body></html>`;

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function startPreview(options: PreviewOptions = {}): Promise<Preview> {
  const distDir = options.distDir ?? path.join(ROOT, 'dist');
  const api = await startDemoApiInWorker({ demoKey: settingsFromEnv().demoKey, ...options.demo });
  const emulator = createEmulator({
    ...options.emulator,
    distDir,
    routes: { [builtApiOrigin(distDir)]: api.origin },
  });
  const calls: Array<{ name: string; args: unknown[]; as: string | null; ok: boolean }> = [];

  function run(
    name: string,
    args: unknown[],
    as: string | null,
  ): { ok: true; value: unknown } | { ok: false; message: string } {
    try {
      const value = emulator.run(name, args, as ? { as } : {});
      const bad = uncarriable(value);
      if (bad)
        throw new Error(
          `google.script.run cannot return ${bad} from ${name}: only primitives, plain objects and arrays.`,
        );
      calls.push({ name, args, as, ok: true });
      return { ok: true, value: value ?? null };
    } catch (error) {
      calls.push({ name, args, as, ok: false });
      return { ok: false, message: errorMessage(error) };
    }
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://preview');
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
      response.end(body);
    };
    void (async () => {
      try {
        if (request.method === 'POST' && url.pathname === '/run') {
          const { name, args, as } = JSON.parse(await readBody(request)) as {
            name: string;
            args?: unknown[];
            as?: string | null;
          };
          send(200, 'application/json', JSON.stringify(run(name, args ?? [], as ?? null)));
        } else if (url.pathname === '/') {
          send(200, 'text/html', FRAME_PAGE);
        } else if (url.pathname === '/sidebar') {
          // Read on every request, so a rebuild shows on reload.
          send(200, 'text/html', withShim(readFileSync(path.join(distDir, 'Sidebar.html'), 'utf8')));
        } else if (url.pathname === '/tabs') {
          send(200, 'text/html', tabsPage(emulator));
        } else if (url.pathname === '/dashboard') {
          send(200, 'text/html', dashboardPage(emulator));
        } else {
          send(404, 'text/plain', 'Not found');
        }
      } catch (error) {
        send(500, 'text/html', `<pre>${escapeHtml(errorMessage(error))}</pre>`);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    emulator,
    api,
    calls,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      emulator.close();
      await api.stop();
    },
  };
}
