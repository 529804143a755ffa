// The add-on's messages are written for the sidebar; in the terminal the same advice names command-line
// options instead ("save it in the Royalties sidebar" means nothing to someone running npm start).
import { SAVE_KEY_HERE, SAVE_KEY_IN_SIDEBAR } from '../../src/core/base/phrases.ts';
import { CURRENCY_ADVICE, PERIOD_ADVICE } from '../../src/core/settings.ts';

/** Where a key for the real API comes from: the environment keeps it out of shell history. */
export const KEY_ENV = 'ROYALTIES_API_KEY';

/** Where a key goes, with --api-url given (the real API) or not (the local demo, which takes its demo key only). */
function keyAdvice(apiUrlGiven: boolean): string {
  return apiUrlGiven
    ? `pass it in ${KEY_ENV} (or --key), or leave out --api-url to use the demo account.`
    : `give --api-url with the API's address and the key in ${KEY_ENV} (or --key), or leave out --key to use the demo account.`;
}

const REPLACEMENTS: ReadonlyArray<readonly [string | RegExp, string]> = [
  [PERIOD_ADVICE, 'Use --period with a name such as last_30_days, or leave --period out for the default.'],
  [CURRENCY_ADVICE, 'Use --currency with a three-letter code such as USD, EUR or GBP, or leave it out.'],
  [/^The range "/, '--period "'],
  [/^The currency "/, '--currency "'],
];

export function terminalWords(message: string, apiUrlGiven = true): string {
  let out = message
    .replace(SAVE_KEY_IN_SIDEBAR, keyAdvice(apiUrlGiven))
    .replace(SAVE_KEY_HERE, keyAdvice(apiUrlGiven));
  for (const [from, to] of REPLACEMENTS) out = out.replace(from, to);
  return out;
}
