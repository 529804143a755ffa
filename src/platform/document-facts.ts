// What a formula cell needs to know about its spreadsheet: its id (the owner's allowance is kept under it),
// its time zone and what earlier cells learnt of that zone's offsets, and the sidebar settings. Each cell
// is its own execution, so these facts are kept in the document cache under one entry, read in the same
// cache call as the cell's response: a recalculated cell asks SpreadsheetApp and document properties
// nothing. Trust: only this script reads or writes this spreadsheet's document cache, and it writes this
// entry only with what the spreadsheet itself answered, so the entry is as good as the answer (an editor
// cannot put another spreadsheet's id there). The entry expires after ten minutes and saveSettings drops
// it, so a changed time zone or setting reaches the formulas within that time.
import type { OffsetSample } from '../core/formulas';
import type { CachePort } from '../core/ports';
import type { RoyaltiesSettings } from '../core/settings';
import { settingsFromStored } from '../core/settings';

export const FACTS_KEY = 'rfs-doc';
/** CacheService's default expiry: how long a changed time zone may take to reach the formulas. */
const FACTS_TTL_SECONDS = 600;
/** About 40 KB of JSON, well under CacheService's 100 KB per value. */
const MAX_SAMPLES = 2_000;

interface Facts {
  id?: string;
  zone?: string;
  /** The settings property as stored (null: never saved). */
  settings?: string | null;
  offsets?: OffsetSample[];
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
  /** One cache write, only when this cell learnt something the entry lacked. */
  save(): void;
}

function parsed(text: string | undefined): Facts {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' ? (value as Facts) : {};
  } catch {
    return {};
  }
}

/** `storedSettings` reads the settings property (settings-store.ts, which imports this file). */
export function documentFacts(
  raw: CachePort | undefined,
  storedSettings: () => string | null,
): DocumentFacts {
  let facts: Facts | undefined;
  let learnt = false;
  const absorb = (found: Record<string, string>) => {
    facts ||= parsed(found[FACTS_KEY]);
  };
  const safeGetAll = (keys: readonly string[]): Record<string, string> => {
    try {
      return raw!.getAll(keys);
    } catch {
      return {};
    }
  };
  const known = (): Facts => {
    if (!facts) {
      if (raw) absorb(safeGetAll([FACTS_KEY]));
      facts ||= {};
    }
    return facts;
  };
  function learn<K extends keyof Facts>(name: K, read: () => Facts[K]): NonNullable<Facts[K]> {
    const f = known();
    if (f[name] === undefined) {
      f[name] = read();
      learnt = true;
    }
    return f[name] as NonNullable<Facts[K]>;
  }
  let spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet | undefined;
  const active = () => (spreadsheet ||= SpreadsheetApp.getActive());
  let settings: RoyaltiesSettings | undefined;
  const readSettings = () => (settings ||= settingsFromStored(learn('settings', storedSettings) || null));

  return {
    cache: raw
      ? {
          // The first read of the cell carries the facts entry with it.
          getAll(keys) {
            if (facts) return raw.getAll(keys);
            const found = raw.getAll([...keys, FACTS_KEY]);
            absorb(found);
            delete found[FACTS_KEY];
            return found;
          },
          putAll: (entries, ttl) => raw.putAll(entries, ttl),
        }
      : undefined,
    read: () => !raw || facts !== undefined,
    id: () => learn('id', () => active().getId()),
    zone: () => learn('zone', () => active().getSpreadsheetTimeZone()),
    settings: {
      get range() {
        return readSettings().range;
      },
      get currency() {
        return readSettings().currency;
      },
      get tabs() {
        return readSettings().tabs;
      },
    },
    offsets: () => known().offsets || [],
    learnOffsets(samples) {
      known().offsets = samples.slice(-MAX_SAMPLES);
      learnt = true;
    },
    save() {
      if (!raw || !learnt) return;
      try {
        raw.putAll({ [FACTS_KEY]: JSON.stringify(known()) }, FACTS_TTL_SECONDS);
      } catch {
        // Best effort: the next cell asks the spreadsheet again.
      }
    },
  };
}
