// The settings as stored in document properties: the code says period, the stored JSON keeps the field
// it was first saved under (`range`), so settings saved by an earlier build still read.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  parseSettings,
  settingsFromStored,
  storedSettingsJson,
} from '../../src/core/settings.ts';

describe('stored settings', () => {
  it('are stored under the field range', () => {
    const settings = parseSettings({ period: 'last_7_days', currency: 'eur', tabs: ['summary'] });
    expect(JSON.parse(storedSettingsJson(settings))).toEqual({
      range: 'last_7_days',
      currency: 'EUR',
      tabs: ['summary'],
    });
  });

  it('read back as the period they were saved with', () => {
    const settings = parseSettings({ period: 'all_time', currency: null, tabs: ['kenp', 'summary'] });
    expect(settingsFromStored(storedSettingsJson(settings))).toEqual(settings);
    expect(settingsFromStored('{"range":"last_90_days"}').period).toBe('last_90_days');
  });

  it('fall back to the defaults when missing or unreadable', () => {
    expect(settingsFromStored(null)).toEqual(DEFAULT_SETTINGS);
    expect(settingsFromStored('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(settingsFromStored('{"range":"two words"}')).toEqual(DEFAULT_SETTINGS);
  });
});
