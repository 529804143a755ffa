// Help ▸ Check this installation: what works for this author in this spreadsheet, one line each, in plain
// words with what to do. Every answer comes through the ports (src/platform/installation.ts wires them to
// Apps Script); a port that throws costs its own line only, and Google's text never reaches a line: a
// refused permission is named in Google's consent words, anything else is said in ours.
import { ApiError } from '../api';
import { OPEN_SIDEBAR } from '../base/phrases';
import { messageOf } from '../base/unknown';
import {
  FEATURES,
  type FeatureId,
  GRANT_IN_SIDEBAR,
  type MissingPermission,
  missingLine,
  scopesRefused,
  scopeWords,
} from '../permissions';
import type { NightlyRun } from './sidebar-state';

/** ok: works; off: not in use, nothing wrong; problem: something to do; unchecked: could not be asked. */
export type LineStatus = 'ok' | 'off' | 'problem' | 'unchecked';

export interface InstallationLine {
  /** `permission.<feature>`, `api`, `nightly`, `last-night`, `email-quota`, `cache`, `lock`. */
  readonly id: string;
  readonly status: LineStatus;
  /** One or two sentences: what was found and, unless all is well, what to do. */
  readonly text: string;
}

export interface NightlyTrigger {
  /** present: this user's trigger exists; gone: its id is kept but Google has no such trigger; none. */
  readonly trigger: 'present' | 'gone' | 'none';
  readonly hour: number;
  readonly timeZone: string;
  readonly lastRun: NightlyRun | null;
}

/** What the check asks of Apps Script and the API. Any of them may throw. */
export interface InstallationPorts {
  now(): number;
  /** An instant as the author reads it, in the spreadsheet's time zone. */
  formatTime(ms: number): string;
  /** The features that lack a permission. (Google wanting the whole grant again needs no line: the menu
   * item then shows Google's own prompt before the check can run.) */
  permissions(): readonly MissingPermission[];
  keySaved(): boolean;
  /** Asks the API for the account with the saved key, past any cache; throws the client's ApiError. */
  askAccount(): void;
  nightly(): NightlyTrigger;
  /** MailApp.getRemainingDailyQuota: recipients left today. */
  emailQuota(): number;
  /** Puts a value in the cache and reads it back: whether the same value came back. */
  cacheAnswers(): boolean;
  /** Tries the refresh lock for a moment: whether it was had (and released). */
  lockAnswers(): boolean;
}

export interface InstallationCheck {
  readonly at: number;
  readonly lines: readonly InstallationLine[];
}

const TRY_AGAIN = 'Check again in a few minutes; if it lasts, copy the text below for support.';

/** A night older than this, with the trigger present, means the trigger may not be running. */
const NIGHT_OVERDUE_MS = 36 * 60 * 60 * 1000;

/** What a port's throw says on its line: a permission in Google's consent words, else our own words. */
function unanswered(id: string, what: string, error: unknown): InstallationLine {
  const scopes = scopesRefused(messageOf(error));
  return scopes
    ? {
        id,
        status: 'problem',
        text: `${what} could not be checked: it needs the permission ${scopeWords(scopes)}. ${GRANT_IN_SIDEBAR}`,
      }
    : { id, status: 'unchecked', text: `${what}: Google did not answer the check. ${TRY_AGAIN}` };
}

/** Runs `check` for one line; a throw becomes that line's "could not be checked". */
function line(id: string, what: string, check: () => InstallationLine): InstallationLine {
  try {
    return check();
  } catch (error) {
    return unanswered(id, what, error);
  }
}

function permissionLines(ports: InstallationPorts): {
  lines: InstallationLine[];
  missing: ReadonlySet<FeatureId>;
} {
  let lacking: readonly MissingPermission[];
  try {
    lacking = ports.permissions();
  } catch (error) {
    return { lines: [unanswered('permissions', 'The permissions', error)], missing: new Set() };
  }
  const missing = new Set(lacking.map((m) => m.feature));
  const lines: InstallationLine[] = FEATURES.map(({ id, name }) => {
    const without = lacking.find((m) => m.feature === id);
    return without
      ? {
          id: `permission.${id}`,
          status: 'problem',
          text: `${missingLine(id, without.scopes)} ${GRANT_IN_SIDEBAR}`,
        }
      : {
          id: `permission.${id}`,
          status: 'ok',
          text: `${name}: permission granted.`,
        };
  });
  return { lines, missing };
}

const API_UNREACHABLE = new Set(['network', 'timeout', 'server', 'rate-limited', 'out-of-time']);

function apiLine(ports: InstallationPorts, missing: ReadonlySet<FeatureId>): InstallationLine {
  const id = 'api';
  if (missing.has('api'))
    return {
      id,
      status: 'unchecked',
      text: 'The API was not asked: it needs the permission to connect to an external service (above).',
    };
  return line(id, 'The API', () => {
    if (!ports.keySaved())
      return {
        id,
        status: 'problem',
        text: `No API key is saved for you in this spreadsheet: open ${OPEN_SIDEBAR} and save your key.`,
      };
    try {
      ports.askAccount();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (API_UNREACHABLE.has(error.kind))
        return {
          id,
          status: 'problem',
          text: `The API could not be reached or did not answer in time. Check the internet connection and the API's status page; ${TRY_AGAIN}`,
        };
      // Our own sentence for the refusal (the key redacted, the server's words quoted).
      return { id, status: 'problem', text: `The API answered but refused: ${error.message}` };
    }
    return { id, status: 'ok', text: 'The API answered and accepted your key.' };
  });
}

