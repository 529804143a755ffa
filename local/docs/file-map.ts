// npm run docs:files: docs/files.md, one line for every file of src/, made from the file's own opening
// comment (its first sentence), so the map names every file and says what the file says of itself.
// test/docs/file-map.unit.test.ts fails when the page and the tree disagree: edit the comment, then run this.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FILE_MAP = path.join(ROOT, 'docs/files.md');

/** The text of a file's opening comment, in the comment syntax of its kind; null when it has none. */
function openingComment(file: string, text: string): string | null {
  if (file.endsWith('.md')) return /^#\s+(.+)$/m.exec(text)?.[1] ?? null;
  if (file.endsWith('.html')) return /<!--(?!\s*build:)([\s\S]*?)-->/.exec(text)?.[1] ?? null;
  const lines = text.split('\n');
  // A JSON file with comments (tsconfig) opens with its brace.
  const start = lines.findIndex((line) => line.trim() !== '' && line.trim() !== '{');
  const first = lines[start]?.trim() ?? '';
  if (first.startsWith('//')) {
    const block: string[] = [];
    for (const line of lines.slice(start)) {
      if (!line.trim().startsWith('//')) break;
      block.push(line.trim().replace(/^\/\/\s?/, ''));
    }
    return block.join(' ');
  }
  if (first.startsWith('/*')) return /\/\*+([\s\S]*?)\*\//.exec(lines.slice(start).join('\n'))?.[1] ?? null;
  return null;
}

/** The first sentence of a file's opening comment, on one line; null when it has no comment. */
export function openingLine(file: string, text: string): string | null {
  const comment = openingComment(file, text)
    ?.replace(/^\s*\*\s?/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!comment) return null;
  const end = /[.!?](?=\s|$)/.exec(comment);
  return end ? comment.slice(0, end.index + 1) : comment;
}

/** The page: a table per folder of src/, a row per file. */
export function fileMap(files: readonly string[], read: (file: string) => string): string {
  const folders = new Map<string, string[]>();
  for (const file of [...files].sort()) {
    const folder = path.posix.dirname(file);
    folders.set(folder, [...(folders.get(folder) ?? []), file]);
  }
  const sections = [...folders].map(([folder, inFolder]) =>
    [
      `## ${folder}/`,
      '',
      '| file | what it says of itself |',
      '| --- | --- |',
      ...inFolder.map((file) => {
        const line = openingLine(file, read(file)) ?? '(no opening comment)';
        return `| \`${path.posix.basename(file)}\` | ${line.replace(/\|/g, '\\|')} |`;
      }),
    ].join('\n'),
  );
  return [
    '# The files of src/, one line each',
    '',
    "Made by `npm run docs:files` from each file's opening comment (its first sentence): to change a line,",
    'change the comment. `test/docs/file-map.unit.test.ts` fails when this page and the tree disagree. The',
    'layers and where a change goes: [architecture](architecture.md); how the parts work: [design notes](design-notes.md).',
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
}

/** Every file of src/ in the repository (tracked, or new and not ignored). */
export function sourceFilesOfSrc(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
}

export function currentFileMap(): string {
  return fileMap(sourceFilesOfSrc(), (file) => readFileSync(path.join(ROOT, file), 'utf8'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(FILE_MAP, currentFileMap());
  console.log(`Wrote ${path.relative(ROOT, FILE_MAP)}`);
}
