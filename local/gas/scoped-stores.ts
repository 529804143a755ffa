// Stores kept per scope, as PropertiesService and CacheService keep them: one for the script, one for
// the document, one per user.
export class ScopedStores<T> {
  readonly script: T;
  /** The spreadsheet in front's (documents.ts swaps it). */
  document: T;
  readonly #users = new Map<string, T>();

  constructor(private readonly make: () => T) {
    this.script = make();
    this.document = make();
  }

  user(email: string): T {
    let store = this.#users.get(email);
    if (!store) {
      store = this.make();
      this.#users.set(email, store);
    }
    return store;
  }

  all(): T[] {
    return [this.script, this.document, ...this.#users.values()];
  }
}
