// npm run setup's options, parsed before anything talks to clasp, so `--help` only prints.

const DEFAULT_TITLE = 'Royalties for Sheets';

export const SETUP_USAGE = `Usage: npm run setup -- [options]

From this clone to a spreadsheet on Google in one command: checks that clasp is logged in, checks the API's
base URL can be allow-listed, creates a new spreadsheet with its bound Apps Script project (or binds to the
script you name), writes .clasp.json, builds the add-on for your API and pushes it. Run it again to push
again to the same script. A failure changes nothing in .clasp.json.

Options:
  --api-url URL     the API's base URL, https:// with a path (e.g. https://api.example.com/v1); default
                    ROYALTIES_API_BASE_URL, else you are asked
  --script-id ID    bind to an existing Apps Script project (Extensions ▸ Apps Script ▸ Project settings
                    of your spreadsheet) instead of creating a new spreadsheet
  --title TEXT      the new spreadsheet's and project's name (default "${DEFAULT_TITLE}"; the menu takes
                    the project's name)
  --template        make a template to share instead: a new spreadsheet of its own with the bound script and
                    no key, pushed from a scratch folder so .clasp.json is not touched; prints its copy link
                    (docs/template.md). With --script-id, pushes the current build to that template again
  --help            print this help

ROYALTIES_DEMO_KEY, when set, is the key "Try the demo account" uses.`;

interface SetupArgs {
  readonly help: boolean;
  readonly apiUrl: string | null;
  readonly scriptId: string | null;
  readonly title: string;
  readonly template: boolean;
}

export class SetupUsageError extends Error {}

const VALUE_OPTIONS = ['--api-url', '--script-id', '--title'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];

export function parseSetupArgs(argv: readonly string[]): SetupArgs {
  const given = new Map<ValueOption, string>();
  let template = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h')
      return { help: true, apiUrl: null, scriptId: null, title: DEFAULT_TITLE, template: false };
    if (arg === '--template') {
      template = true;
      continue;
    }
    const inline = arg.startsWith('--') && arg.includes('=');
    const name = inline ? arg.slice(0, arg.indexOf('=')) : arg;
    if (!(VALUE_OPTIONS as readonly string[]).includes(name))
      throw new SetupUsageError(`Unknown option ${arg}. Run \`npm run setup -- --help\` for the options.`);
    const value = inline ? arg.slice(name.length + 1) : argv[++i];
    if (value === undefined || value.trim() === '' || (!inline && value.startsWith('--')))
      throw new SetupUsageError(`${name} needs a value.`);
    given.set(name as ValueOption, value.trim());
  }
  const scriptId = given.get('--script-id') ?? null;
  // Script ids are letters, digits, - and _ (they sit in script.google.com/d/<id>/edit).
  if (scriptId !== null && !/^[\w-]{10,}$/.test(scriptId))
    throw new SetupUsageError(
      `--script-id "${scriptId}" does not look like a script id: copy it from Extensions ▸ Apps Script ▸ Project settings.`,
    );
  return {
    help: false,
    apiUrl: given.get('--api-url')?.replace(/\/+$/, '') ?? null,
    scriptId,
    title: given.get('--title') ?? (template ? `${DEFAULT_TITLE} (template)` : DEFAULT_TITLE),
    template,
  };
}
