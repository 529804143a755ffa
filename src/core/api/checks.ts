// Checks made before any request, so a typo costs no quota and the message says what to type instead.
// Each returns the cleaned value or throws an ApiError of kind 'invalid-input'. None of the messages
// quote the API key. Range and currency are checked by core/settings.ts, the one check for each.
import { LIST_SERIES } from '../phrases';
import { invalidInput } from './errors';

export const MAX_KEY_LENGTH = 256;

/** Whitespace of any script, control characters (Cc: U+0000–U+001F, U+007F–U+009F) and the invisible
 * characters a copy-paste drags along (zero-width spaces and joiners, word joiner, byte order mark). */
function hasInvisibleOrSpace(text: string): boolean {
  return /[\s\p{Cc}\u200b-\u200d\u2060\ufeff]/u.test(text);
}

export function checkApiKey(value: unknown): string {
  const key = typeof value === 'string' ? value.trim() : '';
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

export function checkSeriesId(value: unknown): string {
  const id = typeof value === 'string' ? value.trim() : '';
  if (id === '') {
    throw invalidInput(`Read-through needs a series id. ${LIST_SERIES}`);
  }
  // "." and ".." are dot-segments: every URL parser on the way would drop or climb them, however encoded.
  if (id === '.' || id === '..') {
    throw invalidInput(`"${id}" is not a series id. ${LIST_SERIES}`);
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
