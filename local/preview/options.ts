// npm run preview's options: parsed before anything is built or started, so `--help` only prints.
import net from 'node:net';
import { didYouMean } from '../cli/did-you-mean.ts';

const DEFAULT_PREVIEW_PORT = 8790;

export const PREVIEW_USAGE = `Usage: npm run preview -- [options]

Builds the add-on, then serves the built sidebar wired to the Apps Script emulator and the local demo API:
open the address it prints. Ctrl+C stops it.

Options:
  --port N        serve on http://127.0.0.1:N (default ${DEFAULT_PREVIEW_PORT}; 0 picks a free port)
  --latency MS    every API answer waits MS milliseconds, as a slow API would, so a refresh can be watched
  --help          print this help`;

interface PreviewArgs {
  readonly help: boolean;
  readonly port: number;
  readonly latencyMs: number;
}

export class PreviewUsageError extends Error {}

function wholeNumber(flag: string, text: string | undefined, max: number): number {
  if (text === undefined) throw new PreviewUsageError(`${flag} needs a number.`);
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > max)
    throw new PreviewUsageError(`${flag} takes a whole number from 0 to ${max}, not ${text}.`);
  return n;
}

export function parsePreviewArgs(argv: readonly string[]): PreviewArgs {
  let help = false;
  let port = DEFAULT_PREVIEW_PORT;
  let latencyMs = 0;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') help = true;
    else if (arg === '--port') port = wholeNumber(arg, argv[++i], 65_535);
    else if (arg === '--latency') latencyMs = wholeNumber(arg, argv[++i], 600_000);
    else
      throw new PreviewUsageError(
        `Unknown option ${arg}.${didYouMean(arg, ['--port', '--latency', '--help'])} Run \`npm run preview -- --help\` for the options.`,
      );
  }
  return { help, port, latencyMs };
}

/** A port already taken, in one line that says what to do. */
export function portInUseMessage(port: number): string {
  return `Port ${port} is in use (another preview still running?). Stop it, or choose another port: npm run preview -- --port ${port + 1}`;
}

/** Whether the preview could listen on 127.0.0.1:port now (0 always can). */
export function portIsFree(port: number): Promise<boolean> {
  if (port === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
