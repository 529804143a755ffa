// The last net under every entry point: Google's refusals (a rate limit, a daily quota, a timeout, a
// passing fault, a busy lock) leave an execution as a sentence in the author's words, and Google's own text
// goes to the log port only (core/google-faults.ts classifies). Errors of ours pass as they are.
// platform/plain-refusals.ts wires the execution log.
import { GoogleRefusal, logGoogleTextTo, plainGoogleError } from '../google-faults';

type EntryPoint = (...args: never[]) => unknown;

/** A formula that cannot answer says why, and when it asks again. */
export const FORMULA_ASKS_AGAIN = 'This cell asks again at the next refresh, or when it is edited.';

/** Each entry point of the group behind the net; `log`: where Google's words go; `after`: a sentence
 * added to what the author reads. */
export function plainEntryPoints<G extends Readonly<Record<string, EntryPoint>>>(
  group: G,
  log: (text: string) => void,
  after?: string,
): G {
  const wrapped: Record<string, EntryPoint> = {};
  for (const [name, run] of Object.entries(group)) {
    wrapped[name] = (...args: never[]) => {
      logGoogleTextTo(log);
      try {
        return run(...args);
      } catch (err) {
        const plain = plainGoogleError(err);
        if (!(plain instanceof GoogleRefusal)) throw err;
        log(`${name}: Google refused: ${plain.googleText}`);
        throw new Error(after ? `${plain.message} ${after}` : plain.message);
      }
    };
  }
  return wrapped as G;
}
