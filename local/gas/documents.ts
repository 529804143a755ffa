// Several spreadsheets in one world. An installed add-on serves every spreadsheet its users open: user
// properties and triggers are the script's, shared by all of them; document properties, cache and lock
// are each spreadsheet's own. `world.spreadsheet` (with its document stores) is the spreadsheet in front
// of the test, or the one an execution works on: its trigger's document, or the one it opened by id.
import { GasError } from './messages.ts';
import { SpreadsheetModel } from './spreadsheet/model.ts';
import type { CacheStore, Store } from './state.ts';

interface Document {
  readonly model: SpreadsheetModel;
  readonly properties: Store;
  readonly cache: CacheStore;
  deleted: boolean;
  /** Users it is no longer shared with. */
  readonly unshared: Set<string>;
}

/**
 * openById's refusals. Google's reference (reference/spreadsheet/spreadsheet-app#openById) gives no
 * wording; these are the texts public reports quote for a deleted spreadsheet and for one the user cannot
 * open (UNCONFIRMED: only that openById throws is relied on).
 */
export const OPEN_BY_ID_REFUSED = {
  missing: (id: string) =>
    `Document ${id} is missing (perhaps it was deleted, or you don't have read access?)`,
  noAccess: 'You do not have permission to access the requested document.',
};

/** What `use` swaps: the world's spreadsheet in front and its document stores. */
interface InFront {
  spreadsheet: SpreadsheetModel;
  readonly properties: { document: Store };
  readonly caches: { document: CacheStore };
}

export class Documents {
  readonly #all = new Map<string, Document>();

  constructor(first: SpreadsheetModel, properties: Store, cache: CacheStore) {
    this.#all.set(first.id, { model: first, properties, cache, deleted: false, unshared: new Set() });
  }

  add(id: string, name: string, owner: string, timeZone: string): void {
    if (this.#all.has(id)) throw new Error(`A spreadsheet ${id} exists already.`);
    this.#all.set(id, {
      model: new SpreadsheetModel(id, name, owner, timeZone),
      properties: new Map(),
      cache: new Map(),
      deleted: false,
      unshared: new Set(),
    });
  }

  #get(id: string): Document {
    const doc = this.#all.get(id);
    if (!doc) throw new Error(`No spreadsheet ${id} in this emulator.`);
    return doc;
  }

  /** Makes `id` the spreadsheet in front: world.spreadsheet and its document stores. */
  use(world: InFront, id: string): void {
    const doc = this.#get(id);
    world.spreadsheet = doc.model;
    world.properties.document = doc.properties;
    world.caches.document = doc.cache;
  }

  delete(id: string): void {
    this.#get(id).deleted = true;
  }

  unshare(id: string, user: string): void {
    this.#get(id).unshared.add(user);
  }

  /** SpreadsheetApp.openById as `user`: the spreadsheet, or Google's refusal. */
  open(id: string, user: string): SpreadsheetModel {
    const doc = this.#all.get(id);
    if (!doc || doc.deleted) throw new GasError(OPEN_BY_ID_REFUSED.missing(id));
    if (doc.unshared.has(user)) throw new GasError(OPEN_BY_ID_REFUSED.noAccess);
    return doc.model;
  }
}
