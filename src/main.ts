// Bundle entry. esbuild wraps this module in an IIFE assigned to the global `RoyaltiesAddOn`; the
// top-level stubs that local/build appends call `RoyaltiesAddOn.entryPoints.NAME(…)`.
export { entryPoints } from './entrypoints/index';
