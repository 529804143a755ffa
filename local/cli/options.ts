// What `npm start -- …` was asked to do. Everything here is checked before anything starts, so a typo costs
// nothing: range, currency and tabs go through the add-on's own checks (src/core/settings.ts), so the CLI
// refuses exactly what the sidebar refuses, with the same words.
import { normaliseCurrency, normalisePeriod, SettingsError } from '../../src/core/settings.ts';
import { TAB_CHOICES, type TabChoice, tabTitle } from '../../src/core/tab-ids.ts';
import { didYouMean } from './did-you-mean.ts';
import { KEY_ENV, terminalWords } from './words.ts';

export { KEY_ENV };

export const DEFAULT_OUT = 'royalties.xlsx';
export const DEFAULT_PERIOD = 'last_30_days';

export interface CliOptions {
  /** The real API's base URL (no trailing slash), or null for the local demo API. */
  readonly apiUrl: string | null;
  /** The key to save, or null to use the demo key. Never printed. */
  readonly key: string | null;
  readonly period: string;
  readonly currency: string | null;
  readonly tabs: readonly TabChoice[];
  readonly out: string;
  readonly json: boolean;
  /** Where to write the morning e-mail this run's night would send (HTML, and its plain text); null: not asked. */
  readonly emailPreview: { readonly html: string; readonly text: string } | null;
}

export type ParsedArgs = { readonly help: true } | { readonly help: false; readonly options: CliOptions };

/** A problem with what was typed: the message, then a hint to --help. Exit code 1, nothing written. */
export class UsageError extends Error {}

export const USAGE = `Usage: npm start -- [options]

Runs "Refresh all tabs" of the built add-on (dist/Code.js) in a local Apps Script emulator and writes
every tab to an .xlsx workbook. Without --api-url it uses the local demo API and its demo account.

Options:
  --api-url URL     the API's base URL, e.g. https://api.example.com/v1 (default: the local demo API)
  $${KEY_ENV}  your API key for --api-url (set it in the environment: a key typed on the
                    command line lands in the shell's history); never printed
  --key KEY         the key on the command line instead (default: the demo key without --api-url)
  --period NAME     period, e.g. last_30_days (default), last_90_days (--range NAME is the same)
  --currency CODE   ISO 4217 code such as EUR (default: the account's reporting currency)
  --tabs LIST       comma-separated tabs (default: all): ${TAB_CHOICES.join(',')}
  --out FILE        the workbook to write (default: ${DEFAULT_OUT}); replaced only when the run succeeds
  --email-preview FILE       also write the morning e-mail this run's night would send, as HTML
  --email-preview-text FILE  its plain text (default: FILE with .txt in place of its extension)
  --json            print the summary as one JSON object on stdout (progress stays on stderr)
  -h, --help        show this help

Exit codes: 0 written; 1 nothing written (bad option, unreachable API, refused key, no report
refreshed); 2 written, but some tabs could not be refreshed (their banners and the Status tab say why).`;

const VALUE_OPTIONS = [
  '--api-url',
  '--key',
  '--period',
  '--range',
  '--currency',
  '--tabs',
  '--out',
  '--email-preview',
  '--email-preview-text',
] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];
/** Every option, for "did you mean". */
const KNOWN_OPTIONS = [...VALUE_OPTIONS, '--json', '--help'];

function isValueOption(name: string): name is ValueOption {
  return (VALUE_OPTIONS as readonly string[]).includes(name);
}

function loose(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, '');
}

/** One tab by endpoint id (`books-report`) or by its tab name (`Books`, `kenp by book`). */
function tabFor(name: string): TabChoice {
  const wanted = loose(name);
  const found =
    TAB_CHOICES.find((id) => loose(id) === wanted) ??
    TAB_CHOICES.find((id) => loose(tabTitle(id)) === wanted);
  if (!found) throw new UsageError(`Unknown tab "${name}". Known tabs: ${TAB_CHOICES.join(', ')}.`);
  return found;
}

