// npm run push: build with the configured settings and `clasp push -f` dist/. Refuses, before calling
// clasp, when Apps Script could not allow-list the API base URL or no script is linked.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BuildError, build, ROOT } from './build.ts';
import { allowListProblem } from './manifest.ts';
import { settingsFromEnv } from './settings.ts';

const checkOnly = process.argv.includes('--check');

function fail(message: string): never {
  console.error(`npm run push: ${message}`);
  process.exit(1);
}

const settings = settingsFromEnv();
const why = allowListProblem(settings.apiBaseUrl);
if (why) fail(`${why}\nNothing was pushed.`);

const clasp = JSON.parse(readFileSync(path.join(ROOT, '.clasp.json'), 'utf8')) as {
  scriptId?: string;
  rootDir?: string;
};
if (!clasp.scriptId) {
  fail(
    '.clasp.json has no scriptId. Put the script id of the Apps Script project bound to your spreadsheet in .clasp.json (see README, "Use it in your spreadsheet").',
  );
}
if (clasp.rootDir !== 'dist')
  fail('.clasp.json must have "rootDir": "dist": only the built add-on is pushed.');
if (checkOnly) {
  console.log(`push check passed for ${settings.apiBaseUrl}`);
  process.exit(0);
}

try {
  await build(settings, path.join(ROOT, 'dist'), { forPush: true });
} catch (err) {
  fail(err instanceof BuildError ? err.message : String(err));
}
const result = spawnSync('npx', ['clasp', 'push', '-f'], { cwd: ROOT, stdio: 'inherit' });
process.exit(result.status ?? 1);
