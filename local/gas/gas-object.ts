// Base of every emulated service object. The proxy in binding.ts exposes its public members (names not
// starting with `_`) to the script and refuses everything else with `not emulated: Class.member`.
import type { Env } from './env.ts';

export abstract class GasObject {
  /** The Apps Script class name used for accounting and messages: 'Range', 'UrlFetchApp', … */
  abstract readonly _class: string;
  /** For objects the script may assign properties to (an HtmlTemplate's variables): kept as the script gave them. */
  readonly _assigned?: Map<string, unknown>;
  /** Cells a call on this object touches, for the accounting (a Range's size; nothing for other objects). */
  _cellCount?(): number;

  constructor(readonly _env: Env) {}
}
