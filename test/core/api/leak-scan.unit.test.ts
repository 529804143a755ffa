import { describe, expect, it } from 'vitest';
import { findKeyLeaks } from '../../support/leaks.ts';

const key = 'rfs_live_ab12cd34ef56gh78ij90';

describe('the key leak scan other tests rely on', () => {
  it('finds the whole key and its secret part, and reports without repeating either', () => {
    const texts = [
      'GET /v1/summary',
      `Bearer ${key}`,
      `partial ${key.slice(13)}`,
      'rfs_live_ab12… (the masked start is fine)',
    ];
    const leaks = findKeyLeaks(texts, key);
    expect(leaks).toHaveLength(2);
    for (const leak of leaks) {
      expect(leak).toContain('[KEY]');
      expect(leak).not.toContain(key.slice(13));
    }
  });
});
