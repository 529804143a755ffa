// The single source of truth for everything Apps Script must find at the top level of Code.js.
// local/build generates one top-level `function NAME(params…)` stub per entry (custom functions with
// their JSDoc, for Sheets autocomplete) and fails when the bundle and this list disagree. The custom
// functions come from their one declaration (src/core/custom-functions.ts); their parameters are
// described here. Plain data over core's declarations alone, so the Node build can read it directly.
import { type CustomFunctionName, CUSTOM_FUNCTIONS as DECLARED } from '../core/custom-functions';
import type { FormulaParam } from '../core/endpoints';

type EntryPointKind =
  /** A formula typed into a cell (runs in AuthMode.CUSTOM_FUNCTION). */
  | 'custom-function'
  /** onOpen / onInstall. */
  | 'simple-trigger'
  /** The handler of an installable time-driven trigger. */
  | 'trigger'
  /** Called from a menu item or from the sidebar through google.script.run. */
  | 'server';

interface ParamDoc {
  readonly name: string;
  /** JSDoc type shown by Sheets for custom functions. */
  readonly type: string;
  readonly description: string;
}

export interface EntryPoint {
  readonly name: string;
  readonly kind: EntryPointKind;
  readonly summary: string;
  readonly params: readonly ParamDoc[];
  /** A formula an author can copy; shown in the autocomplete description. */
  readonly example?: string;
}

/** What Sheets' autocomplete says of each parameter of a custom function. */
const FORMULA_PARAMS: Readonly<Record<FormulaParam, ParamDoc>> = {
  series_id: {
    name: 'series_id',
    type: 'string',
    description: 'Required: a series id from ROYALTIES_SERIES().',
  },
  range: { name: 'range', type: 'string', description: 'e.g. "last_30_days"; empty: sidebar setting.' },
  currency: { name: 'currency', type: 'string', description: 'e.g. "EUR"; empty: sidebar setting.' },
  interval: {
    name: 'interval',
    type: 'string',
    description: '"day" or "month"; empty lets the API choose.',
  },
  field: { name: 'field', type: 'string', description: 'One figure or column; empty: all.' },
  year: { name: 'year', type: 'number', description: 'A calendar year, e.g. 2025; empty: this year.' },
  payment_delay: {
    name: 'payment_delay',
    type: 'number',
    description: "Days from a month's end to its payment; empty: the sidebar's (60).",
  },
  /** Last in every formula: a formula given the named cell each refresh updates is recalculated after every
   * refresh (src/core/formulas/recalculation.ts); without it Sheets keeps its first figures. */
  refreshed: {
    name: 'refreshed',
    type: 'string',
    description: 'RoyaltiesRefreshed: new figures after every refresh.',
  },
};

/** Every custom function, as its declaration says. */
const CUSTOM_FUNCTIONS: readonly (EntryPoint & { readonly name: CustomFunctionName })[] = DECLARED.map(
  ({ name, summary, example, params }) => ({
    name,
    kind: 'custom-function',
    summary,
    params: params.map((p) => FORMULA_PARAMS[p]),
    example,
  }),
);

