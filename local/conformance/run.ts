// npm run conformance: the conformance build pushed to a scratch spreadsheet's bound script (made once with
// clasp, kept in .conformance/ and reused), its self-test run through the Apps Script API (clasp run), the
// same self-test run in the emulator, and Google's answer printed beside the emulator's, rule by rule. The
// dated record goes to docs/conformance.md; any difference exits non-zero.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../build/build.ts';
import { allowListProblem } from '../build/manifest.ts';
import { settingsFromEnv } from '../build/settings.ts';
import { createEmulator } from '../gas/index.ts';
import { clasp, claspLoggedIn, claspSaid } from '../setup/clasp.ts';
import { PROBE_FUNCTION, PROBE_SOURCE, RULES, UNOBSERVABLE } from './probes.ts';

export type Answers = Record<string, unknown>;

/** The scratch project's folder, under the checkout (git-ignored). */
export const SCRATCH = '.conformance';
export const RECORD = 'docs/conformance.md';
/** The probes never call the API; the allow-list only needs an https address it can hold. */
const PLACEHOLDER_API = 'https://api.example.com/v1';

export class ConformanceError extends Error {}

/** clasp's command for the scratch spreadsheet and its bound script, run once in .conformance/. */
export const CREATE_SCRATCH = [
  'create-script',
  '--type',
  'sheets',
  '--title',
  'Royalties conformance (scratch)',
  '--rootDir',
  'dist',
];

/** The add-on build with the self-test appended to Code.js, into `outDir`. */
export async function buildConformance(outDir: string): Promise<void> {
  const settings = settingsFromEnv();
  const apiBaseUrl = allowListProblem(settings.apiBaseUrl) ? PLACEHOLDER_API : settings.apiBaseUrl;
  await build({ ...settings, apiBaseUrl, route: 'bound' }, outDir, { forPush: true });
  appendFileSync(path.join(outDir, 'Code.js'), PROBE_SOURCE);
}

/** The self-test's answers in the emulator, on the same build. */
export function emulatorAnswers(distDir: string): Answers {
  const emulator = createEmulator({ distDir, deployment: 'bound' });
  try {
    return emulator.run<Answers>(PROBE_FUNCTION);
  } finally {
    emulator.close();
  }
}

const show = (value: unknown) => (value === undefined ? '(no answer)' : JSON.stringify(value));

/** Rule by rule: the rule, Google's answer, the emulator's, and whether they agree. */
export function compare(google: Answers, emulator: Answers) {
  return RULES.map((r) => ({
    ...r,
    google: show(google[r.id]),
    emulator: show(emulator[r.id]),
    same: show(google[r.id]) === show(emulator[r.id]),
  }));
}

function recordText(rows: ReturnType<typeof compare>, at: string, scriptId: string): string {
  const differ = rows.filter((r) => !r.same).length;
  return [
    '# Conformance: Google beside the emulator',
    '',
    `Last run against Google: ${at}, by \`npm run conformance\` (scratch script ${scriptId}).`,
    differ === 0
      ? 'Google answered every rule below as the emulator does.'
      : `**${differ} rule${differ === 1 ? '' : 's'} differ**: the emulator (local/gas/) and docs/google-rules.md must follow Google.`,
    '',
    '| rule | Google | emulator | same | source |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) => `| ${r.rule} | ${r.google} | ${r.emulator} | ${r.same ? 'yes' : '**no**'} | ${r.source} |`,
    ),
    '',
    'Not observable from a script run through the Apps Script API:',
    '',
    ...UNOBSERVABLE.map((u) => `- ${u}`),
    '',
  ].join('\n');
}

function claspIn(dir: string, args: string[], what: string) {
  const run = clasp(args, dir);
  if (!run.ok) throw new ConformanceError(`clasp could not ${what}: ${claspSaid(run)}`);
  return run;
}

/** The whole command; the exit code. */
export async function conformance(root: string, say: (line: string) => void): Promise<number> {
  const scratch = path.join(root, SCRATCH);
  mkdirSync(scratch, { recursive: true });
  if (!claspLoggedIn(scratch))
    throw new ConformanceError(
      'clasp is not logged in to Google: run `npx clasp login` (once), then npm run conformance again.',
    );
  const claspFile = path.join(scratch, '.clasp.json');
  if (!existsSync(claspFile)) {
    say('Creating the scratch spreadsheet and its bound script (once; kept in .conformance/)…');
    claspIn(scratch, CREATE_SCRATCH, 'create the scratch spreadsheet');
  }
  const project = JSON.parse(readFileSync(claspFile, 'utf8')) as { scriptId?: string; rootDir?: string };
  const dist = path.join(scratch, project.rootDir ?? 'dist');
  await buildConformance(dist);
  say(`Pushing the conformance build to the scratch script ${project.scriptId}…`);
  claspIn(
    scratch,
    ['push', '-f'],
    'push the conformance build (a refusal here may be the parser refusing its ES2020)',
  );
  say(`Running ${PROBE_FUNCTION} through the Apps Script API (clasp run)…`);
  const ran = claspIn(
    scratch,
    ['run', PROBE_FUNCTION, '--json'],
    `run ${PROBE_FUNCTION} (docs/conformance.md says how to enable clasp run)`,
  );
  let google: Answers;
  try {
    const answer = JSON.parse(ran.stdout.slice(ran.stdout.indexOf('{'))) as {
      response?: Answers;
      error?: { message?: string };
    };
    if (!answer.response)
      throw new ConformanceError(
        `clasp run answered no result: ${answer.error?.message ?? ran.stdout.trim().slice(0, 300)}`,
      );
    google = answer.response;
  } catch (err) {
    if (err instanceof ConformanceError) throw err;
    throw new ConformanceError(`clasp run's answer was not JSON: ${ran.stdout.trim().slice(0, 300)}`);
  }
  const rows = compare(google, emulatorAnswers(dist));
  const width = Math.max(...rows.map((r) => r.rule.length));
  for (const r of rows)
    say(
      `${r.same ? '  same' : 'DIFFER'}  ${r.rule.padEnd(width)}  Google ${r.google}  emulator ${r.emulator}`,
    );
  say(`Not observable from a script: ${UNOBSERVABLE.length} rules (listed in ${RECORD}).`);
  const at = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  mkdirSync(path.join(root, path.dirname(RECORD)), { recursive: true });
  writeFileSync(path.join(root, RECORD), recordText(rows, at, project.scriptId ?? '?'));
  const differ = rows.filter((r) => !r.same);
  say(
    differ.length === 0
      ? `Google agrees with the emulator on all ${rows.length} rules. Record: ${RECORD}.`
      : `${differ.length} of ${rows.length} rules differ: ${differ.map((r) => r.id).join(', ')}. Record: ${RECORD}.`,
  );
  return differ.length === 0 ? 0 : 1;
}
