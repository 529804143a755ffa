// The workbook appears whole or not at all, and never leaves a temporary file behind.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryNameFor, writeFileAtomically } from '../../local/cli/atomic-file.ts';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'cli-atomic-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomically', () => {
  it('writes the bytes and leaves only the target in the folder', async () => {
    const target = path.join(dir, 'royalties.xlsx');
    const bytes = new TextEncoder().encode('workbook bytes');
    await writeFileAtomically(target, () => bytes);
    expect(readFileSync(target)).toEqual(Buffer.from(bytes));
    expect(readdirSync(dir)).toEqual(['royalties.xlsx']);
  });

  it('keeps the earlier file and writes nothing when producing the bytes fails', async () => {
    const target = path.join(dir, 'royalties.xlsx');
    writeFileSync(target, 'earlier');
    await expect(
      writeFileAtomically(target, () => {
        throw new Error('export failed');
      }),
    ).rejects.toThrow('export failed');
    expect(readFileSync(target, 'utf8')).toBe('earlier');
    expect(readdirSync(dir)).toEqual(['royalties.xlsx']);
  });

  it('removes the temporary file when the rename fails', async () => {
    // A folder in the way makes the rename fail after the temporary file was written.
    const target = path.join(dir, 'taken.xlsx');
    writeFileSync(path.join(dir, 'keep.txt'), 'x');
    mkdirSync(path.join(target, 'inside'), { recursive: true });
    await expect(writeFileAtomically(target, () => new Uint8Array([1, 2, 3]))).rejects.toThrow();
    expect(readdirSync(dir).sort()).toEqual(['keep.txt', 'taken.xlsx']);
  });

  it('puts the temporary file beside the target, hidden and matched by .gitignore', () => {
    const target = path.join(dir, 'out', 'report.xlsx');
    const temp = temporaryNameFor(target);
    expect(path.dirname(temp)).toBe(path.dirname(target));
    expect(path.basename(temp).startsWith('.report.')).toBe(true);
    expect(temp.endsWith('.tmp.xlsx')).toBe(true);
    expect(temporaryNameFor(target)).not.toBe(temp);
  });
});
