// Checks made before any request, so a typo costs no quota and the message says what to type instead.
// Each returns the cleaned value or throws an ApiError of kind 'invalid-input'. None of the messages
// quote the API key. Range and currency are checked by core/settings.ts, the one check for each.
import { LIST_SERIES } from '../base/phrases';
import { invalidInput } from './errors';

export const MAX_KEY_LENGTH = 256;

/** Whitespace of any script, control characters (Cc: U+0000–U+001F, U+007F–U+009F) and the invisible
 * characters a copy-paste drags along (zero-width spaces and joiners, word joiner, byte order mark). */
const INVISIBLE_OR_SPACE = /[\s\p{Cc}\u200b-\u200d\u2060\ufeff]/u;

/** What a key refused for its characters or length is told to do. */
const COPY_KEY = 'copy only the key from the app (Settings ▸ API).';

export function checkApiKey(value: unknown): string {
  const key = typeof value === 'string' ? value.trim() : '';
  if (key === '') {
    throw invalidInput(
      'The API key is empty. Paste your key from the app (Settings ▸ API), or try the demo account.',
    );
  }
  if (INVISIBLE_OR_SPACE.test(key)) {
    throw invalidInput(`The API key has spaces, line breaks or invisible characters: ${COPY_KEY}`);
  }
  if (key.length > MAX_KEY_LENGTH) {
    throw invalidInput(`The API key is over ${MAX_KEY_LENGTH} characters: ${COPY_KEY}`);
  }
  return key;
}

export function checkSeriesId(value: string | undefined): string {
  const id = (value || '').trim();
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
  if (trimmed === '' || INVISIBLE_OR_SPACE.test(trimmed)) {
    throw invalidInput(`"${name}" is not a query parameter name: use a single word such as "interval".`);
  }
  return trimmed;
}
