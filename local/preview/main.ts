// npm run preview: builds the add-on, then serves the sidebar wired to the emulator and the demo API.
import { build } from '../build/build.ts';
import { settingsFromEnv } from '../build/settings.ts';
import { startPreview } from './server.ts';

const portFlag = process.argv.indexOf('--port');
const port = portFlag >= 0 ? Number(process.argv[portFlag + 1]) : 8790;

await build(settingsFromEnv());
// The emulated clock and the demo account's "today" follow the real date, so freshness reads as it would.
const preview = await startPreview({
  port,
  demo: { today: new Date().toISOString().slice(0, 10) },
  emulator: { startTime: Date.now() },
});
console.log(
  `Royalties preview: ${preview.url}/  (sidebar alone: ${preview.url}/sidebar, tabs: ${preview.url}/tabs)`,
);
console.log(
  'The bar at the top is the add-on menu: start a refresh there and reopen the sidebar to watch it.',
);
// --latency MS: every API answer waits this long, as the real API may, so a refresh's progress can be watched.
const latencyFlag = process.argv.indexOf('--latency');
if (latencyFlag >= 0) await preview.api.setFaults('*', { latencyMs: Number(process.argv[latencyFlag + 1]) });
console.log(`Demo API ${preview.api.baseUrl}. Ctrl+C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void preview.close().then(() => process.exit(0));
  });
}
