// Flags read for what they say, whatever their JSON type. An API may send a yes/no as `true`, as text
// (`"true"`, `"yes"`), or as a number (`1`): each is read as what it says, and a value that says neither
// (`"maybe"`, `2`) is unclear, never taken as false. Every flag the add-on decides on (`meta.truncated`, a
// paging `has_more`, `is_demo`, a platform's `connected`) is read here.

/** What a flag says: yes, no, unclear (sent but neither), or absent (missing or null). */
export type Flag = true | false | 'unclear' | undefined;

const YES = new Set(['true', 'yes', 'y', 'on', '1']);
const NO = new Set(['false', 'no', 'n', 'off', '0']);

export function readFlag(value: unknown): Flag {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : 'unclear';
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (YES.has(word)) return true;
    if (NO.has(word)) return false;
    // An empty text says nothing: absent.
    return word === '' ? undefined : 'unclear';
  }
  return 'unclear';
}

/** A flag's value as the API sent it, for a sentence that says it was unclear: `"maybe"`, `2`. */
export function flagAsSent(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
