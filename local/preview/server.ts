// npm run preview, and the browser tests' harness: the built sidebar served with google.script.run
// routed to the emulator running dist/Code.js, which talks to the demo API in a worker thread, beside
// a page laid out as Google Sheets (sheets-frame.ts: the grid, the tab bar, the menu, the sidebar on the right). HTTP is accepted in a worker (front-door.mjs) and answered here, also
// while another server call waits on the network, so a sidebar's poll is answered during its refresh.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { ROOT } from '../build/build.ts';
import { settingsFromEnv } from '../build/settings.ts';
import { dashboardPage } from '../dashboard/page.ts';
import { type DemoApiHandle, type DemoApiOptions, startDemoApiInWorker } from '../demo-api/index.ts';
import { createEmulator, type Emulator, type EmulatorOptions } from '../gas/index.ts';
import { sheetPage } from './sheet-view.ts';
import { sheetsFrame } from './sheets-frame.ts';
import { withShim } from './shim.ts';
import { escapeHtml, tabsPage } from './tabs-view.ts';
import { uncarriable } from './transport.ts';

export interface PreviewOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  distDir?: string;
  demo?: DemoApiOptions;
  emulator?: Omit<EmulatorOptions, 'distDir' | 'routes'>;
  /**
   * A real clock the emulated one keeps up with before each server call (npm run preview: Date.now), so a
   * refresh three minutes after another says so. Without it the emulated clock stays frozen between
   * calls, as the tests want it: it moves only with what the add-on does (HTTP rounds, sleeps).
   */
  wallClock?: () => number;
}

export interface Preview {
  /** `http://127.0.0.1:PORT`: `/` as Sheets lays it out (`?sheet=NAME&cell=A1&sidebar=0`), `/sheet` the grid
   * alone, `/sidebar` alone (`?as=email` to act as another user), `/tabs` every tab as tables, `/dashboard`. */
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

interface Incoming {
  readonly id: number;
  readonly method: string;
  readonly url: string;
  readonly body: string;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Moves the emulated clock on by the real time passed since the preview started, when `wall` is given
 * (never back: HTTP rounds may already have moved it further). */
function followingClock(emulator: Emulator, wall: (() => number) | undefined): () => void {
  if (!wall) return () => {};
  const wallStart = wall();
  const emulatedStart = emulator.clock.now();
  return () => {
    const behind = emulatedStart + (wall() - wallStart) - emulator.clock.now();
    if (behind > 0) emulator.clock.advance(behind);
  };
}

export async function startPreview(options: PreviewOptions = {}): Promise<Preview> {
  const distDir = options.distDir ?? path.join(ROOT, 'dist');
  const api = await startDemoApiInWorker({ demoKey: settingsFromEnv().demoKey, ...options.demo });
  const { port1: door, port2 } = new MessageChannel();
  let listening: (port: number) => void = () => {};
  // Requests that arrived while a server call waits on the network run now, each its own execution.
  const drain = (): void => {
    for (let msg = receiveMessageOnPort(door); msg; msg = receiveMessageOnPort(door)) {
      receive(msg.message as Incoming | { listening: number });
    }
  };
  const emulator = createEmulator({
    // The sidebar of the bound build (README's recommended route), its nightly trigger included.
    deployment: 'bound',
    ...options.emulator,
    distDir,
    routes: { [builtApiOrigin(distDir)]: api.origin },
    whileWaiting: drain,
  });
  // The add-on menu, as Sheets builds it when the spreadsheet opens.
  emulator.open();
  const keepUp = followingClock(emulator, options.wallClock);
  const calls: Array<{ name: string; args: unknown[]; as: string | null; ok: boolean }> = [];

  function run(
    name: string,
    args: unknown[],
    as: string | null,
  ): { ok: true; value: unknown } | { ok: false; message: string } {
    keepUp();
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

  /** A menu item clicked: what it returned, and whether it opened the sidebar or a dialog (shown by the page). */
  function menu(
    caption: string,
  ): { ok: true; value: unknown; sidebar: boolean; dialog?: unknown } | { ok: false; message: string } {
    keepUp();
    const before = emulator.ui();
    try {
      const value = emulator.clickMenuItem(caption) ?? null;
      const after = emulator.ui();
      const dialog = after.dialogs.length > before.dialogs.length ? after.dialogs.at(-1) : undefined;
      return {
        ok: true,
        value: uncarriable(value) ? null : value,
        sidebar: after.sidebars.length > before.sidebars.length,
        ...(dialog && { dialog }),
      };
    } catch (error) {
      return { ok: false, message: errorMessage(error) };
    }
  }

  function receive(msg: Incoming | { listening: number }): void {
    if ('listening' in msg) {
      listening(msg.listening);
      return;
    }
    const request = msg;
    const url = new URL(request.url, 'http://preview');
    const send = (status: number, type: string, body: string) => {
      door.postMessage({ id: request.id, status, type, body });
    };
    try {
      if (request.method === 'POST' && url.pathname === '/run') {
        const { name, args, as } = JSON.parse(request.body) as {
          name: string;
          args?: unknown[];
          as?: string | null;
        };
        send(200, 'application/json', JSON.stringify(run(name, args ?? [], as ?? null)));
      } else if (request.method === 'POST' && url.pathname === '/menu') {
        const { caption } = JSON.parse(request.body) as { caption: string };
        send(200, 'application/json', JSON.stringify(menu(caption)));
      } else if (url.pathname === '/') {
        const q = url.searchParams;
        send(
          200,
          'text/html',
          sheetsFrame(emulator, {
            sheet: q.get('sheet'),
            cell: q.get('cell'),
            sidebar: q.get('sidebar') !== '0',
          }),
        );
      } else if (url.pathname === '/sheet') {
        send(
          200,
          'text/html',
          sheetPage(emulator, url.searchParams.get('name'), url.searchParams.get('cell')),
        );
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
  }

  const worker = new Worker(new URL('./front-door.mjs', import.meta.url), {
    workerData: { port: port2, listenPort: options.port ?? 0 },
    transferList: [port2],
  });
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      listening = resolve;
      worker.once('error', reject);
      door.on('message', (msg: Incoming | { listening: number }) => receive(msg));
    });
  } catch (err) {
    // The port is taken (EADDRINUSE, kept on the error): stop what was started, so the caller can say so.
    await worker.terminate();
    door.close();
    emulator.close();
    await api.stop();
    throw err;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    emulator,
    api,
    calls,
    async close() {
      door.postMessage({ close: true });
      await worker.terminate();
      door.close();
      emulator.close();
      await api.stop();
    },
  };
}
