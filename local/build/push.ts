// npm run push: build with the configured settings and `clasp push -f` dist/. Says which route it pushes
// (ROYALTIES_ROUTE), and refuses, before calling clasp, when Apps Script could not allow-list the API base
// URL, no script is linked, or the route does not fit the project (push-route.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BuildError, build, ROOT } from './build.ts';
import { allowListProblem, type Manifest } from './manifest.ts';
import { type ClaspFile, pushLine, pushRouteNote, pushRouteProblem } from './push-route.ts';
import { type BuildSettings, settingsFromEnv } from './settings.ts';

const checkOnly = process.argv.includes('--check');

function fail(message: string): never {
  console.error(`npm run push: ${message}`);
  process.exit(1);
}

let settings: BuildSettings;
try {
  settings = settingsFromEnv();
} catch (err) {
  fail(`${err instanceof Error ? err.message : String(err)}\nNothing was pushed.`);
}
const why = allowListProblem(settings.apiBaseUrl);
if (why) fail(`${why}\nNothing was pushed.`);

const clasp = JSON.parse(readFileSync(path.join(ROOT, '.clasp.json'), 'utf8')) as ClaspFile;
const route = settings.route ?? 'bound';
if (!clasp.scriptId) {
  fail(
    '.clasp.json has no scriptId. Put the script id of the Apps Script project bound to your spreadsheet in .clasp.json (see README, "Use it in your spreadsheet").',
  );
}
if (clasp.rootDir !== 'dist')
  fail('.clasp.json must have "rootDir": "dist": only the built add-on is pushed.');
const misfit = pushRouteProblem(clasp, route);
if (misfit) fail(`${misfit}\nNothing was pushed.`);
if (checkOnly) {
  console.log(`push check passed for ${settings.apiBaseUrl} (route: ${route})`);
  process.exit(0);
}

try {
  await build(settings, path.join(ROOT, 'dist'), { forPush: true });
} catch (err) {
  fail(err instanceof BuildError ? err.message : String(err));
}
const built = JSON.parse(readFileSync(path.join(ROOT, 'dist', 'appsscript.json'), 'utf8')) as Manifest;
const notPushed = pushRouteProblem(clasp, route, built);
if (notPushed) fail(`${notPushed}\nNothing was pushed.`);
console.log(pushLine(clasp, route));
const note = pushRouteNote(clasp, route);
if (note) console.log(note);
const result = spawnSync('npx', ['clasp', 'push', '-f'], { cwd: ROOT, stdio: 'inherit' });
process.exit(result.status ?? 1);
