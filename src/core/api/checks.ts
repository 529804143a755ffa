// Checks made before any request, so a typo costs no quota and the message says what to type instead.
// Each returns the cleaned value or throws an ApiError of kind 'invalid-input'. None of the messages
// quote the API key.
import { invalidInput } from './errors';

export const MAX_KEY_LENGTH = 256;

/** Control characters, whitespace of any script, and the invisible characters a copy-paste drags along. */
function hasInvisibleOrSpace(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
    if (code === 0x200b || code === 0x200c || code === 0x200d || code === 0x2060 || code === 0xfeff)
      return true;
  }
  return /\s/.test(text);
}

export function checkApiKey(value: unknown): string {
  if (typeof value !== 'string') {
    throw invalidInput('No API key was given. Paste the key you created in the app under Settings ▸ API.');
  }
  const key = value.trim();
  if (key === '') {
    throw invalidInput(
      'The API key is empty. Paste the key you created in the app under Settings ▸ API, or try the demo account.',
    );
  }
  if (hasInvisibleOrSpace(key)) {
    throw invalidInput(
      'The API key contains spaces, line breaks or invisible characters. Copy it again from the app (Settings ▸ API) and paste it on its own.',
    );
  }
  if (key.length > MAX_KEY_LENGTH) {
    throw invalidInput(
      `The API key is longer than ${MAX_KEY_LENGTH} characters, so it is not a key from the app. Copy only the key itself from Settings ▸ API.`,
    );
  }
  return key;
}

/** ISO 4217: three letters, any case, surrounding spaces ignored. */
export function checkCurrency(value: string): string {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) {
    throw invalidInput(
      `Currency "${value.trim()}" is not a three-letter ISO 4217 code. Use a code such as USD, EUR or GBP, or leave it empty for the account's currency.`,
    );
  }
  return code;
}

/** A period token such as last_30_days: the API documents few values, so any single word is passed on. */
export function checkRange(value: string): string {
  const range = value.trim();
  if (range === '') {
    throw invalidInput('The range is empty. Use a period such as "last_30_days", or leave it out.');
  }
  if (hasInvisibleOrSpace(range) || range.length > 100) {
    throw invalidInput(
      `The range "${range.slice(0, 40)}" is not a single word. Use a period such as "last_30_days".`,
    );
  }
  return range;
}

export function checkSeriesId(value: unknown): string {
  const id = typeof value === 'string' ? value.trim() : '';
  if (id === '') {
    throw invalidInput(
      'Read-through needs a series id. List the series with ROYALTIES_SERIES() and use one of their ids.',
    );
  }
  // "." and ".." are dot-segments: every URL parser on the way would drop or climb them, however encoded.
  if (id === '.' || id === '..') {
    throw invalidInput(
      `"${id}" is not a series id. List the series with ROYALTIES_SERIES() and use one of their ids.`,
    );
  }
  return id;
}

/** Further query parameters, passed through as given: names must be words, values may be anything. */
export function checkOptionName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || hasInvisibleOrSpace(trimmed)) {
    throw invalidInput(`"${name}" is not a query parameter name: use a single word such as "interval".`);
  }
  return trimmed;
}
