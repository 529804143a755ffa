// Bundle entry. esbuild wraps this module in an IIFE; local/build declares `var RoyaltiesAddOn;` in Code.js
// and the top-level stubs it appends call `RoyaltiesAddOn.NAME(…)`. Assigning the global here, rather than
// through esbuild's `globalName`, keeps esbuild's CommonJS export helpers (about 400 bytes) out of a file that
// every custom function call loads.
import { entryPoints } from './entrypoints/index';

declare global {
  var RoyaltiesAddOn: typeof entryPoints;
}

RoyaltiesAddOn = entryPoints;
