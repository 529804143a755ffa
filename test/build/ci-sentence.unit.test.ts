// README's Contributing section says what CI runs; .ci/run is what it runs. Every npm command of the one is
// named in the other, in the same order, so the sentence stays true when either changes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';

/** `npm ci`, `npm run lint`, `npm test`…: the command and its script, without arguments after it. */
function npmCommands(text: string): string[] {
  return [...text.matchAll(/\bnpm (ci|test|run [\w:-]+)/g)].map((m) => `npm ${m[1]}`);
}

describe("README's sentence on CI", () => {
  it('names every npm command .ci/run runs, in its order', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf('Before you push a change:');
    const sentence = readme.slice(start, readme.indexOf('To run one file', start));
    expect(sentence).toContain('.ci/run');
    const script = readFileSync(path.join(ROOT, '.ci/run'), 'utf8')
      .split('\n')
      .filter((line) => /^npm /.test(line))
      .join('\n');
    const ran = npmCommands(script);
    expect(ran.length).toBeGreaterThan(3);
    const named = npmCommands(sentence);
    expect([...new Set(named)].sort()).toEqual([...new Set(ran)].sort());
  });
});
