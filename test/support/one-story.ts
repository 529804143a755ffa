// A file whose tests are still one story: each may rely on what those before it left, which
// docs/conventions.md forbids. Until it is rewritten so each test sets up what it needs, its tests keep
// their written order in the shuffled runs. test/house/stand-alone.unit.test.ts names every such file:
// the list only shrinks.
import { getCurrentSuite } from 'vitest/suite';

/** Call at the top of the file: its tests, and those of its describes, run in their written order. */
export function stillOneStory(): void {
  // vitest offers `{ shuffle: false }` per describe only; the file's own task and the options its
  // describes inherit are set here, before any describe is collected.
  const collecting = getCurrentSuite() as unknown as {
    file?: { shuffle?: boolean };
    options?: { shuffle?: boolean };
  };
  if (!collecting.file || !collecting.options)
    throw new Error('stillOneStory() runs at the top of a test file, before its describes');
  collecting.file.shuffle = false;
  collecting.options.shuffle = false;
}
