// The per-file map (docs/files.md) is made from each file's opening comment, never kept by hand: the page
// is what local/docs/file-map.ts makes of the tree today, and every file of src/ says what it is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  currentFileMap,
  FILE_MAP,
  fileMap,
  openingLine,
  sourceFilesOfSrc,
} from '../../local/docs/file-map.ts';

describe('docs/files.md', () => {
  it('is the map the tree makes today: run npm run docs:files after changing a file or its comment', () => {
    expect(sourceFilesOfSrc().length).toBeGreaterThan(150);
    expect(readFileSync(FILE_MAP, 'utf8')).toBe(currentFileMap());
  });

  it('has a line for every file of src/, each from its own opening comment', () => {
    expect(currentFileMap()).not.toContain('(no opening comment)');
  });
});

describe('the line a file gives', () => {
  it('is the first sentence of its opening comment, whatever the comment syntax', () => {
    expect(openingLine('a.ts', '// Cuts text. Never half a character.\nimport x;')).toBe('Cuts text.');
    expect(openingLine('a.ts', '// Days, in UTC: no zone\n// shifts them.\nexport {};')).toBe(
      'Days, in UTC: no zone shifts them.',
    );
    expect(openingLine('a.css', '/* One column.\n * Full width. */\n:root {}')).toBe('One column.');
    expect(openingLine('tsconfig.json', '{\n  // No globals here. More.\n  "a": 1\n}')).toBe(
      'No globals here.',
    );
    expect(openingLine('a.html', '<!doctype html>\n<!-- build:css -->\n<!-- The page. -->')).toBe(
      'The page.',
    );
    expect(openingLine('README.md', '# The client\n\nText.')).toBe('The client');
    expect(openingLine('b.ts', 'import x;\n// Too late.')).toBeNull();
  });

  it('marks a file without one, and the page changes when a file is added or its comment changes', () => {
    const files = { 'src/a.ts': '// A.\n', 'src/b.ts': 'export {};\n' };
    const read = (file: string) => files[file as keyof typeof files];
    const page = fileMap(Object.keys(files), read);
    expect(page).toContain('| `a.ts` | A. |');
    expect(page).toContain('| `b.ts` | (no opening comment) |');
    expect(fileMap(['src/a.ts'], read)).not.toBe(page);
    expect(
      fileMap(Object.keys(files), (file) => (file === 'src/a.ts' ? '// Another.\n' : read(file))),
    ).not.toBe(page);
  });
});
