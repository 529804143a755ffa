// The security rule every test can end with: the API key appears nowhere the add-on writes outside its
// property store (logs, errors, return values, cache keys and values, URLs, headers, cells, UI).
import { expect } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';

/** The key, and its secret part (all but the prefix and four characters the account view may show). */
function needles(key: string): string[] {
  const visible = key.indexOf('live_') >= 0 ? key.indexOf('live_') + 'live_'.length + 4 : 8;
  const secret = key.slice(visible);
  return secret.length >= 8 ? [key, secret] : [key];
}

export function findKeyLeaks(texts: readonly string[], key: string): string[] {
  const hidden = needles(key);
  // Say where without repeating the key in the test report.
  return texts
    .filter((text) => hidden.some((needle) => text.includes(needle)))
    .map((text) => hidden.reduce((t, needle) => t.split(needle).join('[KEY]'), text).slice(0, 200));
}

export function expectNoKeyLeak(emulator: Emulator, key: string): void {
  expect(findKeyLeaks(emulator.capturedText(), key), 'captured text that holds the API key').toEqual([]);
}
