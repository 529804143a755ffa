// Docs that cannot drift: every path README, CONTRIBUTING and docs/ quote (in backticks) is in the tree.
// A path is read the way the docs write it: from the root, or from src/, src/core/, src/platform/, local/,
// local/gas/, test/ or marketplace/ when its first folder is one of theirs; a folder alone (`unit/`) must
// be a folder somewhere. What a build or a run makes is not in the tree.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROOTS = ['', 'src/', 'src/core/', 'src/platform/', 'local/', 'local/gas/', 'test/', 'marketplace/'];
/** Made by a build or a run, never committed. */
const MADE = ['dist/', 'test-results/', 'bench-results/', '.cache/'];

interface Tree {
  readonly files: ReadonlySet<string>;
  readonly folders: ReadonlySet<string>;
}

function treeOf(files: readonly string[]): Tree {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  return { files: new Set(files), folders };
}

/** The quoted paths of one Markdown text that the tree does not hold. */
function missingPaths(markdown: string, tree: Tree): string[] {
  const has = (p: string) => tree.files.has(p) || tree.folders.has(p);
  const missing = [...markdown.matchAll(/`([^`\n]+)`/g)].flatMap(([, quoted = '']) => {
    const token = quoted.replace(/^\.\//, '');
    if (!/^[\w.-]+(\/[\w.-]+)*\/?$/.test(token) || !token.includes('/')) return [];
    if (MADE.some((made) => token.startsWith(made))) return [];
    const target = token.replace(/\/$/, '');
    if (!target.includes('/')) {
      // A folder named alone: one of that name somewhere.
      return [...tree.folders].some((f) => f === target || f.endsWith(`/${target}`)) ? [] : [token];
    }
    const first = target.split('/')[0];
    // Not ours to check unless its first folder is one of the tree's (a zone, a fraction, another repository).
    if (!ROOTS.some((root) => tree.folders.has(root + first))) return [];
    return ROOTS.some((root) => has(root + target)) ? [] : [token];
  });
  return [...new Set(missing)];
}

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
const TREE = treeOf(tracked);

function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describe('the paths the docs quote', () => {
  const docs = ['README.md', 'CONTRIBUTING.md', ...markdownUnder('docs')];

  it('are all in the tree', () => {
    expect(docs.length).toBeGreaterThan(15);
    const missing = docs.flatMap((doc) =>
      missingPaths(readFileSync(path.join(ROOT, doc), 'utf8'), TREE).map((p) => `${doc}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('are found out when a folder is gone, a file moved, or a folder is named that exists nowhere', () => {
    const text = [
      'Tests in `test/figures/` and `test/formulas/unit/`; the cutter in `core/text.ts`; the `unit/` folders.',
      'Kept: `core/base/text.ts`, `src/core/endpoints.ts`, `spreadsheet/charts.ts`, `house/`, `test/house/`.',
      'Not paths of ours: `dist/Code.js`, `/kenp/books`, `Etc/UTC`, `1/2`, `other-repo/README.md`, `a b/c`.',
    ].join('\n');
    expect(missingPaths(text, TREE)).toEqual([
      'test/figures/',
      'test/formulas/unit/',
      'core/text.ts',
      'unit/',
    ]);
  });
});
