// The sidebar's server calls, in their order: the state it shows on every open (each store read once,
// whole; the account read through the response cache, so last sync and covered-through are today's and a
// key revoked since shows as its error), the settings saved (a period or currency that changed tried with
// the API first), the sections it keeps open, the help dialog. platform/sidebar.ts builds the port.
import { type ApiClient, ApiError, accountView } from '../api';
import { PRODUCT } from '../base/phrases';
import { messageOf, parseJson } from '../base/unknown';
import { withFreshness } from '../freshness';
import type { FeatureId, MissingPermission } from '../permissions';
import { reportRequest } from '../refresh';
import { parseSettings, type RoyaltiesSettings } from '../settings';
import type { AccountSummary, SidebarState } from './sidebar-state';

/** Which sidebar sections this user keeps open: their own, in user properties. */
const FOLDS_PROPERTY = 'royalties.folds';

interface Values {
  getProperty(key: string): string | null;
}

/** What the sidebar's state is read from; `U` and `D`: the user's and the document's stores read whole. */
export interface SidebarStatePort<U extends Values, D> {
  missingPermissions(): MissingPermission[];
  /** Ends the execution with Google's prompt for these features' scopes. */
  askFor(features: readonly FeatureId[]): void;
  userValues(): U;
  documentValues(): D;
  apiKey(user: U): string | null;
  /** The sidebar's client: answers within seconds, through the document's response cache. */
  client(apiKey: string): ApiClient;
  now(): number;
  isOwner(): boolean;
  formulaAccessOn(user: U): boolean;
  /** The rest of the state, each read from the stores given. */
  parts(
    user: U,
    document: D,
  ): Omit<
    SidebarState,
    | 'keySaved'
    | 'account'
    | 'accountError'
    | 'isOwner'
    | 'formulaAccess'
    | 'folds'
    | 'permissions'
    | 'stoppedRefresh'
  >;
  stoppedRefresh(document: D): string | undefined;
}

/** No key: neither an account nor an error. */
function readAccount(apiKey: string | null, client: (apiKey: string) => ApiClient, now: () => number) {
  let account: AccountSummary | null = null;
  let accountError: string | null = null;
  try {
    if (apiKey) {
      const response = client(apiKey).fetch({ endpoint: 'account' });
      account = withFreshness(accountView(response.data, apiKey), now());
    }
  } catch (error) {
    accountError = messageOf(error);
  }
  return { account, accountError };
}

export function sidebarState<U extends Values, D>(port: SidebarStatePort<U, D>): SidebarState {
  // Nothing the sidebar shows can be read without the spreadsheet's own permission: Google asks for it now.
  const permissions = port.missingPermissions();
  if (permissions.some((p) => p.feature === 'spreadsheet')) port.askFor(['spreadsheet']);
  // The author waits for this on every sidebar open: each store is read once, whole (nothing here writes).
  const user = port.userValues();
  const document = port.documentValues();
  const apiKey = port.apiKey(user);
  const owner = port.isOwner();
  const stoppedRefresh = port.stoppedRefresh(document);
  const account = readAccount(apiKey, port.client, port.now);
  // An editor reads their own user properties, not the owner's, so only the owner can know.
  const formulaAccess = owner ? port.formulaAccessOn(user) : null;
  const { settings, nightly, version, refresh, lastRefresh, status, mismatches, alertLines } = port.parts(
    user,
    document,
  );
  return {
    keySaved: apiKey !== null,
    ...account,
    settings,
    isOwner: owner,
    formulaAccess,
    nightly,
    ...(stoppedRefresh && { stoppedRefresh }),
    version,
    refresh,
    lastRefresh,
    status,
    mismatches,
    folds: parseJson(user.getProperty(FOLDS_PROPERTY)),
    alertLines,
    permissions,
  };
}

export interface SettingsSavePort {
  apiKey(): string | null;
  storedSettings(): RoyaltiesSettings;
  client(apiKey: string): ApiClient;
  store(settings: RoyaltiesSettings): void;
}

/** A period or currency that changed is tried with the API once: what it refuses is refused here, in its
 * own words, rather than by every tab of the next refresh. An API that cannot answer now refuses nothing. */
export function saveSettings(input: unknown, port: SettingsSavePort): RoyaltiesSettings {
  const settings = parseSettings(input);
  const apiKey = port.apiKey();
  const before = port.storedSettings();
  if (apiKey && (settings.period !== before.period || settings.currency !== before.currency)) {
    try {
      port.client(apiKey).fetch(reportRequest('summary', settings));
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'bad-request') throw new Error(error.message);
    }
  }
  port.store(settings);
  return settings;
}

/** The sections the sidebar keeps open, as it sends them, cut to what a property should hold. */
export function saveFolds(folds: unknown, save: (key: string, text: string) => void): void {
  save(FOLDS_PROPERTY, JSON.stringify(folds ?? {}).slice(0, 500));
}

/** The help text, an HTML file of its own, in a dialog of this size under the product's name. */
export function showHelp(show: (file: string, title: string, width: number, height: number) => void): void {
  show('Help', PRODUCT, 460, 340);
}
