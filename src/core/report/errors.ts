// The one error this layer throws: the response cannot be read as a table at all. The message says what
// arrived (its kind and size, never its content, so nothing secret can leak into a cell's note).

export class ReportShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportShapeError';
  }
}

/** "a string of 12 characters", "a number", "null": enough to recognise the mistake, nothing more. Only
 * what is neither an object nor an array reaches here (to-table.ts): parsed JSON, so no function or
 * symbol; undefined is said as nothing. */
export function describeReceived(value: unknown): string {
  if (typeof value === 'string') return `a string of ${value.length} characters`;
  if (typeof value === 'boolean') return `the boolean ${value}`;
  return typeof value === 'number' ? 'a number' : value === null ? 'null' : 'nothing';
}
