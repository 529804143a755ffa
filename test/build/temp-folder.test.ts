// The suite's temporary folders (test/support/temp-folder.ts): every worker sees the run's own folder
// as the system temp folder, so nothing it makes outlives the run.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryDir } from '../../local/build/harness.ts';
import { RUN_FOLDER_VARIABLE } from '../support/temp-folder.ts';

describe('temporary folders', () => {
  it('are made inside the run folder, which the teardown removes', async () => {
    const run = process.env[RUN_FOLDER_VARIABLE];
    expect(run).toMatch(/rfs-test-run-/);
    expect(os.tmpdir()).toBe(run);
    expect(path.dirname(mkdtempSync(path.join(os.tmpdir(), 'gas-test-')))).toBe(run);
    expect(path.dirname(await temporaryDir('rfs-dist-'))).toBe(run);
  });
});
