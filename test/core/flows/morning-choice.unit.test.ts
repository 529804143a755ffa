// The morning e-mail's choice and last night mailed in a plain map standing for the user's properties:
// per spreadsheet, a choice that no longer reads taken as off, a wrong one refused before anything is
// asked or stored.
import { describe, expect, it } from 'vitest';
import {
  lastSentIn,
  morningEmailModeIn,
  storeMorningEmailIn,
} from '../../../src/core/flows/morning-choice.ts';

function userStore() {
  const values = new Map<string, string>();
  const asked: string[] = [];
  const user = {
    getProperty: (key: string) => values.get(key) ?? null,
    setProperty: (key: string, value: string) => values.set(key, value),
  };
  const where = (id: string) => ({
    user: () => {
      asked.push('user');
      return user;
    },
    spreadsheetId: () => {
      asked.push('id');
      return id;
    },
  });
  return { values, user, where, asked };
}

describe("the morning e-mail's choice", () => {
  it('is off until chosen, then kept for each spreadsheet apart', () => {
    const { user, where } = userStore();
    expect(morningEmailModeIn(user, 'sheet-1')).toBe('off');
    expect(storeMorningEmailIn('daily', where('sheet-1'))).toBe('daily');
    expect(storeMorningEmailIn('problems', where('sheet-2'))).toBe('problems');
    expect(morningEmailModeIn(user, 'sheet-1')).toBe('daily');
    expect(morningEmailModeIn(user, 'sheet-2')).toBe('problems');
  });

  it('that no longer reads counts as off: never mail by mistake', () => {
    const { user, values, where } = userStore();
    storeMorningEmailIn('daily', where('sheet-1'));
    const [key] = values.keys();
    values.set(key!, 'weekly');
    expect(morningEmailModeIn(user, 'sheet-1')).toBe('off');
  });

  it('is refused unless one of the three, before anything is asked or stored', () => {
    const { values, where, asked } = userStore();
    expect(() => storeMorningEmailIn('hourly', where('sheet-1'))).toThrow('is not a morning e-mail choice');
    expect(asked).toEqual([]);
    expect(values.size).toBe(0);
  });
});

describe('the last night mailed', () => {
  it('is none at first, then the instant noted, for its spreadsheet only', () => {
    const { user } = userStore();
    const sent = lastSentIn(user, 'sheet-1');
    expect(sent.at).toBeNull();
    sent.note('2026-11-21T05:00:00.000Z');
    expect(lastSentIn(user, 'sheet-1').at).toBe('2026-11-21T05:00:00.000Z');
    expect(lastSentIn(user, 'sheet-2').at).toBeNull();
  });

  it('is kept apart from the choice', () => {
    const { user, where } = userStore();
    storeMorningEmailIn('daily', where('sheet-1'));
    lastSentIn(user, 'sheet-1').note('2026-11-21T05:00:00.000Z');
    expect(morningEmailModeIn(user, 'sheet-1')).toBe('daily');
  });
});
