// CONTRIBUTING.md's "Before you push" says what CI runs; .ci/run is what it runs. Every npm command of the
// one is named in the other, so the list stays true when either changes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../local/build/build.ts';

/** `npm ci`, `npm run lint`, `npm test`…: the command and its script, without arguments after it. */
function npmCommands(text: string): string[] {
  return [...text.matchAll(/\bnpm (ci|test|run [\w:-]+)/g)].map((m) => `npm ${m[1]}`);
}

describe("CONTRIBUTING's list of what CI runs", () => {
  it('names every npm command .ci/run runs', () => {
    const contributing = readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
    const start = contributing.indexOf('## Before you push');
    const sentence = contributing.slice(start, contributing.indexOf('\n## ', start + 1));
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
