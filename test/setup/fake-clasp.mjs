#!/usr/bin/env node
// A stand-in for clasp on the PATH (nothing in the tests may talk to Google). It logs every call (args, folder,
// and for a push the .clasp.json and the files it would send) to $FAKE_CLASP_LOG, one JSON line each, and
// behaves as $FAKE_CLASP_LOGGED_IN ("yes"/"no"), $FAKE_CLASP_CREATE and $FAKE_CLASP_PUSH ("ok"/"refuse") say;
// `run` answers what $FAKE_CLASP_RUN_ANSWER holds.
// The project's versions and deployments live in $FAKE_CLASP_STATE (JSON: { versions: [{ versionNumber,
// description }], deployments: [{ deploymentId, versionNumber?, description? }] }), answered as clasp 3's
// --json output and changed by create-version, create-deployment and update-deployment.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const cwd = process.cwd();
const entry = { args, cwd };
const [command] = args;

if (command === 'push') {
  const settings = JSON.parse(readFileSync(path.join(cwd, '.clasp.json'), 'utf8'));
  entry.claspJson = settings;
  const rootDir = path.join(cwd, settings.rootDir ?? '.');
  entry.files = existsSync(rootDir) ? readdirSync(rootDir).sort() : [];
  entry.manifest = existsSync(path.join(rootDir, 'appsscript.json'))
    ? JSON.parse(readFileSync(path.join(rootDir, 'appsscript.json'), 'utf8'))
    : null;
}
appendFileSync(process.env.FAKE_CLASP_LOG, `${JSON.stringify(entry)}\n`);

if (command === 'show-authorized-user') {
  const loggedIn = process.env.FAKE_CLASP_LOGGED_IN === 'yes';
  console.log(JSON.stringify(loggedIn ? { loggedIn, email: 'author@example.com' } : { loggedIn }, null, 2));
} else if (command === 'create-script') {
  if (process.env.FAKE_CLASP_CREATE === 'refuse') {
    console.error('Error: User has not enabled the Apps Script API.');
    process.exit(1);
  }
  // As clasp 3 does: refuses when a .clasp.json is there; writes one and pulls appsscript.json.
  if (existsSync(path.join(cwd, '.clasp.json'))) {
    console.error('Project file already exists.');
    process.exit(1);
  }
  const rootDir = args[args.indexOf('--rootDir') + 1] ?? '.';
  writeFileSync(path.join(cwd, '.clasp.json'), JSON.stringify({ scriptId: 'fakeScript0123456789', rootDir }));
  mkdirSync(path.join(cwd, rootDir), { recursive: true });
  writeFileSync(path.join(cwd, rootDir, 'appsscript.json'), '{"timeZone":"Etc/GMT"}');
  console.log(
    JSON.stringify(
      { scriptId: 'fakeScript0123456789', parentId: 'fakeSheet0123456789', files: ['appsscript.json'] },
      null,
      2,
    ),
  );
} else if (command === 'push') {
  if (process.env.FAKE_CLASP_PUSH === 'refuse') {
    console.error(
      'User has not enabled the Apps Script API. Enable it by visiting https://script.google.com/home/usersettings',
    );
    process.exit(1);
  }
  console.log(`Pushed ${entry.files.length} files.`);
} else if (command === 'run') {
  // clasp 3's `run FUNCTION --json`: { response, error } (commands/run-function.js); the answer is the file
  // $FAKE_CLASP_RUN_ANSWER holds.
  console.log(
    JSON.stringify(
      { response: JSON.parse(readFileSync(process.env.FAKE_CLASP_RUN_ANSWER, 'utf8')) },
      null,
      2,
    ),
  );
} else if (
  ['list-versions', 'list-deployments', 'create-version', 'create-deployment', 'update-deployment'].includes(
    command,
  )
) {
  const file = process.env.FAKE_CLASP_STATE;
  const state = JSON.parse(readFileSync(file, 'utf8'));
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  let answer;
  if (command === 'list-versions') answer = state.versions;
  else if (command === 'list-deployments') answer = state.deployments;
  else if (command === 'create-version') {
    const versionNumber = Math.max(0, ...state.versions.map((v) => v.versionNumber)) + 1;
    state.versions.push({ versionNumber, description: args[1] });
    answer = { versionNumber };
  } else {
    const deploymentId =
      command === 'update-deployment' ? args[1] : `AKfycbFakeDeployment${state.deployments.length}`;
    const deployment = {
      deploymentId,
      versionNumber: Number(option('--versionNumber')),
      description: option('--description'),
    };
    state.deployments = [...state.deployments.filter((d) => d.deploymentId !== deploymentId), deployment];
    answer = deployment;
  }
  writeFileSync(file, JSON.stringify(state));
  console.log(JSON.stringify(answer, null, 2));
} else {
  console.error(`fake clasp: ${command} is not faked`);
  process.exit(1);
}
