// npm run preview: builds the add-on, then serves the sidebar wired to the emulator and the demo API.
import { build } from '../build/build.ts';
import { settingsFromEnv } from '../build/settings.ts';
import {
  PREVIEW_USAGE,
  PreviewUsageError,
  parsePreviewArgs,
  portInUseMessage,
  portIsFree,
} from './options.ts';
import { type Preview, startPreview } from './server.ts';

function fail(message: string): never {
  process.stderr.write(`npm run preview: ${message}\n`);
  process.exit(1);
}

let args: ReturnType<typeof parsePreviewArgs>;
try {
  args = parsePreviewArgs(process.argv.slice(2));
} catch (err) {
  if (err instanceof PreviewUsageError) fail(err.message);
  throw err;
}
if (args.help) {
  process.stdout.write(`${PREVIEW_USAGE}\n`);
  process.exit(0);
}

// A taken port is said before a build that would be for nothing (and again below, should it be taken meanwhile).
if (!(await portIsFree(args.port))) fail(portInUseMessage(args.port));
await build(settingsFromEnv());
// The emulated clock and the demo account's "today" follow the real date and time, so freshness reads as
// it would and a second refresh minutes later says its own time.
let preview: Preview;
try {
  preview = await startPreview({
    port: args.port,
    demo: { today: new Date().toISOString().slice(0, 10) },
    emulator: { startTime: Date.now() },
    wallClock: Date.now,
  });
} catch (err) {
  if ((err as { code?: unknown }).code === 'EADDRINUSE') fail(portInUseMessage(args.port));
  throw err;
}
console.log(
  `Royalties preview: ${preview.url}/  (sidebar alone: ${preview.url}/sidebar, tabs: ${preview.url}/tabs)`,
);
console.log(
  'The bar at the top is the add-on menu: start a refresh there and reopen the sidebar to watch it.',
);
// Every API answer waits this long, as the real API may, so a refresh's progress can be watched.
if (args.latencyMs > 0) await preview.api.setFaults('*', { latencyMs: args.latencyMs });
console.log(`Demo API ${preview.api.baseUrl}. Ctrl+C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void preview.close().then(() => process.exit(0));
  });
}
