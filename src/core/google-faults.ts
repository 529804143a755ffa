// Google's own services refusing: one classification of their exceptions, over the message text (the only
// thing Apps Script gives), what each kind allows (retried or not), and the sentence an author reads.
// Google's text goes to the log only. Sources of each text: docs/google-rules.md.

import { PRODUCT, TRY_LATER } from './base/phrases';
import { messageOf } from './base/unknown';
import { scopesRefused } from './permissions';
import type { ClockPort } from './ports';

export type GoogleFaultKind =
  /** Too many calls in a short time: pause and ask again, a few times, within the execution's time. */
  | 'rate-limit'
  /** A daily quota spent: never asked again today; it comes back within 24 hours. */
  | 'daily-quota'
  /** Google's service took too long, or failed for a moment: asked again once where that is safe. */
  | 'timeout'
  | 'unavailable'
  /** Another execution held the lock for too long. */
  | 'lock-busy'
  /** A permission not granted (core/permissions.ts says it). */
  | 'permission'
  /** Too large for Google to take: never asked again as it is. */
  | 'too-large';

export interface GoogleFault {
  readonly kind: GoogleFaultKind;
  /** Google's name of the service when its text gives one (`cache`, `urlfetch`, `Spreadsheets`, `lock`…). */
  readonly service: string;
}

const RULES: readonly [RegExp, GoogleFaultKind, string?][] = [
  [/Service invoked too many times in a short time: (\w+)/i, 'rate-limit'],
  [/too many LockService operations/i, 'rate-limit', 'lock'],
  [/Service invoked too many times for one day: (\w+)/i, 'daily-quota'],
  [/Service using too much computer time for one day/i, 'daily-quota', 'triggers'],
  [/Service (\w+) timed out/i, 'timeout'],
  [/Service (\w+) failed while accessing/i, 'unavailable'],
  [/Service unavailable: (\w+)/i, 'unavailable'],
  [/a server error occurred\. Please wait a bit/i, 'unavailable', 'Apps Script'],
  [/^Lock timeout/i, 'lock-busy', 'lock'],
  [/^(Result too large|Argument too large)/i, 'too-large', 'Apps Script'],
];

/** What Google's exception is, or null when it is not one of these (an error of ours, the API's). */
export function googleFaultOf(error: unknown): GoogleFault | null {
  const text = messageOf(error);
  if (scopesRefused(text)) return { kind: 'permission', service: 'Apps Script' };
  for (const [pattern, kind, service] of RULES) {
    const m = pattern.exec(text);
    if (m) return { kind, service: service ?? m[1]! };
  }
  return null;
}

/** What Google's daily quotas are for, in an author's words. */
const DAILY_ALLOWANCE: Readonly<Record<string, string>> = {
  urlfetch: 'requests to the internet',
  email: 'e-mails',
  triggers: 'time for scheduled runs such as the nightly refresh',
};

const SERVICE_WORDS: Readonly<Record<string, string>> = {
  cache: 'its short-term memory',
  properties: 'your saved settings',
  lock: 'its lock on the spreadsheet',
  lockbean: 'its lock on the spreadsheet',
  spreadsheets: 'this spreadsheet',
  urlfetch: 'the internet',
};

function serviceWords(service: string): string {
  return SERVICE_WORDS[service.toLowerCase()] ?? 'one of its services';
}

/** Google's quotas are refreshed at the end of a 24-hour window whose start Google does not say
 * (guides/services/quotas): back by this time tomorrow at the latest. */
export const DAILY_QUOTA_BACK = 'It comes back within 24 hours, by this time tomorrow at the latest';

/** The sentence an author reads: what happened, in their words, and what to do. Never Google's text. */
export function googleFaultSentence(fault: GoogleFault): string {
  switch (fault.kind) {
    case 'rate-limit':
      return `Google asked ${PRODUCT} to slow down: too many uses of ${serviceWords(fault.service)} in a short time. Try again in a minute.`;
    case 'daily-quota': {
      const what = DAILY_ALLOWANCE[fault.service.toLowerCase()] ?? 'uses of one of its services';
      return `Google's daily allowance of ${what} for your Google account is used up (every script and add-on you use shares it). ${DAILY_QUOTA_BACK}; ${PRODUCT} tries again then.`;
    }
    case 'timeout':
      return `Google took too long to answer while working on ${serviceWords(fault.service)}. ${TRY_LATER}`;
    case 'unavailable':
      return `Google could not work on ${serviceWords(fault.service)} just now (a passing fault at Google). ${TRY_LATER}`;
    case 'lock-busy':
      return `Another refresh or formula kept the spreadsheet busy for too long. Try again in a minute.`;
    case 'permission':
      return `${PRODUCT} is missing a permission: open the Royalties sidebar to grant it.`;
    case 'too-large':
      return `Too much for Google to take in one go: choose a shorter period or fewer figures.`;
  }
}

