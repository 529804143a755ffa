// Saving the author's API key from the sidebar: refused for its shape before anything is asked, then checked
// with GET /account before it is stored, so a rejected key never reaches the properties; the sidebar gets
// the account to show in return. platform/account.ts builds the ports.
import { type AccountView, type ApiClient, accountView, checkApiKey } from '../api';
import { KEY_CHECK_BUDGET_MS } from '../key-check';
import { inTheKeyField } from '../key-field';

export interface KeySavePorts {
  /** A client with this key, spending at most `budgetMs`; what it fetches is kept in the document's
   * response cache, where the sidebar reloading right after finds the account. */
  client(apiKey: string, budgetMs: number): ApiClient;
  /** The key stored beside its fingerprint, in one write (what formulas knew of the old key dropped). */
  storeKey(apiKey: string): void;
}

export function saveKey(value: unknown, ports: KeySavePorts): AccountView {
  const apiKey = checkApiKey(value);
  let account: AccountView;
  try {
    // Asked of the API now, never of a cache: the point is whether it accepts this key.
    const response = ports
      .client(apiKey, KEY_CHECK_BUDGET_MS)
      .fetch({ endpoint: 'account' }, { readCache: false });
    account = accountView(response.data, apiKey); // refuses an answer with nothing in it
  } catch (err) {
    throw inTheKeyField(err);
  }
  ports.storeKey(apiKey);
  return account;
}
