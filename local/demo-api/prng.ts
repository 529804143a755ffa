// Deterministic randomness. The catalog is drawn from a sequential seeded generator; daily facts come
// from a counter-based hash of (seed, book, marketplace, day, stream) so any fact can be computed on its
// own, in any order, and always comes out the same. No Math.random anywhere in the model.

/** mulberry32: a small, well-mixed sequential generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A 32-bit word determined by five integers (murmur3 finaliser over a mixed word). */
export function hashWord(seed: number, book: number, market: number, day: number, stream: number): number {
  let h = seed ^ Math.imul(book + 1, 0x9e3779b1) ^ Math.imul(market + 1, 0x85ebca77);
  h ^= Math.imul(day, 0xc2b2ae3d) ^ Math.imul(stream + 1, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit seed from text (FNV-1a), e.g. to give each configured account figures of its own. */
export function seedFromText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
