// Loops that assert: an `expect` inside a `for` or `forEach` over a collection asserts nothing when the
// collection came back empty, so its size is asserted before the loop (or the loop runs over a fixed
// table). Read from the text, as a heuristic: comments and strings are blanked, each loop's collection is
// taken from its header, and an earlier `expect` of the same test that names that collection (its length,
// its contents, a value it must contain) counts as asserting its size.

/** The text with comments and the contents of strings blanked (newlines kept), so brackets can be matched. */
export function codeOnly(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  // Open template literals, each with the depth of `${` braces inside it.
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  const inTemplate = () => templates.length > 0 && templates.at(-1) === depth;
  while (i < text.length) {
    const c = text[i]!;
    if (inTemplate()) {
      const start = i;
      while (i < text.length && text[i] !== '`' && !(text[i] === '$' && text[i + 1] === '{')) {
        i += text[i] === '\\' ? 2 : 1;
      }
      blank(start, i);
      if (text[i] === '`') templates.pop();
      else {
        depth += 1;
        i += 1;
      }
      i += 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      blank(i + 1, j);
      i = j + 1;
    } else if (c === '/' && /[(,=:[!&|?{};>]\s*$/.test(text.slice(Math.max(0, i - 20), i))) {
      // A regular expression literal: its contents may hold any bracket.
      let j = i + 1;
      let inClass = false;
      while (j < text.length && text[j] !== '\n' && (inClass || text[j] !== '/')) {
        if (text[j] === '[') inClass = true;
        else if (text[j] === ']') inClass = false;
        j += text[j] === '\\' ? 2 : 1;
      }
      blank(i + 1, j);
      i = j + 1;
    } else if (c === '`') {
      templates.push(depth);
      i += 1;
    } else {
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      i += 1;
    }
  }
  return out.join('');
}

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** The index just past the bracket that closes the one at `open`. */
function closing(code: string, open: number): number {
  const stack: string[] = [];
  for (let i = open; i < code.length; i++) {
    const c = code[i]!;
    if (OPEN[c]) stack.push(OPEN[c]);
    else if (c === ')' || c === ']' || c === '}') {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return code.length;
}

/** The index just past a statement starting at `from`: its block, or up to its `;` outside brackets. */
function statementEnd(code: string, from: number): number {
  let i = from;
  while (/\s/.test(code[i] ?? '')) i++;
  if (code[i] === '{') return closing(code, i);
  for (; i < code.length; i++) {
    const c = code[i]!;
    if (OPEN[c]) i = closing(code, i) - 1;
    else if (c === ';' || c === '}') return i;
  }
  return code.length;
}

/** Where an expression ends going back from `end` (exclusive): identifiers, dots and whole brackets. */
function expressionStart(code: string, end: number): number {
  let i = end;
  for (;;) {
    const c = code[i - 1] ?? '';
    if (/[\w$.?!]/.test(c)) i -= 1;
    else if (c === ')' || c === ']') {
      const open = c === ')' ? '(' : '[';
      let depth = 0;
      let j = i - 1;
      for (; j >= 0; j--) {
        if (code[j] === c) depth += 1;
        else if (code[j] === open) {
          depth -= 1;
          if (depth === 0) break;
        }
      }
      i = j;
    } else return i;
  }
}

export interface AssertingLoop {
  /** 1-based line of the loop. */
  readonly line: number;
  /** The collection the loop walks, as written (wrappers such as Object.entries taken off). */
  readonly collection: string;
  /** Where the test (or helper) that holds the loop begins, for the search of an earlier size assertion. */
  readonly from: number;
  readonly at: number;
}

/** `Object.entries(x)`, `[...x]`, `x.entries()`, `await x`, `x!`: the collection itself. */
function bareCollection(expression: string): string {
  let e = expression.trim();
  for (;;) {
    const before = e;
    e = e
      .replace(/^await\s+/, '')
      .replace(/!$/, '')
      .replace(/\s*\?\?\s*\[\]$/, '');
    const wrapped =
      /^Object\.(?:entries|keys|values)\(([\s\S]*)\)$/.exec(e) ?? /^\[\.\.\.([\s\S]*)\]$/.exec(e);
    if (wrapped) e = wrapped[1]!.trim();
    e = e.replace(/\.(?:entries|keys|values)\(\)$/, '');
    e = e.replace(/^\(([\s\S]+?)\s+as\s+[^()]+\)$/, '$1');
    if (e === before) return e;
  }
}

/** The `for` and `forEach` loops of a test file whose body holds an `expect`. */
export function assertingLoops(text: string): AssertingLoop[] {
  const code = codeOnly(text);
  const lineOf = (at: number) => code.slice(0, at).split('\n').length;
  // Where each test or helper starts: an `it(`, `test(`, a function, or a describe's body.
  const starts = [
    ...code.matchAll(
      /^\s*(?:(?:it|test)(?:\.\w+)*(?:\([^)]*\))?\(|(?:export\s+)?(?:async\s+)?function\b|describe\()/gm,
    ),
  ].map((m) => m.index);
  const startOf = (at: number) => starts.filter((s) => s < at).at(-1) ?? 0;
  const loops: AssertingLoop[] = [];
  for (const m of code.matchAll(/\bfor\s*(?:await\s*)?\(|\.forEach\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const close = closing(code, open);
    let collection: string | null;
    let body: string;
    if (m[0].startsWith('for')) {
      const header = code.slice(open + 1, close - 1);
      body = code.slice(close, statementEnd(code, close));
      const each = /^\s*(?:const|let|var)\s+[\s\S]+?\s(?:of|in)\s+([\s\S]+)$/.exec(header);
      const counted = /;\s*\w+\s*<=?\s*([^;]+?)\s*;/.exec(header);
      collection = each
        ? each[1]!
        : counted
          ? counted[1]!.replace(/\s*&&[\s\S]*$/, '').replace(/\.(?:length|size)$/, '')
          : null;
    } else {
      body = code.slice(open, close);
      collection = code.slice(expressionStart(code, m.index), m.index);
    }
    if (collection === null || !/\bexpect\b/.test(body)) continue;
    loops.push({
      line: lineOf(m.index),
      collection: bareCollection(collection),
      from: startOf(m.index),
      at: m.index,
    });
  }
  return loops;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A collection no run can leave empty: a literal table or one the file declares as such (its type may
 * hold arrows), a number, a module's constant (or what the test keeps of it, or names it by), or a row
 * of a literal table of literal lists none of which is empty (`for (const tabs of [['a'], ['b', 'c']])`). */
function fixed(collection: string, code: string): boolean {
  if (/^[[{]/.test(collection) || /^[\d\s+*-]+$/.test(collection)) return true;
  if (/^[A-Z][A-Z0-9_]*\b/.test(collection)) return true;
  const table = new RegExp(
    `\\b(?:const|let)\\s+${escapeRegExp(collection)}\\b(?:=>|[^=;])*=\\s*(?:\\[(?!\\s*\\.\\.\\.)|\\{|[A-Z][A-Z0-9_]*\\s*;)`,
  );
  if (!/^[\w$]+$/.test(collection)) return false;
  if (table.test(code)) return true;
  const row = new RegExp(`\\bfor\\s*\\(\\s*const\\s+${escapeRegExp(collection)}\\s+of\\s+\\[`);
  const walk = row.exec(code);
  if (!walk) return false;
  const open = walk.index + walk[0].length - 1;
  return /^\[\s*(?:\[[^[\]]*[^[\]\s,][^[\]]*\]\s*,?\s*)+\]$/.test(code.slice(open, closing(code, open)));
}

/** An `expect(...)` naming the collection, then a matcher that fails on an empty one (or pins its size). */
function sizeAsserted(code: string, collection: string): boolean {
  const name = new RegExp(`(?<![\\w$])(?<!(?<!\\.)\\.)${escapeRegExp(collection)}(?![\\w$])`);
  for (const m of code.matchAll(/\bexpect(?:\.soft)?\(/g)) {
    const close = closing(code, m.index + m[0].length - 1);
    const subject = code.slice(m.index, close);
    const matcher = /^\s*(?:,[^)]*\))?\s*\.\s*(not\s*\.\s*)?(\w+)/.exec(code.slice(close));
    if (!name.test(subject) || !matcher) continue;
    const [, not, which] = matcher;
    if (
      not
        ? /^(?:toEqual|toHaveLength|toStrictEqual)$/.test(which!)
        : /^(?:toHaveLength|toBeGreaterThan|toBeGreaterThanOrEqual|toBe|toEqual|toStrictEqual|toContain|toContainEqual|toMatchObject)$/.test(
            which!,
          )
    )
      return true;
  }
  return false;
}

/** The names whose asserted size stands for the collection's: the collection itself, what it was taken
 * from (`rows` for `rows.slice(1)`), and what the test made of it element for element (`const ids =
 * rows.map(...)`). */
function namesOf(collection: string, code: string): string[] {
  const root = /^([\w$.!?]+?)\.(?:slice|filter|map|flatMap|entries|keys|values)\(/.exec(collection)?.[1];
  const names = root ? [collection, root.replace(/!$/, '')] : [collection];
  for (const name of [...names]) {
    const made = new RegExp(
      `\\b(?:const|let)\\s+([\\w$]+)\\s*=\\s*[^;]*?(?<![\\w$.])${escapeRegExp(name)}\\s*\\.(?:map|entries|keys|values)\\(`,
      'g',
    );
    for (const m of code.matchAll(made)) names.push(m[1]!);
  }
  return names;
}

/** The loops of a test file that assert inside over a collection whose size nothing asserted before. */
export function unsizedLoops(text: string): string[] {
  const code = codeOnly(text);
  return assertingLoops(text)
    .filter((loop) => {
      if (fixed(loop.collection, code)) return false;
      const before = code.slice(loop.from, loop.at);
      return !namesOf(loop.collection, before).some((name) => sizeAsserted(before, name));
    })
    .map((loop) => `${loop.line}: ${loop.collection.replace(/\s+/g, ' ')}`);
}