/** Google's exception as the author's sentence (its text kept for the log); anything else as it was. */
export class GoogleRefusal extends Error {
  override name = 'GoogleRefusal';
  constructor(
    readonly fault: GoogleFault,
    /** Google's own words: for the log only. */
    readonly googleText: string,
  ) {
    super(googleFaultSentence(fault));
  }
}

/** The faults the refusal net words for the author (a permission and too-large are said where they
 * happen, as before: core/permissions.ts, core/formulas/result-size.ts). */
const WORDED: readonly GoogleFaultKind[] = [
  'rate-limit',
  'daily-quota',
  'timeout',
  'unavailable',
  'lock-busy',
];

/** The error an author may see: Google's refusal as a GoogleRefusal, anything else unchanged. */
export function plainGoogleError(error: unknown): unknown {
  if (error instanceof GoogleRefusal) return error;
  const fault = googleFaultOf(error);
  return fault && WORDED.includes(fault.kind) ? new GoogleRefusal(fault, messageOf(error)) : error;
}

/** How often each kind is tried in all, and the first pause (doubled each time). Google's own advice for
 * a rate limit is a second between calls; its windows are not published. */
const ATTEMPTS: Readonly<Record<GoogleFaultKind, { tries: number; pauseMs: number }>> = {
  'rate-limit': { tries: 3, pauseMs: 1000 },
  'daily-quota': { tries: 1, pauseMs: 0 },
  timeout: { tries: 2, pauseMs: 0 },
  unavailable: { tries: 2, pauseMs: 1000 },
  'lock-busy': { tries: 1, pauseMs: 0 },
  permission: { tries: 1, pauseMs: 0 },
  'too-large': { tries: 1, pauseMs: 0 },
};

export interface GoogleCallOptions {
  readonly clock: ClockPort;
  /** No pause that would end after this (the execution's time; absolute on the clock). */
  readonly deadline: number;
  /** A timeout or a passing fault is asked again once only when the call can be repeated without harm
   * (a read, or a write of the same cells with the same values). */
  readonly safeToRepeat: boolean;
  /** Where Google's words go (the execution log). */
  readonly log?: (text: string) => void;
}

/** A call to a required Google service, asked again as its fault allows; what still fails is thrown as
 * a GoogleRefusal (or as it was, when not Google's). */
export function callGoogle<T>(run: () => T, options: GoogleCallOptions): T {
  const { clock, deadline, safeToRepeat, log } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return run();
    } catch (err) {
      const fault = googleFaultOf(err);
      if (!fault) throw err;
      log?.(`Google refused (${fault.kind}, attempt ${attempt}): ${messageOf(err)}`);
      const { tries, pauseMs } = ATTEMPTS[fault.kind];
      const repeatable = fault.kind === 'rate-limit' || safeToRepeat;
      const pause = pauseMs * 2 ** (attempt - 1);
      if (!repeatable || attempt >= tries || clock.now() + pause >= deadline) throw plainGoogleError(err);
      if (pause > 0) clock.sleep(pause);
    }
  }
}

/** A call to an optional service (a cache, a lock, a read that only saves work): whatever it throws, the
 * caller goes on with `fallback` (at worst a request made twice). Google's words go to the log. */
export function optionalCall<T>(run: () => T, fallback: T, log?: (text: string) => void): T {
  try {
    return run();
  } catch (err) {
    log?.(`An optional service failed; going on without it: ${messageOf(err)}`);
    return fallback;
  }
}

/** Where Google's own words go once said plainly (the platform's execution log; nowhere in tests). */
let googleLog: ((text: string) => void) | undefined;

/** Set once per execution by the platform layer. */
export function logGoogleTextTo(log: (text: string) => void): void {
  googleLog = log;
}

/** What anything thrown says, for an author: Google's refusals as a sentence in their words (Google's text
 * to the log), anything else as it says itself. */
export function plainMessageOf(error: unknown): string {
  const plain = plainGoogleError(error);
  if (plain instanceof GoogleRefusal) {
    googleLog?.(`Google refused: ${plain.googleText}`);
    return plain.message;
  }
  return messageOf(error);
}
