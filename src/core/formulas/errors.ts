// A formula's own refusals (bad argument, unknown field, no allowance): the message is what the cell's
// hover note shows, so it says what is wrong and what to type instead.
export class FormulaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaError';
  }
}
