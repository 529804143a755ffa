// vitest setupFiles for the browser files: every one runs the built add-on, so it is built (once per run,
// test/support/bundles.ts) in a hook of its own before the file's own hooks, bound by the build's timeout.
// The file's hooks (the preview, Chromium) and its first test then time only themselves.
import { beforeAll } from 'vitest';
import { addOnDist, BUILD_TIMEOUT } from '../support/bundles.ts';

beforeAll(() => addOnDist(), BUILD_TIMEOUT);
