// What google.script.run can carry: primitives, null, and plain objects and arrays of them. Google
// refuses the rest (a Date, a function, a class instance), so the preview refuses them too, loudly,
// instead of letting JSON quietly turn a Date into a string that real Sheets would never deliver.

/** The path of the first value google.script.run could not carry, or null when all is carriable. */
export function uncarriable(value: unknown, path = 'result'): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (typeof value === 'undefined') return null;
  if (typeof value !== 'object') return path;
  const tag = Object.prototype.toString.call(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = uncarriable(value[i], `${path}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  if (tag !== '[object Object]') return `${path} (${tag.slice(8, -1)})`;
  for (const [key, item] of Object.entries(value)) {
    const bad = uncarriable(item, `${path}.${key}`);
    if (bad) return bad;
  }
  return null;
}
