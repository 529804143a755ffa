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
console.log('Its bottom bar is the add-on menu: start a refresh there and open the sidebar to watch it.');
console.log(`Demo API ${preview.api.baseUrl}. Ctrl+C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void preview.close().then(() => process.exit(0));
  });
}
