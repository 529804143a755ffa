// The settings in the document store, from a plain map and a room of a given size.
import { describe, expect, it } from 'vitest';
import { settingsIn, storedSettingsText, storeSettingsIn } from '../../../src/core/flows/settings-store.ts';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';

function store(room: number) {
  const values: Record<string, string> = {};
  const port = {
    roomFor: () => room,
    save: (key: string, text: string) => {
      values[key] = text;
    },
  };
  return { values, port, document: { getProperty: (key: string) => values[key] ?? null } };
}

describe('the settings store', () => {
  it('reads back what it stored, and the defaults before anything was', () => {
    const { port, document } = store(Infinity);
    expect(settingsIn(document)).toEqual(DEFAULT_SETTINGS);
    expect(storedSettingsText(document)).toBeNull();
    storeSettingsIn({ ...DEFAULT_SETTINGS, currency: 'EUR' }, port);
    expect(settingsIn(document).currency).toBe('EUR');
  });

  it('says so, storing nothing, when the store has no room for them', () => {
    const { port, values } = store(10);
    expect(() => storeSettingsIn(DEFAULT_SETTINGS, port)).toThrow('Settings not saved');
    expect(values).toEqual({});
  });
});
