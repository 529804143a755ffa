import { describe, expect, it } from 'vitest';
import { cellCache } from '../../../src/core/formulas/cell-cache.ts';
import { FakeCache, FakeClock } from '../../support/fake-ports.ts';

const MARKER = 'response.flight';

function setup() {
  const clock = new FakeClock();
  const shared = new FakeCache(clock);
  return { clock, shared, cell: cellCache(shared) };
}

describe("a formula cell's use of the document cache", () => {
  it('reads a key asked ahead with the next read, in the same call, and hides it from the caller', () => {
    const { shared, cell } = setup();
    shared.putAll({ response: 'body', [MARKER]: 'busy' }, 30);
    shared.calls.putAll = 0;
    cell.along(MARKER);
    expect(cell.seen(MARKER)).toBeUndefined(); // not read yet
    expect(cell.port.getAll(['response'])).toEqual({ response: 'body' });
    expect(cell.seen(MARKER)).toBe('busy');
    expect(shared.calls).toEqual({ getAll: 1, putAll: 0 });
  });

  it('asked again, reads it afresh with the next read; not asked, reads it no more', () => {
    const { shared, cell } = setup();
    shared.putAll({ [MARKER]: 'busy' }, 30);
    cell.along(MARKER);
    cell.port.getAll(['response']);
    shared.putAll({ [MARKER]: 'done' }, 1);
    cell.port.getAll(['response']);
    expect(cell.seen(MARKER)).toBe('busy'); // the later read did not carry it
    cell.along(MARKER);
    expect(cell.seen(MARKER)).toBeUndefined(); // forgotten until read again
    cell.port.getAll(['response']);
    expect(cell.seen(MARKER)).toBe('done');
  });

  it('reports a marker absent as undefined, and one the caller asks itself as found', () => {
    const { shared, cell } = setup();
    cell.along(MARKER);
    expect(cell.port.getAll(['response'])).toEqual({});
    expect(cell.seen(MARKER)).toBeUndefined();
    shared.putAll({ [MARKER]: 'busy' }, 30);
    cell.along(MARKER);
    expect(cell.port.getAll([MARKER])).toEqual({ [MARKER]: 'busy' });
    expect(cell.seen(MARKER)).toBe('busy');
  });

  it('holds writes back until taken, in one entry set with the longest expiry asked', () => {
    const { shared, cell } = setup();
    cell.port.putAll({ a: '1' }, 60);
    cell.port.putAll({ b: '2' }, 600);
    expect(shared.calls.putAll).toBe(0);
    expect(cell.written()).toEqual({ entries: { a: '1', b: '2' }, ttlSeconds: 600 });
    expect(cell.written()).toEqual({ entries: {}, ttlSeconds: 0 });
  });
});
