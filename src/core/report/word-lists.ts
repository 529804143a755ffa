// Word lists written as one line of text, so they stay readable at a glance.

/** 'a b c' → [a, b, c] */
export function wordList(text: string): readonly string[] {
  return text.split(' ');
}

/** 'a b c' → {a, b, c} */
export function wordSet(text: string): ReadonlySet<string> {
  return new Set(wordList(text));
}

/** 'id=ID asin=ASIN' → {id → ID, asin → ASIN} */
export function wordMap(text: string): ReadonlyMap<string, string> {
  return new Map(text.split(' ').map((pair) => pair.split('=') as [string, string]));
}
