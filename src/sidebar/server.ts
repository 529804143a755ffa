// The sidebar's one door to the server: the only module that touches google.script.run. Every call is
// typed by what the entry point registry declares (entrypoints/server-calls.ts, computed from it), so a
// misspelt name, a call that is not a server entry point or a wrong argument list fails typecheck.

import type { ServerCalls } from '../entrypoints/server-calls';

type Handler = (value: unknown) => void;
interface ScriptRun {
  withSuccessHandler(handler: Handler): ScriptRun;
  withFailureHandler(handler: (error: unknown) => void): ScriptRun;
  [name: string]: unknown;
}
declare const google: { script: { run: ScriptRun } };

/** Apps Script prefixes some server errors ("Exception: …"); the author needs only the sentence. */
function plainError(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : String(error);
  return text.replace(/^(Exception|Error|ScriptError):\s*/i, '') || 'Something went wrong on the server.';
}

export function callServer<K extends keyof ServerCalls>(
  name: K,
  ...args: ServerCalls[K]['args']
): Promise<ServerCalls[K]['result']> {
  return new Promise((resolve, reject) => {
    const runner = google.script.run
      .withSuccessHandler((value) => resolve(value as ServerCalls[K]['result']))
      .withFailureHandler((error) => reject(new Error(plainError(error))));
    const method = runner[name];
    if (typeof method !== 'function') {
      reject(new Error(`The server has no ${name}.`));
      return;
    }
    (method as (...a: unknown[]) => void).apply(runner, args);
  });
}
