// The sidebar's key entry points: the key save (core/flows/key-save.ts) over the client with the
// document's response cache and the key store.
import type { AccountView } from '../core/api';
import { type KeySavePorts, saveKey } from '../core/flows/key-save';
import { platformClient } from './api';
import { buildConfig } from './build-config';
import { keyStore } from './key-store';

const keyPorts: KeySavePorts = {
  client: (apiKey, budgetMs) => platformClient({ apiKey, budgetMs, cache: 'document' }),
  storeKey: (apiKey) => keyStore.save(apiKey),
};

export function saveApiKey(value: unknown): AccountView {
  return saveKey(value, keyPorts);
}

export function useDemoKey(): AccountView {
  return saveApiKey(buildConfig.demoKey);
}

export function removeApiKey(): void {
  keyStore.remove();
}