function hourText(hour: number, timeZone: string): string {
  return `${String(hour).padStart(2, '0')}:00 (${timeZone})`;
}

function nightlyLines(ports: InstallationPorts, missing: ReadonlySet<FeatureId>): InstallationLine[] {
  if (missing.has('nightly'))
    return [
      {
        id: 'nightly',
        status: 'unchecked',
        text: 'The nightly refresh was not looked at: it needs its permission (above).',
      },
    ];
  let night: NightlyTrigger;
  try {
    night = ports.nightly();
  } catch (error) {
    return [unanswered('nightly', 'The nightly refresh', error)];
  }
  const trigger: InstallationLine =
    night.trigger === 'present'
      ? {
          id: 'nightly',
          status: 'ok',
          text: `The nightly refresh is on at ${hourText(night.hour, night.timeZone)}, by your own trigger: it runs as you, with your key.`,
        }
      : night.trigger === 'gone'
        ? {
            id: 'nightly',
            status: 'problem',
            text: `Your nightly refresh's trigger is gone (deleted in Apps Script's Triggers page, or by Google): turn the nightly refresh off and on again in ${OPEN_SIDEBAR}.`,
          }
        : {
            id: 'nightly',
            status: 'off',
            text: `You have no nightly refresh in this spreadsheet; turn it on in ${OPEN_SIDEBAR} to have the tabs refreshed every night. Each person's nightly refresh is their own: another editor's does not show here.`,
          };
  return [trigger, lastNightLine(ports, night)];
}

function lastNightLine(ports: InstallationPorts, night: NightlyTrigger): InstallationLine {
  const id = 'last-night';
  const run = night.lastRun;
  if (!run) return { id, status: 'off', text: 'No nightly refresh has run in this spreadsheet yet.' };
  const at = Date.parse(run.at);
  const when = Number.isNaN(at) ? run.at : ports.formatTime(at);
  if (!run.ok)
    return {
      id,
      status: 'problem',
      text: `The last nightly refresh (${when}) did not go well: ${run.message}`,
    };
  if (night.trigger === 'present' && ports.now() - at > NIGHT_OVERDUE_MS)
    return {
      id,
      status: 'problem',
      text: `The last nightly refresh ran on ${when}, more than a day ago, although the trigger is there: turn the nightly refresh off and on again in ${OPEN_SIDEBAR}.`,
    };
  return { id, status: 'ok', text: `The last nightly refresh (${when}) went well: ${run.message}` };
}

function emailLine(ports: InstallationPorts, missing: ReadonlySet<FeatureId>): InstallationLine {
  const id = 'email-quota';
  if (missing.has('email'))
    return {
      id,
      status: 'unchecked',
      text: "Your e-mail quota was not asked: Google answers it only with the morning e-mail's permission (above).",
    };
  return line(id, 'Your e-mail quota', () => {
    const left = ports.emailQuota();
    return left > 0
      ? {
          id,
          status: 'ok',
          text: `Google lets you e-mail ${left} more ${left === 1 ? 'recipient' : 'recipients'} today; the morning e-mail needs one.`,
        }
      : {
          id,
          status: 'problem',
          text: "Google's daily e-mail quota for your account is used up (scripts and add-ons share it): no morning e-mail is sent until it refreshes, within 24 hours.",
        };
  });
}

function cacheLine(ports: InstallationPorts): InstallationLine {
  const id = 'cache';
  return line(id, "Google's cache", () =>
    ports.cacheAnswers()
      ? { id, status: 'ok', text: "Google's cache answered." }
      : {
          id,
          status: 'problem',
          text: `Google's cache did not keep a value: figures still arrive, only slower (each formula asks the API itself). ${TRY_AGAIN}`,
        },
  );
}

function lockLine(ports: InstallationPorts): InstallationLine {
  const id = 'lock';
  return line(id, "Google's lock", () =>
    ports.lockAnswers()
      ? { id, status: 'ok', text: "Google's lock answered: no other refresh is running now." }
      : {
          id,
          status: 'off',
          text: 'Another refresh holds the lock right now: let it finish (the Status tab says when), then check again.',
        },
  );
}

/** Every line, in the order an author would fix them: permissions, the API, the night, e-mail, services. */
export function checkInstallation(ports: InstallationPorts): InstallationCheck {
  const at = ports.now();
  const { lines: permissions, missing } = permissionLines(ports);
  return {
    at,
    lines: [
      ...permissions,
      apiLine(ports, missing),
      ...nightlyLines(ports, missing),
      emailLine(ports, missing),
      cacheLine(ports),
      lockLine(ports),
    ],
  };
}