export function parseTabs(list: string): TabChoice[] {
  const names = list
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UsageError('--tabs needs at least one tab.');
  const chosen = new Set(names.map(tabFor));
  // The add-on's canonical order, whatever order was typed.
  return TAB_CHOICES.filter((id) => chosen.has(id));
}

function parseApiUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      `--api-url "${text}" is not a URL. Give the API's base URL, e.g. https://api.example.com/v1.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`--api-url must be an http(s) address, not ${url.protocol}//…`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new UsageError('--api-url must be the plain base URL, without a query, fragment or credentials.');
  }
  return url.href.replace(/\/+$/, '');
}

function settingsCheck<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof SettingsError) throw new UsageError(terminalWords(err.message));
    throw err;
  }
}

/** Reads argv (without node and the script) and the environment; throws UsageError for anything wrong. */
export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ParsedArgs {
  const given = new Map<ValueOption, string>();
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--json') {
      json = true;
      continue;
    }
    // `--range last_90_days` or `--range=last_90_days`.
    const inline = arg.startsWith('--') && arg.includes('=');
    const name = inline ? arg.slice(0, arg.indexOf('=')) : arg;
    if (!isValueOption(name)) {
      if (!arg.startsWith('-')) throw new UsageError(`Unexpected argument "${arg}".`);
      throw new UsageError(`Unknown option ${name}.${didYouMean(name, KNOWN_OPTIONS)}`);
    }
    const value = inline ? arg.slice(name.length + 1) : argv[++i];
    if (value === undefined || (!inline && value.startsWith('--')))
      throw new UsageError(`${name} needs a value.`);
    given.set(name, value);
  }

  const apiUrl = given.has('--api-url') ? parseApiUrl(given.get('--api-url') ?? '') : null;
  // The environment's key is for the real API; the demo API would refuse it.
  const rawKey = given.get('--key') ?? ((apiUrl && env[KEY_ENV]) || undefined);
  const key = rawKey === undefined ? null : rawKey.trim();
  if (key === '') throw new UsageError('--key is empty.');
  if (apiUrl && key === null) {
    throw new UsageError(`--api-url needs a key: set ${KEY_ENV} (or pass --key).`);
  }
  const out = given.get('--out') ?? DEFAULT_OUT;
  if (out.trim() === '') throw new UsageError('--out is empty.');
  const emailPreview = emailPreviewFiles(given.get('--email-preview'), given.get('--email-preview-text'));

  return {
    help: false,
    options: {
      apiUrl,
      key,
      period: settingsCheck(() =>
        normalisePeriod(given.get('--period') ?? given.get('--range') ?? DEFAULT_PERIOD),
      ),
      currency: settingsCheck(() => normaliseCurrency(given.get('--currency'))),
      tabs: given.has('--tabs') ? parseTabs(given.get('--tabs') ?? '') : [...TAB_CHOICES],
      out,
      json,
      emailPreview,
    },
  };
}

/** The e-mail preview's two files: the plain text beside the HTML unless named. */
export function emailPreviewFiles(
  html: string | undefined,
  text: string | undefined,
): CliOptions['emailPreview'] {
  if (html === undefined) {
    if (text !== undefined) throw new UsageError('--email-preview-text needs --email-preview FILE too.');
    return null;
  }
  if (html.trim() === '') throw new UsageError('--email-preview is empty.');
  if (text !== undefined && text.trim() === '') throw new UsageError('--email-preview-text is empty.');
  const sibling = /\.[^./\\]+$/.test(html) ? html.replace(/\.[^./\\]+$/, '.txt') : `${html}.txt`;
  const plain = text ?? (sibling === html ? `${html}.txt` : sibling);
  if (plain === html)
    throw new UsageError('--email-preview-text must name another file than --email-preview.');
  return { html, text: plain };
}
