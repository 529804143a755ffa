// The sidebar's key entry points. A key is checked with GET /account before it is stored, so a
// rejected key never reaches the properties; the sidebar gets the account to show in return.
import { type AccountView, accountView, checkApiKey } from '../core/api';
import { KEY_CHECK_BUDGET_MS } from '../core/key-check';
import { inTheKeyField } from '../core/key-field';
import { platformClient } from './api';
import { buildConfig } from './build-config';
import { keyStore } from './key-store';

export function saveApiKey(value: unknown): AccountView {
  const apiKey = checkApiKey(value);
  let account: AccountView;
  try {
    // Asked of the API now, never of a cache: the point is whether it accepts this key. The answer is
    // kept in the document's response cache, where the sidebar reloading right after finds the account.
    const client = platformClient({ apiKey, budgetMs: KEY_CHECK_BUDGET_MS, cache: 'document' });
    const response = client.fetch({ endpoint: 'account' }, { readCache: false });
    account = accountView(response.data, apiKey); // refuses an answer with nothing in it
  } catch (err) {
    throw inTheKeyField(err);
  }
  keyStore.save(apiKey);
  return account;
}

export function useDemoKey(): AccountView {
  return saveApiKey(buildConfig.demoKey);
}

export function removeApiKey(): void {
  keyStore.remove();
}
