// The alerts' records over a plain document store: each record read from its own key (the defaults when
// none is stored or it cannot be read), and the owner-only "Save alert lines", refused before anything is
// stored when the user is not the owner, a line is not a percentage, or the store has no room left.
import { describe, expect, it } from 'vitest';
import {
  ALERT_LINES_PROPERTY,
  ALERTS_RAISED_PROPERTY,
  AlertLinesError,
  DEFAULT_ALERT_LINES,
  NO_SALES_BASELINE,
  raisedToStored,
  SALES_BASELINE_PROPERTY,
  salesBaselineToStored,
} from '../../../src/core/alerts/index.ts';
import {
  type AlertLinesPorts,
  alertRecordsOf,
  saveAlertLinesWith,
} from '../../../src/core/flows/alert-records.ts';

const OWNER = 'author@example.com';

function documentOf(entries: Record<string, string> = {}) {
  const stored = new Map(Object.entries(entries));
  return { stored, getProperty: (key: string) => stored.get(key) ?? null };
}

/** The ports as the sidebar's save meets them: who acts, who owns, the room, and what was stored. */
function ports(acting: string, owner: string | null | undefined, room = Number.POSITIVE_INFINITY) {
  const stored: [string, string][] = [];
  const asked: string[] = [];
  const it: AlertLinesPorts = {
    actingEmail: () => acting,
    ownerEmail: () => owner,
    roomFor: (key) => {
      asked.push(key);
      return room;
    },
    store: (key, value) => {
      stored.push([key, value]);
    },
  };
  return { ports: it, stored, asked };
}

describe('alertRecordsOf', () => {
  it('gives the default lines, nothing raised and no baseline when nothing is stored', () => {
    expect(alertRecordsOf(documentOf())).toEqual({
      lines: DEFAULT_ALERT_LINES,
      raised: {},
      baseline: NO_SALES_BASELINE,
    });
  });

  it('reads each record back from its own key', () => {
    const raised = { 'ads:Book One': { level: 'warning', name: '"Book One"' } } as const;
    const baseline = { end: '2026-11-27', books: { B1: { rate: 1.5, days: 30 } } };
    const saved = ports(OWNER, OWNER);
    const lines = saveAlertLinesWith({ adsNote: '20%', adsWarning: 50, adsAlarm: '90' }, saved.ports);
    const document = documentOf({
      [ALERT_LINES_PROPERTY]: saved.stored[0]![1],
      [ALERTS_RAISED_PROPERTY]: raisedToStored(raised),
      [SALES_BASELINE_PROPERTY]: salesBaselineToStored(baseline),
    });
    expect(alertRecordsOf(document)).toEqual({ lines, raised, baseline });
    // Only the lines stored: the others stay at nothing.
    const onlyLines = documentOf({ [ALERT_LINES_PROPERTY]: saved.stored[0]![1] });
    expect(alertRecordsOf(onlyLines)).toEqual({ lines, raised: {}, baseline: NO_SALES_BASELINE });
  });

  it('counts unreadable records as the defaults, never as alerts turned off', () => {
    const document = documentOf({
      [ALERT_LINES_PROPERTY]: '{"adsNote": "lots"',
      [ALERTS_RAISED_PROPERTY]: '[1, 2]',
      [SALES_BASELINE_PROPERTY]: 'null',
    });
    expect(alertRecordsOf(document)).toEqual({
      lines: DEFAULT_ALERT_LINES,
      raised: {},
      baseline: NO_SALES_BASELINE,
    });
  });
});

describe('saveAlertLinesWith', () => {
  it("stores the owner's lines as percentages and gives them back as shares", () => {
    // Google may spell the same address with other capitals.
    const { ports: p, stored, asked } = ports('Author@Example.com', OWNER);
    const lines = saveAlertLinesWith({ adsNote: '25 %', adsWarning: 60, adsAlarm: '150', enabled: false }, p);
    expect(lines).toEqual({
      ...DEFAULT_ALERT_LINES,
      enabled: false,
      adsNote: 0.25,
      adsWarning: 0.6,
      adsAlarm: 1.5,
    });
    expect(asked).toEqual([ALERT_LINES_PROPERTY]);
    expect(stored).toHaveLength(1);
    expect(stored[0]![0]).toBe(ALERT_LINES_PROPERTY);
    expect(JSON.parse(stored[0]![1])).toMatchObject({
      enabled: false,
      adsNote: 25,
      adsWarning: 60,
      adsAlarm: 150,
    });
  });

  it('refuses anyone but the owner, and stores nothing', () => {
    const cases: [string, string | null | undefined, RegExp][] = [
      ['editor@example.com', OWNER, /Only the spreadsheet's owner/],
      ['', OWNER, /Google did not say who you are/],
      [OWNER, null, /shared drive/],
      [OWNER, undefined, /shared drive/],
    ];
    expect(cases).toHaveLength(4);
    for (const [acting, owner, said] of cases) {
      const { ports: p, stored } = ports(acting, owner);
      // The owner check comes first: a bad line does not hide it.
      expect(() => saveAlertLinesWith({ adsNote: 'lots' }, p)).toThrow(AlertLinesError);
      expect(() => saveAlertLinesWith({ adsNote: 'lots' }, p)).toThrow(said);
      expect(stored).toEqual([]);
    }
  });

  it('refuses a line that is not a percentage or lines out of order, and stores nothing', () => {
    const { ports: p, stored } = ports(OWNER, OWNER);
    expect(() => saveAlertLinesWith({ kenpFall: 'half' }, p)).toThrow(
      /The fall of page reads "half" is not a percentage/,
    );
    expect(() => saveAlertLinesWith({ adsNote: 80, adsWarning: 50 }, p)).toThrow(/ad spend lines go up/);
    expect(stored).toEqual([]);
  });

  it('refuses when the store has less room than the lines take, and saves when they just fit', () => {
    const input = { adsNote: 30, adsWarning: 70, adsAlarm: 100 };
    const measured = ports(OWNER, OWNER);
    saveAlertLinesWith(input, measured.ports);
    const size = measured.stored[0]![1].length;
    const short = ports(OWNER, OWNER, size - 1);
    expect(() => saveAlertLinesWith(input, short.ports)).toThrow(
      /developer metadata, shared with other add-ons, is full/,
    );
    expect(short.stored).toEqual([]);
    const exact = ports(OWNER, OWNER, size);
    saveAlertLinesWith(input, exact.ports);
    expect(exact.stored).toEqual(measured.stored);
  });
});