/** Every other entry point: triggers, the menu's and the sidebar's server calls. */
const OTHER_ENTRY_POINTS = [
  // Simple triggers.
  {
    name: 'onOpen',
    kind: 'simple-trigger',
    summary: 'Adds the Royalties menu when the spreadsheet opens.',
    params: [{ name: 'e', type: 'object', description: 'The open event.' }],
  },
  {
    name: 'onInstall',
    kind: 'simple-trigger',
    summary: 'Adds the menu right after the add-on is installed.',
    params: [{ name: 'e', type: 'object', description: 'The install event.' }],
  },

  // Installable trigger handler.
  {
    name: 'nightlyRefresh',
    kind: 'trigger',
    summary: 'Refreshes every tab at night with the key of the user who turned the nightly refresh on.',
    params: [{ name: 'e', type: 'object', description: 'The time-driven trigger event.' }],
  },

  // Menu items and sidebar calls.
  { name: 'showSidebar', kind: 'server', summary: 'Opens the Royalties sidebar.', params: [] },
  { name: 'showHelp', kind: 'server', summary: 'Shows a short help dialog.', params: [] },
  {
    name: 'checkInstallation',
    kind: 'server',
    summary:
      'Help ▸ Check this installation: permissions, the API and key, the night, e-mail quota, cache, lock.',
    params: [],
  },
  {
    name: 'menuRefreshAllTabs',
    kind: 'server',
    summary: 'Refresh all tabs, from the menu, with a toast for the outcome.',
    params: [],
  },
  {
    name: 'getSidebarState',
    kind: 'server',
    summary: 'Everything the sidebar shows: masked key, account, settings, nightly refresh.',
    params: [],
  },
  {
    name: 'saveApiKey',
    kind: 'server',
    summary: 'Checks a key with GET /account and stores it in user properties only if accepted.',
    params: [{ name: 'key', type: 'string', description: 'The API key.' }],
  },
  { name: 'useDemoKey', kind: 'server', summary: 'Stores the public demo key.', params: [] },
  { name: 'removeApiKey', kind: 'server', summary: 'Forgets the stored key.', params: [] },
  {
    name: 'saveSettings',
    kind: 'server',
    summary: 'Stores range, currency and the tabs to refresh for this spreadsheet.',
    params: [{ name: 'settings', type: 'object', description: 'The sidebar settings.' }],
  },
  {
    name: 'setFormulaAccess',
    kind: 'server',
    summary: "Owner only: lets formulas in this spreadsheet use the owner's key.",
    params: [{ name: 'enabled', type: 'boolean', description: 'On or off.' }],
  },
  {
    name: 'setNightlyRefresh',
    kind: 'server',
    summary: 'Turns the nightly refresh on (replacing any earlier trigger) or off.',
    params: [
      { name: 'enabled', type: 'boolean', description: 'On or off.' },
      { name: 'hour', type: 'number', description: 'Hour of the day, 0 to 23, in the script time zone.' },
    ],
  },
  {
    name: 'setMorningEmail',
    kind: 'server',
    summary: 'Chooses the e-mail after each nightly refresh: off, only when something is wrong, or daily.',
    params: [{ name: 'mode', type: 'string', description: "'off', 'problems' or 'daily'." }],
  },
  {
    name: 'saveAlertLines',
    kind: 'server',
    summary: 'Stores the alert lines of this spreadsheet (percentages), or turns alerts off.',
    params: [{ name: 'lines', type: 'object', description: 'enabled and each line in percent.' }],
  },
  {
    name: 'sendTestMorningEmail',
    kind: 'server',
    summary: 'Sends the morning e-mail now, marked as a test, to the user who asks.',
    params: [],
  },
  {
    name: 'askForPermission',
    kind: 'server',
    summary: "Asks Google for one feature's permissions (the sidebar's button on a permissions line).",
    params: [{ name: 'feature', type: 'string', description: 'The feature, as the sidebar names it.' }],
  },
  {
    name: 'getRefreshProgress',
    kind: 'server',
    summary: "The latest refresh's progress in this spreadsheet, read while it runs.",
    params: [],
  },
  {
    name: 'setSidebarFolds',
    kind: 'server',
    summary: 'Remembers which sidebar sections this user keeps open.',
    params: [{ name: 'folds', type: 'object', description: 'Section id to open (true) or folded.' }],
  },
  {
    name: 'refreshAllTabs',
    kind: 'server',
    summary: 'Lays every chosen report into its own tab; returns a summary per tab.',
    params: [
      { name: 'origin', type: 'string', description: 'Who asked: "sidebar", or "local" (npm start).' },
    ],
  },
  {
    name: 'startRefresh',
    kind: 'server',
    summary: "Starts the sidebar's refresh in parts; returns the run and how many parts to ask for.",
    params: [],
  },
  {
    name: 'refreshPart',
    kind: 'server',
    summary: "Asks the API for one part of the sidebar's refresh, in its own execution.",
    params: [
      { name: 'runId', type: 'string', description: 'The run startRefresh began.' },
      { name: 'part', type: 'number', description: 'Which part, from 0.' },
    ],
  },
  {
    name: 'finishRefresh',
    kind: 'server',
    summary:
      "Writes every tab of the sidebar's refresh from what its parts fetched; returns a summary per tab.",
    params: [{ name: 'runId', type: 'string', description: 'The run startRefresh began.' }],
  },
] as const satisfies readonly EntryPoint[];

export const ENTRY_POINTS = [...CUSTOM_FUNCTIONS, ...OTHER_ENTRY_POINTS] as const;

export type EntryPointName = (typeof ENTRY_POINTS)[number]['name'];
