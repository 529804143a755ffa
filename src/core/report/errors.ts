// The one error this layer throws: the response cannot be read as a table at all. The message says what
// arrived (its kind and size, never its content, so nothing secret can leak into a cell's note).

export class ReportShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportShapeError';
  }
}

/** "a string of 12 characters", "the number 5", "null": enough to recognise the mistake, nothing more. */
export function describeReceived(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing (undefined)';
  if (Array.isArray(value)) return `an array of ${value.length} items`;
  switch (typeof value) {
    case 'string':
      return `a string of ${value.length} characters`;
    case 'number':
      return 'a number';
    case 'boolean':
      return `the boolean ${String(value)}`;
    case 'object':
      return `an object with ${Object.keys(value).length} fields`;
    default:
      return `a value of type ${typeof value}`;
  }
}
