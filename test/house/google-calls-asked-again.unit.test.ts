// Every Spreadsheet and properties call goes through the wrappers that ask Google again where that is safe
// (core/flows/asked-again.ts, wired in platform/optional-services.ts): a spreadsheet got straight from
// SpreadsheetApp would miss the retries, and handing one of its raw objects a wrapped range (or the other
// way) gives Google an object it does not know. Only the Ui (menus, sidebars, dialogs) and SpreadsheetApp's
// enums are used straight.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/import-graph.ts';

const PLATFORM = path.resolve(import.meta.dirname, '../../src/platform');
/** Where the wrappers are made. */
const WIRING = 'optional-services.ts';

/** `SpreadsheetApp.x` used straight: anything but getUi() and an enum (capitalised). */
const RAW_SHEETS = /\bSpreadsheetApp\.(?!getUi\(|[A-Z])\w+/g;
/** A property store got other than through storeAskedAgain. */
const RAW_STORE = /(?<!storeAskedAgain\(\(\) => )\bPropertiesService\.\w+/g;

/** Each straight use in the platform's files, as `file: use`. */
function straightUses(pattern: RegExp): string[] {
  return sourceFiles([PLATFORM])
    .filter((file) => path.basename(file) !== WIRING)
    .flatMap((file) => {
      const code = readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '');
      const name = path.relative(PLATFORM, file).split(path.sep).join('/');
      return [...code.matchAll(pattern)].map((m) => `${name}: ${m[0]}`);
    });
}

describe('Google calls asked again where safe', () => {
  it('finds the platform files and what a straight use looks like', () => {
    expect(sourceFiles([PLATFORM]).length).toBeGreaterThan(30);
    expect('x = SpreadsheetApp.getActive();'.match(RAW_SHEETS)).toEqual(['SpreadsheetApp.getActive']);
    expect('SpreadsheetApp.getUi(); SpreadsheetApp.WrapStrategy.CLIP'.match(RAW_SHEETS)).toBeNull();
    expect('PropertiesService.getUserProperties()'.match(RAW_STORE)).toHaveLength(1);
    expect('storeAskedAgain(() => PropertiesService.getUserProperties())'.match(RAW_STORE)).toBeNull();
  });

  it('makes every Spreadsheet call through sheetsApp() or theSpreadsheet()', () => {
    expect(straightUses(RAW_SHEETS)).toEqual([]);
  });

  it('gets every property store through storeAskedAgain', () => {
    expect(straightUses(RAW_STORE)).toEqual([]);
  });
});
