// The last net under every entry point: Google's refusals (a rate limit, a daily quota, a timeout, a
// passing fault, a busy lock) leave an execution as a sentence in the author's words, and Google's own text
// goes to the execution log only (core/google-faults.ts classifies). Errors of ours pass as they are.
import { GoogleRefusal, logGoogleTextTo, plainGoogleError } from '../core/google-faults';
import { logGoogle } from './optional-services';

type EntryPoint = (...args: never[]) => unknown;

/** A formula that cannot answer says why, and when it asks again. */
export const FORMULA_ASKS_AGAIN = 'This cell asks again at the next refresh, or when it is edited.';

/** Each entry point of the group behind the net; `after`: a sentence added to what the author reads. */
export function saidPlainly<G extends Readonly<Record<string, EntryPoint>>>(group: G, after?: string): G {
  const wrapped: Record<string, EntryPoint> = {};
  for (const [name, run] of Object.entries(group)) {
    wrapped[name] = (...args: never[]) => {
      logGoogleTextTo(logGoogle);
      try {
        return run(...args);
      } catch (err) {
        const plain = plainGoogleError(err);
        if (!(plain instanceof GoogleRefusal)) throw err;
        logGoogle(`${name}: Google refused: ${plain.googleText}`);
        throw new Error(after ? `${plain.message} ${after}` : plain.message);
      }
    };
  }
  return wrapped as G;
}
