import { describe, expect, it } from 'vitest';
import { ApiError, checkApiKey, MAX_KEY_LENGTH } from '../../../src/core/api/index.ts';
import { normaliseCurrency, normalisePeriod, SettingsError } from '../../../src/core/settings.ts';

/** The error `fn` refuses with, which must be a `kind` (ApiError by default). */
function refusal<E extends Error = ApiError>(
  fn: () => unknown,
  kind: abstract new (...args: never[]) => E = ApiError as never,
): E {
  try {
    fn();
  } catch (err) {
    if (err instanceof kind) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('API key check', () => {
  it('trims the key and keeps it otherwise as typed', () => {
    const key = 'rfs_live_ab12cd34';
    expect(checkApiKey(`  ${key}\n`)).toBe(key);
  });

  it.each([
    ['empty', '   ', /empty/],
    ['inner space', 'rfs_live_ab12 cd34', /spaces/],
    ['line break inside', 'rfs_live_ab12\ncd34', /line breaks/],
    ['control character', 'rfs_live_ab12\u0007cd34', /invisible/],
    ['zero-width space', 'rfs_live_ab12\u200bcd34', /invisible/],
    ['no-break space', 'rfs_live_ab12\u00a0cd34', /spaces/],
  ])('refuses a key that is %s, saying what to do, without quoting it', (_name, key, pattern) => {
    const error = refusal(() => checkApiKey(key));
    expect(error.kind).toBe('invalid-input');
    expect(error.message).toMatch(pattern);
    expect(error.message).toMatch(/Settings ▸ API|demo/);
    const visible = key.trim();
    if (visible) expect(error.message).not.toContain(visible);
  });

  it('accepts 256 characters and refuses 257', () => {
    const longest = `rfs_live_${'x'.repeat(MAX_KEY_LENGTH - 9)}`;
    expect(checkApiKey(longest)).toHaveLength(MAX_KEY_LENGTH);
    const error = refusal(() => checkApiKey(`${longest}y`));
    expect(error.message).toContain(String(MAX_KEY_LENGTH));
    expect(error.message).not.toContain(longest);
  });

  it('refuses a value that is not text', () => {
    expect(refusal(() => checkApiKey(undefined)).kind).toBe('invalid-input');
    expect(refusal(() => checkApiKey(12345)).kind).toBe('invalid-input');
  });
});

// Range and currency have one check each (core/settings.ts), shared by the sidebar, formulas, the CLI and
// the client; the client turns its refusal into an ApiError of kind 'invalid-input' (request.test.ts).
describe('currency check', () => {
  it('trims and upper-cases a three-letter code; empty means the account currency', () => {
    expect(normaliseCurrency(' eur ')).toBe('EUR');
    expect(normaliseCurrency('Gbp')).toBe('GBP');
    for (const empty of ['', '   ', null, undefined]) expect(normaliseCurrency(empty)).toBeNull();
  });

  it.each(['EURO', 'E', '€', 'US D', '12A'])('refuses %j with an example of a valid code', (code) => {
    const error = refusal(() => normaliseCurrency(code), SettingsError);
    expect(error.message).toContain(`"${code}"`);
    expect(error.message).toMatch(/three-letter.*"USD", "EUR" or "GBP"/);
  });
});

describe('range check', () => {
  it('passes a period token through, trimmed', () => {
    expect(normalisePeriod(' last_30_days ')).toBe('last_30_days');
    expect(normalisePeriod('2026-01-01..2026-01-31')).toBe('2026-01-01..2026-01-31');
  });

  it.each(['', '   ', 'last 30 days', 'last_30\tdays', 'x'.repeat(65)])('refuses %j', (range) => {
    const error = refusal(() => normalisePeriod(range), SettingsError);
    expect(error.message).toContain('is not a period name');
    expect(error.message).toContain('last_30_days');
  });
});
