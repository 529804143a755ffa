// Readers for values of unknown shape: parsed JSON, stored text, anything thrown. Objects may have a null
// prototype or a `__proto__` own key (JSON.parse makes those), so nothing here calls a method on the value.

export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isScalar(value: unknown): value is string | number | boolean | null {
  return (
    value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
  );
}

/** An own field only (Object.hasOwn is ES2022; the bundle targets ES2020). */
export function ownField(obj: JsonObject, key: string): unknown {
  return Object.getOwnPropertyDescriptor(obj, key)?.value;
}

/** True when a parsed answer holds no value at all (`{}`, `[]`, `{"data": null}`): no text, number or
 * boolean anywhere in it. Such an answer is nothing to show, and must not blank a tab that had figures. */
export function holdsNoValue(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(holdsNoValue);
  if (isObject(value)) return Object.values(value).every(holdsNoValue);
  return value === null || value === undefined;
}

/** JSON text of what does not fit a cell; never throws (a cycle or a BigInt from a hand-built value). */
export function jsonText(value: unknown): string {
  try {
    // undefined for a value JSON has no text for (undefined, a function).
    return JSON.stringify(value) || '';
  } catch {
    return '[unreadable value]';
  }
}

/** The parsed value, or undefined for text that is not JSON (JSON itself never parses to undefined) and
 * for no text at all (undefined). A missing stored value (null) reads as null. A byte-order mark before the
 * JSON is ignored, as RFC 8259 §8.1 lets a parser do (some servers write one; JSON.parse refuses it). */
export function parseJson(text: string | null | undefined): unknown {
  try {
    const json = typeof text === 'string' && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    return JSON.parse(json as string) as unknown;
  } catch {
    return undefined;
  }
}

export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A finite number, else null: NaN and the infinities are no figure. */
export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** What anything thrown says. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
