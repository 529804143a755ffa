// The stores as an execution reads them, over plain maps: a store read whole answers only its own
// values; the add-on's metadata store within the room a location's metadata has, every call on Google's
// metadata noted, a record that would not fit left out (its older one removed), the shrinking ones first.
import { describe, expect, it } from 'vitest';
import {
  type MetadataEntry,
  metadataStore,
  roomBeside,
  storedValuesOf,
} from '../../../src/core/flows/document-store.ts';

const LIMIT = 30_000;

function metadata(initial: Record<string, string> = {}) {
  let entries: { key: string; value: string }[] = Object.entries(initial).map(([key, value]) => ({
    key,
    value,
  }));
  const calls: string[] = [];
  const store = metadataStore<MetadataEntry & { value: string }>({
    listing: () => entries,
    add(key, value) {
      calls.push(`add ${key}`);
      entries.push({ key, value });
    },
    change(entry, value) {
      calls.push(`change ${entry.key}`);
      entry.value = value;
    },
    remove(entry) {
      calls.push(`remove ${entry.key}`);
      entries = entries.filter((e) => e !== entry);
    },
  });
  return { store, calls, listed: () => Object.fromEntries(entries.map((e) => [e.key, e.value])) };
}

describe('a store read whole', () => {
  it('answers its own values, null for any other, inherited names included', () => {
    const values = storedValuesOf({ 'royalties.settings': '{}' });
    expect(values.getProperty('royalties.settings')).toBe('{}');
    expect(values.getProperty('royalties.status')).toBeNull();
    expect(values.getProperty('constructor')).toBeNull();
    expect(values.getProperty('__proto__')).toBeNull();
  });
});

describe("the add-on's metadata store", () => {
  it('adds, changes, leaves an unchanged value alone and removes, reading back what it holds', () => {
    const { store, calls, listed } = metadata({ other: 'x' });
    store.setProperty('a', '1');
    store.setProperty('a', '2');
    store.setProperty('a', '2');
    store.deleteProperty('other');
    store.deleteProperty('none');
    expect(calls).toEqual(['add a', 'change a', 'remove other']);
    expect(store.getProperty('a')).toBe('2');
    expect(store.getProperty('other')).toBeNull();
    expect(listed()).toEqual({ a: '2' });
  });

  it('counts every key and value listed, another add-on’s included, in the room left', () => {
    const listing = [
      { key: 'theirs', value: 'x'.repeat(1000) },
      { key: 'mine', value: 'y'.repeat(500) },
    ];
    expect(roomBeside(listing, ['mine'])).toBe(LIMIT - 1006 - 4);
    expect(roomBeside(listing, ['mine', 'new'])).toBe(LIMIT - 1006 - 4 - 3);
  });

  it('leaves out a record that would not fit, its older value removed rather than failing', () => {
    const { store, calls, listed } = metadata({ theirs: 'x'.repeat(LIMIT - 100), big: 'old' });
    store.setProperty('big', 'z'.repeat(200));
    expect(calls).toEqual(['remove big']);
    expect(store.getProperty('big')).toBeNull();
    expect(Object.keys(listed())).toEqual(['theirs']);
  });

  it('writes the records that shrink first, so a growing one gets the room they free', () => {
    const room = LIMIT - 'a'.length - 'b'.length;
    const { store, calls, listed } = metadata({ a: 'a'.repeat(room - 10), b: '' });
    store.setProperties({ b: 'b'.repeat(room - 20), a: '' });
    expect(calls).toEqual(['change a', 'change b']);
    expect(listed().b).toHaveLength(room - 20);
  });
});
