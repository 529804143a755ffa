// This user's nightly trigger over fake triggers and user properties: found only by the id its entry
// keeps, deleted with both entries, and told present, gone (Google has none by the kept id) or never made.
import { describe, expect, it } from 'vitest';
import {
  deleteNightlyTrigger,
  findNightlyTrigger,
  type NightlyTriggersPort,
  nightlyTriggerState,
} from '../../../src/core/flows/nightly-trigger.ts';

/** The project's triggers by unique id, and this user's properties; `deleted`: what was taken out. */
function fakes(ids: string[], entries: Record<string, string>) {
  const triggers = ids.map((id) => ({ id }));
  const deleted: string[] = [];
  const asked = { triggers: 0 };
  const port: NightlyTriggersPort<{ id: string }> = {
    triggers: () => {
      asked.triggers += 1;
      return [...triggers];
    },
    uniqueId: (t) => t.id,
    deleteTrigger: (t) => {
      deleted.push(`trigger ${t.id}`);
      triggers.splice(triggers.indexOf(t), 1);
    },
  };
  const store = new Map(Object.entries(entries));
  const user = {
    getProperty: (key: string) => store.get(key) ?? null,
    deleteProperty: (key: string) => {
      deleted.push(key);
      store.delete(key);
    },
  };
  return { port, user, deleted, store, asked };
}

const KEPT = {
  'royalties.nightly.trigger.sheet-1': 't-2',
  'royalties.nightly.sheet.t-2': 'sheet-1',
  'royalties.nightly.trigger.sheet-9': 't-9',
};

describe('the nightly trigger', () => {
  it('is the trigger whose id this spreadsheet’s entry keeps, never another of the project’s', () => {
    const { port, user, asked } = fakes(['t-1', 't-2', 't-3'], KEPT);
    expect(findNightlyTrigger(port, 'sheet-1', user)).toEqual({ id: 't-2' });
    expect(findNightlyTrigger(port, 'sheet-9', user)).toBeNull();
    expect(asked.triggers).toBe(2);
    // No entry: Google's triggers are not even listed.
    expect(findNightlyTrigger(port, 'sheet-2', user)).toBeNull();
    expect(asked.triggers).toBe(2);
  });

  it('is deleted with both its entries, and only it', () => {
    const { port, user, deleted, store } = fakes(['t-1', 't-2'], KEPT);
    deleteNightlyTrigger(port, 'sheet-1', user);
    expect(deleted).toEqual([
      'trigger t-2',
      'royalties.nightly.trigger.sheet-1',
      'royalties.nightly.sheet.t-2',
    ]);
    expect([...store.keys()]).toEqual(['royalties.nightly.trigger.sheet-9']);
    const none = fakes(['t-1'], {});
    deleteNightlyTrigger(none.port, 'sheet-1', none.user);
    expect(none.deleted).toEqual(['royalties.nightly.trigger.sheet-1']);
  });

  it('is present, gone when Google has none by the kept id, or never made', () => {
    const { port, user } = fakes(['t-2'], KEPT);
    expect(nightlyTriggerState(port, 'sheet-1', user)).toBe('present');
    expect(nightlyTriggerState(port, 'sheet-9', user)).toBe('gone');
    expect(nightlyTriggerState(port, 'sheet-2', user)).toBe('none');
  });
});
