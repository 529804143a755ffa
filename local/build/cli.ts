// npm run build
import path from 'node:path';
import { BuildError, build, ROOT } from './build.ts';
import { SettingsError, settingsFromEnv } from './settings.ts';

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

try {
  const settings = settingsFromEnv();
  const result = await build(settings);
  console.log(
    `Built ${path.relative(ROOT, result.outDir)}/ (route: ${settings.route}) for ${settings.apiBaseUrl}`,
  );
  for (const o of result.outputs) {
    console.log(`  ${o.file.padEnd(16)} ${kb(o.bytes).padStart(9)} raw  ${kb(o.gzipBytes).padStart(9)} gzip`);
  }
} catch (err) {
  console.error(err instanceof BuildError || err instanceof SettingsError ? err.message : err);
  process.exit(1);
}
