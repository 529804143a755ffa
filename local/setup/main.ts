// npm run setup: from a clone to a spreadsheet on Google in one command (README, "Use it in your
// spreadsheet"). Works on the project in the current folder (npm run starts it at the repository root).
// Every failure says what to do and leaves .clasp.json as it was.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { BuildError, build } from '../build/build.ts';
import { allowListProblem } from '../build/manifest.ts';
import { settingsFromEnv } from '../build/settings.ts';
import { ClaspMissing, clasp, claspLoggedIn, claspSaid, createSpreadsheet } from './clasp.ts';
import { parseSetupArgs, SETUP_USAGE, SetupUsageError } from './options.ts';
import { makeTemplate } from './template.ts';

const APPS_SCRIPT_API = 'https://script.google.com/home/usersettings';

class SetupError extends Error {}

interface ClaspFile {
  scriptId?: string;
  rootDir?: string;
  parentId?: string | string[];
}

function spreadsheetUrl(parentId: string | string[] | undefined): string | null {
  const id = Array.isArray(parentId) ? parentId[0] : parentId;
  return id ? `https://docs.google.com/spreadsheets/d/${id}/edit` : null;
}

async function askApiUrl(): Promise<string | null> {
  if (!process.stdin.isTTY) return null;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await rl.question("The API's base URL (https://…/v1): ");
    return answer.trim().replace(/\/+$/, '') || null;
  } finally {
    rl.close();
  }
}

async function setup(argv: readonly string[], root: string): Promise<void> {
  const args = parseSetupArgs(argv);
  if (args.help) {
    process.stdout.write(`${SETUP_USAGE}\n`);
    return;
  }
  const claspFile = path.join(root, '.clasp.json');
  const before = existsSync(claspFile) ? readFileSync(claspFile, 'utf8') : null;
  let current: ClaspFile = {};
  try {
    current = before ? (JSON.parse(before) as ClaspFile) : {};
  } catch {
    throw new SetupError('.clasp.json is not valid JSON: fix it or delete it, then run npm run setup again.');
  }

  if (!claspLoggedIn(root)) {
    throw new SetupError(
      `clasp is not logged in to Google. Run \`npx clasp login\` (once), turn on the Apps Script API at ${APPS_SCRIPT_API}, then run npm run setup again.`,
    );
  }

  const settings = settingsFromEnv();
  const apiUrl = args.apiUrl ?? (process.env.ROYALTIES_API_BASE_URL?.trim() || (await askApiUrl()));
  if (!apiUrl) {
    throw new SetupError(
      'Which API? Give its base URL: npm run setup -- --api-url https://<the API host>/v1 (or set ROYALTIES_API_BASE_URL).',
    );
  }
  const why = allowListProblem(apiUrl);
  if (why) throw new SetupError(`${why} Nothing was created or pushed.`);
  if (args.template) {
    const fail = (message: string): never => {
      throw new SetupError(message);
    };
    const said = await makeTemplate({ ...settings, apiBaseUrl: apiUrl }, args, fail);
    process.stdout.write(`${said.join('\n')}\n`);
    return;
  }

  // The script: the one named, else the one .clasp.json already names (a second run), else a new spreadsheet.
  let target: ClaspFile;
  if (args.scriptId) {
    target = { scriptId: args.scriptId, rootDir: 'dist' };
    process.stderr.write(`Binding to the script ${args.scriptId}…\n`);
  } else if (current.scriptId) {
    target = { ...current, rootDir: 'dist' };
    process.stderr.write(`Pushing again to the script in .clasp.json (${current.scriptId})…\n`);
  } else {
    process.stderr.write(`Creating the spreadsheet "${args.title}" with its Apps Script project…\n`);
    const made = createSpreadsheet(args.title);
    if ('error' in made) {
      throw new SetupError(
        `clasp could not create the spreadsheet: ${made.error} Check that the Apps Script API is on at ${APPS_SCRIPT_API}, then run npm run setup again.`,
      );
    }
    target = { scriptId: made.scriptId, rootDir: 'dist', parentId: made.parentId };
  }

  try {
    await build({ ...settings, apiBaseUrl: apiUrl }, path.join(root, 'dist'), { forPush: true });
  } catch (err) {
    throw new SetupError(err instanceof BuildError ? err.message : String(err));
  }
  writeFileSync(claspFile, `${JSON.stringify(target, null, 2)}\n`);
  process.stderr.write(`Built the add-on for ${apiUrl}; pushing it with clasp…\n`);
  const pushed = clasp(['push', '-f'], root);
  if (!pushed.ok) {
    // As it was: a later run starts from the same place.
    if (before === null) rmSync(claspFile, { force: true });
    else writeFileSync(claspFile, before);
    const created = target.parentId && target.parentId !== current.parentId;
    const again = created
      ? ` The spreadsheet was created (${spreadsheetUrl(target.parentId)}); to push to it, run npm run setup -- --script-id ${target.scriptId} --api-url ${apiUrl}`
      : ' Run npm run setup again once that is fixed.';
    throw new SetupError(
      `clasp push was refused: ${claspSaid(pushed)} .clasp.json is as it was. Check that the Apps Script API is on at ${APPS_SCRIPT_API} and that you may edit the script.${again}`,
    );
  }

  const sheet = spreadsheetUrl(target.parentId);
  const lines = [
    `Pushed the add-on to the script ${target.scriptId}.`,
    sheet
      ? `Your spreadsheet: ${sheet}`
      : `Your script: https://script.google.com/d/${target.scriptId}/edit (open its spreadsheet)`,
    'Next: open the spreadsheet (reload it if it was open), then Extensions ▸ Royalties for Sheets ▸ Open Royalties.',
    'Google asks for the permissions the first time; save your key in the sidebar, or try the demo account.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

try {
  await setup(process.argv.slice(2), process.cwd());
} catch (err) {
  if (err instanceof SetupError || err instanceof SetupUsageError || err instanceof ClaspMissing) {
    process.stderr.write(`npm run setup: ${err.message}\n`);
    process.exitCode = 1;
  } else throw err;
}
