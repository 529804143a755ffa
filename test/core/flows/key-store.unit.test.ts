// Where the key is stored, from a plain map of user properties.
import { describe, expect, it } from 'vitest';
import { KEY_PROPERTIES, keyIn, keyProperties, storedKey } from '../../../src/core/flows/key-store.ts';
import { nodeDigest } from '../../support/fake-ports.ts';

const valuesOf = (stored: Record<string, string>) => ({ getProperty: (key: string) => stored[key] ?? null });

describe('the key store', () => {
  it('writes the key beside its fingerprint, read back whole, and removes both', () => {
    const stored = keyProperties('rfs_live_key', nodeDigest);
    expect(Object.keys(stored).sort()).toEqual([...KEY_PROPERTIES].sort());
    const read = keyIn(valuesOf(stored));
    expect(read?.apiKey).toBe('rfs_live_key');
    expect(read?.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(read?.fingerprint).not.toContain('rfs_live_key');
    expect(keyProperties('rfs_other', nodeDigest)).not.toEqual(expect.objectContaining({ ...stored }));
  });

  it('is no key where the fingerprint is missing or the key is empty', () => {
    const [keyName] = KEY_PROPERTIES;
    expect(keyIn(valuesOf({ [keyName!]: 'rfs_live_key' }))).toBeNull();
    expect(storedKey(valuesOf({ [keyName!]: 'rfs_live_key' }))).toBe('rfs_live_key');
    expect(storedKey(valuesOf({ [keyName!]: '' }))).toBeNull();
  });
});
