// A fast-check property as one counted assertion: the runs require every test to assert through expect
// (expect.requireAssertions, test/vitest.config.ts), and a property that returns a boolean asserts through
// fast-check alone. The failure message is fast-check's own: the counterexample, its seed and path.
import fc from 'fast-check';
import { expect } from 'vitest';

export function expectProperty<Ts>(property: fc.IProperty<Ts>, params?: fc.Parameters<Ts>): void {
  const details = fc.check(property, params);
  expect(details.failed, details.failed ? (fc.defaultReportMessage(details) ?? '') : '').toBe(false);
}
