// The emulated clock: frozen unless something advances it (Utilities.sleep, HTTP rounds, tests), so time
// in tests is exact and no test waits for real.
export class Clock {
  #now: number;

  constructor(start: number) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`The clock only moves forward (got ${ms} ms).`);
    this.#now += ms;
  }
}
