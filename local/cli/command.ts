// npm start: the add-on on this machine, exported to .xlsx. Progress goes to stderr, the summary to stdout
// (text, or one JSON object with --json). Exit codes: 0 written; 1 nothing written; 2 written with failed tabs.
// The command takes its streams and environment as arguments, so tests can run it in their own process.
import { BuildError } from '../build/build.ts';
import { type ParsedArgs, parseArgs, USAGE, UsageError } from './options.ts';
import { RunError, runExport } from './run.ts';
import { summaryText } from './summary.ts';

const EXIT_WRITTEN = 0;
const EXIT_NOTHING_WRITTEN = 1;
const EXIT_SOME_TABS_FAILED = 2;

/** Where the command writes, and the environment it reads the key from. */
interface CommandIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly env: NodeJS.ProcessEnv;
}

/** Runs `npm start` with `argv` (without node and the script); resolves to the exit code. */
export async function main(argv: readonly string[], io: CommandIo): Promise<number> {
  const json = argv.includes('--json');
  const fail = (message: string, hint = ''): number => {
    io.stderr.write(`npm start: ${message}${hint}\n`);
    if (json) io.stdout.write(`${JSON.stringify({ ok: false, error: message })}\n`);
    return EXIT_NOTHING_WRITTEN;
  };

  let parsed: ParsedArgs;
  try {
    parsed = parseArgs(argv, io.env);
  } catch (err) {
    if (err instanceof UsageError) return fail(err.message, '\nRun `npm start -- --help` for the options.');
    throw err;
  }
  if (parsed.help) {
    io.stdout.write(`${USAGE}\n`);
    return EXIT_WRITTEN;
  }

  const { options } = parsed;
  try {
    const summary = await runExport(options, (message) => io.stderr.write(`${message}\n`));
    io.stdout.write(json ? `${JSON.stringify({ ok: true, ...summary })}\n` : `${summaryText(summary)}\n`);
    return summary.tabs.some((t) => t.error) ? EXIT_SOME_TABS_FAILED : EXIT_WRITTEN;
  } catch (err) {
    if (err instanceof RunError || err instanceof BuildError) return fail(err.message);
    // Not the add-on's message but a fault here (build, export, file): the stack helps whoever fixes it.
    return fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
  }
}
