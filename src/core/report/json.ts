// Small readers for parsed JSON of unknown shape. Objects may have a null prototype or a `__proto__` own
// key (JSON.parse makes those), so nothing here calls a method on the value itself.

export type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isScalar(value: unknown): value is string | number | boolean | null {
  return (
    value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
  );
}

/** An own field only (Object.hasOwn is ES2022; the bundle targets ES2019). */
export function ownField(obj: JsonObject, key: string): unknown {
  return Object.getOwnPropertyDescriptor(obj, key)?.value;
}

/** JSON text of what does not fit a cell; never throws (a cycle or a BigInt from a hand-built value). */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '[unreadable value]';
  }
}
