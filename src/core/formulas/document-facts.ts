// What a formula cell needs to know about its spreadsheet: its id (the owner's allowance is kept under it),
// its time zone and what earlier cells learnt of that zone's offsets, the sidebar settings, and the
// fingerprint of the owner's key while the owner lets formulas use it. Each cell is its own execution, so
// these facts are kept in the document cache under one entry, read in the same cache call as the cell's
// kept answer or response: a recalculated cell asks SpreadsheetApp and the property stores nothing.
// Trust: only this script reads or writes this spreadsheet's document cache, and it writes this entry only
// with what the spreadsheet and the owner's properties (a custom function reads the owner's) answered, so
// the entry is as good as those answers (an editor cannot put another spreadsheet's id there). The entry
// expires ten minutes after it was first learnt (it says when itself), and saveSettings and setFormulaAccess drop it, so a changed time zone,
// setting, key or allowance reaches the formulas within that time.

import { isObject, parseJson } from '../base/unknown';
import type { CachePort } from '../ports';
import type { RoyaltiesSettings } from '../settings';
import { settingsFromStored } from '../settings';
import type { OffsetSample } from './offsets';

/** The facts' one entry in the document cache (platform/document-facts.ts drops it). */
export const FACTS_KEY = 'rfs-doc';
/** CacheService's default expiry: how long a changed time zone, key or allowance may take to reach the
 * formulas (saveSettings and setFormulaAccess drop the entry at once), and how long an answer is kept. */
const FACTS_TTL_SECONDS = 600;
/** About 40 KB of JSON, well under CacheService's 100 KB per value. */
const MAX_SAMPLES = 2_000;

interface Facts {
  id?: string;
  zone?: string;
  /** The settings property as stored (null: never saved). */
  settings?: string | null;
  offsets?: OffsetSample[];
  /** Fingerprint of the owner's key, present only while the owner allows formulas here. */
  allowedKey?: string | undefined;
  /** When the entry expires (ms): its own, since it may share a cache write with longer-lived entries. */
  until?: number;
}

export interface DocumentFacts {
  /** The document cache, with the facts entry asked alongside the first read (undefined: no cache). */
  readonly cache: CachePort | undefined;
  /** Whether the facts entry has been read (or there is no cache to read it from). */
  read(): boolean;
  id(): string;
  zone(): string;
  /** Read only when a field is first asked: a formula whose arguments say it all never needs them. */
  readonly settings: RoyaltiesSettings;
  offsets(): readonly OffsetSample[];
  learnOffsets(samples: readonly OffsetSample[]): void;
  /** What the entry says, without asking anything: undefined when it does not say. */
  carried(): { readonly allowedKey?: string; readonly settings?: string | null; readonly zone?: string };
  /** The settings as stored, when this cell read them (undefined: it did not need them). */
  settingsRead(): string | null | undefined;
  /** From the owner's properties: the key's fingerprint when formulas may use it, else undefined. */
  noteAllowedKey(fingerprint: string | undefined): void;
  /** One cache write, only when this cell learnt something the entry lacked; `also` joins that write,
   * kept for `ttlSeconds` or as long as the facts, whichever is longer. */
  save(also?: Readonly<Record<string, string>>, ttlSeconds?: number): void;
}

/** The facts entry among what the cache answered: {} for none, or for anything unreadable. */
function factsIn(read: () => Record<string, string> | undefined, now: number): Facts {
  try {
    const value = parseJson(read()?.[FACTS_KEY]);
    return isObject(value) && Number(value.until) > now ? (value as Facts) : {};
  } catch {
    return {};
  }
}

/** Where the facts come from when the entry lacks them: each a service call, asked at most once. */
export interface FactSources {
  /** The document cache (undefined: none, outside a document). */
  readonly cache: CachePort | undefined;
  /** The settings property as stored (null: never saved). */
  storedSettings(): string | null;
  /** The active spreadsheet, opened when first asked: an execution's first spreadsheet call costs most. */
  openSpreadsheet(): { id(): string; zone(): string };
  now(): number;
}

export function documentFacts(sources: FactSources): DocumentFacts {
  const { cache: raw, storedSettings, now } = sources;
  let facts: Facts | undefined;
  let learnt = false;
  const known = (): Facts => (facts ??= factsIn(() => raw?.getAll([FACTS_KEY]), now()));
  function learn<K extends keyof Facts>(name: K, read: () => Facts[K]): NonNullable<Facts[K]> {
    const f = known();
    if (f[name] === undefined) {
      f[name] = read();
      learnt = true;
    }
    return f[name] as NonNullable<Facts[K]>;
  }
  let spreadsheet: { id(): string; zone(): string } | undefined;
  const active = () => (spreadsheet ??= sources.openSpreadsheet());
  let settings: RoyaltiesSettings | undefined;
  let settingsText: string | null | undefined;
  const readSettings = () => {
    if (!settings) {
      settingsText = learn('settings', storedSettings) || null;
      settings = settingsFromStored(settingsText);
    }
    return settings;
  };

  return {
    cache: raw
      ? {
          // The first read of the cell carries the facts entry with it.
          getAll(keys) {
            if (facts) return raw.getAll(keys);
            const found = raw.getAll([...keys, FACTS_KEY]);
            facts = factsIn(() => found, now());
            delete found[FACTS_KEY];
            return found;
          },
          putAll: (entries, ttl) => raw.putAll(entries, ttl),
        }
      : undefined,
    read: () => !raw || facts !== undefined,
    id() {
      const id = learn('id', () => active().id());
      // Asked while the spreadsheet is open anyway: a later cell showing dates then never opens it (an
      // execution's first spreadsheet call costs the most of any).
      if (spreadsheet) learn('zone', () => spreadsheet!.zone());
      return id;
    },
    zone: () => learn('zone', () => active().zone()),
    settings: {
      get period() {
        return readSettings().period;
      },
      get currency() {
        return readSettings().currency;
      },
      get tabs() {
        return readSettings().tabs;
      },
    },
    offsets: () => known().offsets ?? [],
    learnOffsets(samples) {
      known().offsets = samples.slice(-MAX_SAMPLES);
      learnt = true;
    },
    carried: () => facts ?? {},
    settingsRead: () => settingsText,
    noteAllowedKey(fingerprint) {
      const f = known();
      if (f.allowedKey === fingerprint) return;
      f.allowedKey = fingerprint;
      learnt = true;
    },
    save(also = {}, ttlSeconds = FACTS_TTL_SECONDS) {
      if (!raw) return;
      const f = known();
      // Learnt afresh: ten minutes from now; added to, the entry keeps its first expiry.
      f.until ||= now() + FACTS_TTL_SECONDS * 1000;
      const entries = learnt ? { ...also, [FACTS_KEY]: JSON.stringify(f) } : also;
      if (!Object.keys(entries).length) return;
      const factsSeconds = learnt ? Math.ceil((f.until - now()) / 1000) : 1;
      try {
        // The longest expiry asked: every entry written here says itself when it expires.
        raw.putAll(entries, Math.max(1, factsSeconds, ttlSeconds));
      } catch {
        // Best effort: the next cell asks the spreadsheet again.
      }
    },
  };
}
