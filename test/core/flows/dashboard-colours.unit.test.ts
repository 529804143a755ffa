// Writing our dashboard colour rules over a fake sheet of rules: ours told from the author's by their
// fingerprints (last refresh's, or equal to one we write), the author's kept in their order, ours written
// once after them; the fingerprint as a rule reads back from Sheets (A1 notation, colours in any case).
import { describe, expect, it } from 'vitest';
import { type ColourRule, TONES } from '../../../src/core/dashboard/index.ts';
import {
  colourFingerprint,
  type DashboardColoursPort,
  fingerprintOf,
  type ReadColourRule,
  syncDashboardColours,
} from '../../../src/core/flows/dashboard-colours.ts';

interface FakeRule {
  readonly name: string;
  readonly read: ReadColourRule | null;
}

const NEGATIVE: ColourRule = {
  when: 'less',
  than: 0,
  tone: 'bad',
  colours: TONES.bad,
  areas: [
    { row: 3, column: 4, rows: 1, columns: 1 },
    { row: 10, column: 5, rows: 4, columns: 2 },
  ],
};
const RISE: ColourRule = {
  when: 'greater',
  than: 0.5,
  tone: 'good',
  colours: TONES.good,
  areas: [{ row: 5, column: 2, rows: 1, columns: 1 }],
};
/** Each rule as Sheets reads it back: its enum's name, A1 notations by hand, colours in upper case. */
const READ_BACK: Record<string, ReadColourRule> = {
  negative: {
    criteria: 'NUMBER_LESS_THAN',
    value: 0,
    font: TONES.bad.font.toUpperCase(),
    background: TONES.bad.background.toUpperCase(),
    ranges: ['D3', 'E10:F13'],
  },
  rise: {
    criteria: 'NUMBER_GREATER_THAN',
    value: 0.5,
    font: TONES.good.font.toUpperCase(),
    background: TONES.good.background.toUpperCase(),
    ranges: ['B5'],
  },
};
const authors: FakeRule = {
  name: 'author',
  read: { criteria: 'NUMBER_GREATER_THAN', value: 1000, font: '#0000ff', background: null, ranges: ['H20'] },
};
const gradient: FakeRule = { name: 'gradient', read: null };

/** The sheet's rules in memory; a rule of ours reads back as READ_BACK says. */
function fakeRules(rules: FakeRule[]) {
  const calls: string[] = [];
  const port: DashboardColoursPort<'sheet', FakeRule> = {
    build: (_, rule) => {
      const name = rule === NEGATIVE ? 'negative' : 'rise';
      calls.push(`build ${name}`);
      return { name, read: READ_BACK[name]! };
    },
    rules: () => {
      calls.push('rules');
      return [...rules];
    },
    read: (rule) => rule.read,
    set: (_, next) => {
      calls.push('set');
      rules.splice(0, rules.length, ...next);
    },
  };
  return { port, calls, rules, names: () => rules.map((r) => r.name) };
}

describe('syncDashboardColours', () => {
  it('writes ours after the author’s rules, and returns their fingerprints', () => {
    const fake = fakeRules([authors, gradient]);
    const prints = syncDashboardColours(fake.port, 'sheet', [NEGATIVE, RISE], []);
    expect(fake.names()).toEqual(['author', 'gradient', 'negative', 'rise']);
    expect(fake.calls).toEqual(['build negative', 'build rise', 'rules', 'set']);
    expect(prints).toEqual([fingerprintOf(NEGATIVE), fingerprintOf(RISE)]);
  });

  it('leaves one set after two refreshes, ours read back in another case', () => {
    const fake = fakeRules([authors]);
    const prints = syncDashboardColours(fake.port, 'sheet', [NEGATIVE, RISE], []);
    syncDashboardColours(fake.port, 'sheet', [NEGATIVE, RISE], prints);
    expect(fake.names()).toEqual(['author', 'negative', 'rise']);
  });

  it('takes out last refresh’s rules though the figures moved, and keeps every rule it did not write', () => {
    const moved: FakeRule = { name: 'moved', read: { ...READ_BACK.negative!, ranges: ['D3', 'E10:F19'] } };
    const fake = fakeRules([moved, authors]);
    syncDashboardColours(fake.port, 'sheet', [NEGATIVE], [colourFingerprint(moved.read!)]);
    expect(fake.names()).toEqual(['author', 'negative']);
  });

  it('takes out a rule equal to one it writes when the record of ours is lost, never a stored non-text', () => {
    const fake = fakeRules([{ name: 'old rise', read: READ_BACK.rise! }, authors]);
    syncDashboardColours(fake.port, 'sheet', [RISE], [5, { rise: true }, null]);
    expect(fake.names()).toEqual(['author', 'rise']);
  });

  it('prints a rule as Sheets reads it back: a cell without a colon, a block from corner to corner', () => {
    expect(fingerprintOf(NEGATIVE)).toBe(colourFingerprint(READ_BACK.negative!));
    expect(fingerprintOf(RISE)).toBe(colourFingerprint(READ_BACK.rise!));
    expect(fingerprintOf(RISE)).not.toBe(fingerprintOf({ ...RISE, than: 0.25 }));
  });
});
