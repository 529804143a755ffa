// Rows sent on two pages. An API that pages by position may send the last row of a page again at the top
// of the next (a row added or moved meanwhile, or its own overlap): added twice, it would count twice. A row
// is known by a stable identity: its id fields (`id`, `book_id`, `bookId`, `asin`…) when they tell the rows
// of every page apart, else those with its other words and days (`marketplace`, `date`) when those do. The
// same identity again on a later page, with the very same fields, is one row sent twice: taken once. With
// other fields it is another row under the same identity: both kept, and said, never silently merged. Rows
// with no identity that tells them apart are never compared.
import { isObject, type JsonObject } from '../base/unknown';

/** What was found of rows sent on more than one page. */
export interface RepeatedRows {
  /** The fields that make a row's identity, as the API named them (`book_id`). */
  readonly fields: readonly string[];
  /** Rows sent again on a later page, the same in every field: taken once. */
  readonly same: number;
  /** Identities sent on two pages with different fields (`"bk_003"`): both rows kept. */
  readonly clashes: readonly string[];
}

const ID_NAMES = new Set(['id', 'uuid', 'guid', 'asin', 'isbn', 'sku']);

/** `id`, `book_id`, `bookId`, `book-id`, "Book Id", `asin`…: a field that names a record. */
function isIdField(name: string): boolean {
  return ID_NAMES.has(name.toLowerCase()) || /(^|[\s_-])id$/i.test(name) || /[a-z0-9]Id$/.test(name);
}

/** Words and days, not figures: a number written as text (`"412.37"`, `"€1,234.56"`) is a figure. */
function isWordOrDay(value: unknown): boolean {
  if (typeof value !== 'string' || value.trim() === '') return false;
  return /^\d{4}-\d{2}/.test(value) || !/^[^\p{L}]*\d[^\p{L}]*$/u.test(value);
}

/** A field named as a day or an instant (`date`, `month`, `created_at`, `publishedOn`): its value is a day
 * however it is written, Unix time too. */
function isDayField(name: string): boolean {
  return (
    /(^|[\s_-])(date|day|month|week|time|timestamp)$/i.test(name) || /(_at|_on|[a-z](At|On|Date))$/.test(name)
  );
}

function isScalarDay(value: unknown): boolean {
  return (
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && value.trim() !== '')
  );
}

/** The fields that tell every page's rows apart, or null when none do. */
function identityFields(pages: readonly (readonly JsonObject[])[]): readonly string[] | null {
  const rows = pages.flat();
  const names = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const ids = names.filter(isIdField);
  const words = names.filter(
    (name) =>
      !ids.includes(name) &&
      rows.every((row) => isWordOrDay(row[name]) || (isDayField(name) && isScalarDay(row[name]))),
  );
  for (const fields of [ids, [...ids, ...words]]) {
    if (!fields.length) continue;
    const named = rows.every((row) => fields.some((name) => row[name] !== undefined && row[name] !== null));
    if (
      named &&
      pages.every((page) => new Set(page.map((row) => identity(row, fields))).size === page.length)
    )
      return fields;
  }
  return null;
}

function identity(row: JsonObject, fields: readonly string[]): string {
  return JSON.stringify(fields.map((name) => row[name] ?? null));
}

/** Every page's rows in order, each row sent again on a later page taken once; `repeated` says what was
 * found (null when nothing was sent twice). Rows that are not objects are kept as they are. */
export function takeOnce(pages: readonly (readonly unknown[])[]): {
  readonly rows: unknown[];
  readonly repeated: RepeatedRows | null;
} {
  const all = pages.flat();
  if (pages.length < 2 || !all.every(isObject)) return { rows: all, repeated: null };
  const fields = identityFields(pages as readonly (readonly JsonObject[])[]);
  if (!fields) return { rows: all, repeated: null };
  const seen = new Map<string, string>();
  const rows: unknown[] = [];
  let same = 0;
  const clashes: string[] = [];
  for (const page of pages as readonly (readonly JsonObject[])[]) {
    const onPage: Array<[string, string]> = [];
    for (const row of page) {
      const id = identity(row, fields);
      const text = JSON.stringify(row);
      const before = seen.get(id);
      if (before === text) {
        same += 1;
        continue;
      }
      if (before !== undefined) clashes.push(fields.map((name) => String(row[name] ?? '')).join(' '));
      rows.push(row);
      onPage.push([id, text]);
    }
    // Compared with earlier pages only: the rows of one page are told apart by the identity itself.
    for (const [id, text] of onPage) if (!seen.has(id)) seen.set(id, text);
  }
  return { rows, repeated: same || clashes.length ? { fields, same, clashes } : null };
}
