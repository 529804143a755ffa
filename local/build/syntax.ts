// The syntax Code.js is written in: the newest the Apps Script parser is known to take, decided from the
// evidence in docs/apps-script.md ("Bundling TypeScript for Apps Script"). One year, read by esbuild, terser
// and the bundle check's parser, so the three cannot drift. ES2020 keeps `?.` and `??` as written; class
// fields (ES2022), refused by Apps Script in 2022, stay lowered to assignments in the constructor.
export const SYNTAX_YEAR = 2020;
/** esbuild's name for it. */
export const ESBUILD_TARGET = `es${SYNTAX_YEAR}`;
