// The workbook appears whole or not at all: the bytes go to a temporary file beside the target (same folder,
// so the rename cannot cross file systems) and are renamed over it only once written. A failure removes the
// temporary file and leaves any earlier workbook as it was.
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The temporary name beside `target`: hidden, and matched by .gitignore's `*.tmp.xlsx`. */
export function temporaryNameFor(target: string): string {
  const { dir, name } = path.parse(target);
  return path.join(dir, `.${name}.${process.pid}-${randomBytes(4).toString('hex')}.tmp.xlsx`);
}

/** Writes `produce()`'s bytes to `target` atomically. `produce` runs first, so a failing export touches no file. */
export async function writeFileAtomically(
  target: string,
  produce: () => Promise<Uint8Array> | Uint8Array,
): Promise<void> {
  const bytes = await produce();
  const temp = temporaryNameFor(target);
  try {
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
