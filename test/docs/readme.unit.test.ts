// The front door stays a front door, and the docs hold together: README fits about a screenful, every
// relative link in the Markdown of the repository reaches a file (and its #anchor a heading), and nothing
// points outside the repository, which a maintainer who clones it does not have.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const README_MOST_LINES = 200;
/** Not in a clone (or made by a run): never walked. */
const NOT_OURS = new Set(['.git', 'node_modules', 'dist', '.cache', 'test-results', 'bench-results']);

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_OURS.has(entry.name) ? [] : filesUnder(relative);
    return [relative];
  });
}

const FILES = filesUnder('.').map((file) => path.normalize(file));
const MARKDOWN = FILES.filter((file) => file.endsWith('.md'));

/** Text outside fenced blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen; repeats get -1, -2… */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of markdown
    .replace(/^(```|~~~)[\s\S]*?^\1/gm, '')
    .matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = (heading ?? '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every relative link of a Markdown file that leads nowhere, as "target (why)". */
function brokenLinks(
  file: string,
  markdown: string,
  exists: (file: string) => boolean,
  read: (file: string) => string,
): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [pathPart = '', anchor] = target.split('#');
    const resolved =
      pathPart === ''
        ? file
        : path.normalize(path.join(path.dirname(file), decodeURI(pathPart))).replace(/\/$/, '');
    if (resolved.startsWith('..')) broken.push(`${target} (outside the repository)`);
    else if (!exists(resolved)) broken.push(`${target} (no such file)`);
    else if (anchor && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(anchor))
      broken.push(`${target} (no such heading)`);
  }
  return broken;
}

const onDisk = (file: string) => existsSync(path.join(ROOT, file));
const readOnDisk = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('README', () => {
  it(`fits in about a screenful: at most ${README_MOST_LINES} lines`, () => {
    const lines = readOnDisk('README.md').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MOST_LINES);
  });

  it('states no count of tests, which goes stale the day a test is added', () => {
    expect(readOnDisk('README.md')).not.toMatch(/\b\d[\d,]* (?:plain-input |browser |unit )?tests\b/);
  });
});

describe('links in the Markdown', () => {
  it('are checked in README, CONTRIBUTING, CHANGELOG and every page under docs/', () => {
    for (const file of [
      'README.md',
      'CONTRIBUTING.md',
      'CHANGELOG.md',
      path.normalize('docs/architecture.md'),
    ])
      expect(MARKDOWN).toContain(file);
  });

  it.each(MARKDOWN)('every relative link of %s reaches a file, and its #anchor a heading', (file) => {
    expect(brokenLinks(file, readOnDisk(file), onDisk, readOnDisk)).toEqual([]);
  });

  it('a link to a missing file, a missing heading or a path outside the repository is caught', () => {
    const files: Record<string, string> = { 'docs/a.md': '# Where it is\n\n## Two words\n' };
    const exists = (file: string) => file in files || file === 'docs';
    const page = [
      '[fine](a.md#two-words) [folder](../docs/) ![picture](missing.png) [gone](gone.md)',
      '[heading](a.md#nowhere) [out](../../elsewhere/notes.md) [web](https://example.com) `[code](x.md)`',
    ].join('\n');
    expect(brokenLinks('docs/b.md', page, exists, (f) => files[f] ?? '')).toEqual([
      'missing.png (no such file)',
      'gone.md (no such file)',
      'a.md#nowhere (no such heading)',
      '../../elsewhere/notes.md (outside the repository)',
    ]);
  });
});

describe('the repository stands alone', () => {
  it('no file cites the shared notes folder outside it', () => {
    const outside = '../' + 'shared';
    const citing = FILES.filter((file) => statSync(path.join(ROOT, file)).size < 2_000_000)
      .filter((file) => !/\.(png|jpe?g|gif|ico|xlsx|woff2?)$/i.test(file))
      .filter((file) => readOnDisk(file).includes(outside));
    expect(citing).toEqual([]);
  });
});
