// A full bench run rewrites docs/performance.md between its markers: the introduction stays, the tables
// follow the run, and a page without its markers is refused rather than written over.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERFORMANCE_PAGE } from '../../local/bench/options.ts';
import { PAGE_END, PAGE_START, withBenchBlock } from '../../local/bench/performance-page.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the performance page', () => {
  it('replaces only what lies between the markers', () => {
    const page = `# Performance\n\nWhy.\n\n${PAGE_START}\nold tables\n${PAGE_END}\n\nAfter.\n`;
    expect(withBenchBlock(page, '| new |\n')).toBe(
      `# Performance\n\nWhy.\n\n${PAGE_START}\n| new |\n${PAGE_END}\n\nAfter.\n`,
    );
  });

  it('refuses a page without its markers, with one twice, or with them out of order', () => {
    for (const page of [
      'no markers',
      `${PAGE_START}\nonly the start`,
      `${PAGE_END}\n${PAGE_START}`,
      `${PAGE_START}\n${PAGE_START}\n${PAGE_END}`,
    ])
      expect(() => withBenchBlock(page, 'x')).toThrow('needs one');
  });

  it('is the page the docs link to, and carries the markers the bench writes between', () => {
    const page = readFileSync(path.join(ROOT, PERFORMANCE_PAGE), 'utf8');
    const rewritten = withBenchBlock(page, 'Figures from `npm run bench`');
    expect(rewritten.startsWith(page.slice(0, page.indexOf(PAGE_START)))).toBe(true);
    expect(rewritten).toContain(`${PAGE_START}\nFigures from \`npm run bench\`\n${PAGE_END}`);
  });
});
