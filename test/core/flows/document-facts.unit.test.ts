// Dropping the formula cells' facts, from a plain cache.
import { describe, expect, it } from 'vitest';
import { forgetDocumentFacts } from '../../../src/core/flows/document-facts.ts';
import { FACTS_KEY } from '../../../src/core/formulas/document-facts.ts';

describe("the document facts' drop", () => {
  it('removes the facts entry, and never fails whatever the cache does', () => {
    const removed: string[] = [];
    forgetDocumentFacts(() => ({ remove: (key) => void removed.push(key) }));
    expect(removed).toEqual([FACTS_KEY]);
    expect(() => forgetDocumentFacts(() => null)).not.toThrow();
    const refusing = () => ({
      remove: () => {
        throw new Error('Service invoked too many times');
      },
    });
    expect(() => forgetDocumentFacts(refusing)).not.toThrow();
  });
});
