// The stores as an execution reads and writes them: a store read whole in one call, and, in the add-on
// build, the spreadsheet's own developer metadata as the document store. A location's metadata is reported
// limited to 30,000 characters (docs/google-rules.md, UNCONFIRMED), keys and values counted and everything
// listed there, another add-on's included: a record that would take it past that is left out (an older one
// removed), never a failed refresh or night; its readers take no record for an empty one, and the big
// records are cut to the room first. platform/document.ts hands in the listing and Google's calls.
import { ownField } from '../base/unknown';

const METADATA_LIMIT = 30_000;

interface StoredValue {
  getProperty(key: string): string | null;
}

/** A store as a copy of what it held when read whole: what the execution writes afterwards is not in it. */
export function storedValuesOf(copy: Readonly<Record<string, string>>): StoredValue {
  return { getProperty: (key) => (ownField(copy, key) as string | undefined) ?? null };
}

/** One record of the spreadsheet's metadata as listed. */
export interface MetadataEntry {
  readonly key: string;
  readonly value: string;
}

/** The spreadsheet's metadata: listed once per execution, the listing kept in step with what is done. */
export interface MetadataPort<E extends MetadataEntry> {
  listing(): readonly E[];
  add(key: string, value: string): void;
  change(entry: E, value: string): void;
  remove(entry: E): void;
}

/** Characters the records under `keys` may take together beside everything else listed. */
export function roomBeside(listing: readonly MetadataEntry[], keys: readonly string[]): number {
  let room = METADATA_LIMIT;
  for (const e of listing) if (!keys.includes(e.key)) room -= e.key.length + e.value.length;
  for (const key of keys) room -= key.length;
  return room;
}

/** The metadata as a key-value store, as document properties are one. */
export function metadataStore<E extends MetadataEntry>(port: MetadataPort<E>) {
  const find = (key: string) => port.listing().find((e) => e.key === key);
  const remove = (key: string) => {
    const found = find(key);
    if (found) port.remove(found);
  };
  const set = (key: string, value: string) => {
    const found = find(key);
    if (found?.value === value) return;
    if (value.length > roomBeside(port.listing(), [key])) remove(key);
    else if (found) port.change(found, value);
    else port.add(key, value);
  };
  return {
    getProperty: (key: string) => find(key)?.value ?? null,
    setProperty: set,
    setProperties: (values: Record<string, string>) => {
      // Those that shrink first: the room a growing one was given is free by then.
      const growth = (key: string) => values[key]!.length - (find(key)?.value.length ?? 0);
      for (const key of Object.keys(values).sort((a, b) => growth(a) - growth(b))) set(key, values[key]!);
    },
    deleteProperty: remove,
  };
}
