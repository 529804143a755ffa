// The Status tab's records over a plain store: the status book and the checks that do not add up read from
// their own keys; saved in one write, under the keys the room was asked for, cut to that room with the
// book first; and the Status tab's table handed to the writer with its banner and time.
import { describe, expect, it } from 'vitest';
import {
  ALERTS_RAISED_PROPERTY,
  type RaisedAlerts,
  SALES_BASELINE_PROPERTY,
  storedRaisedAlerts,
  storedSalesBaseline,
} from '../../../src/core/alerts/index.ts';
import type { Check } from '../../../src/core/checks/types.ts';
import {
  mismatchesOf,
  type StatusWrite,
  saveStatusRecords,
  statusBookOf,
  writeStatusTabWith,
} from '../../../src/core/flows/status-record.ts';
import { STATUS_PROPERTY, type StatusBook } from '../../../src/core/refresh/index.ts';
import type { ReportTable } from '../../../src/core/report/index.ts';
import { type Banner, CHECKS_PROPERTY } from '../../../src/core/tabs/index.ts';

const BOOK: StatusBook = {
  dashboard: {
    sheetName: 'Royalties dashboard',
    lastSuccessAt: Date.UTC(2026, 10, 27, 6),
    lastFailureAt: null,
    lastFailure: null,
    rows: 24,
    truncated: false,
  },
  history: {
    sheetName: 'Royalties history',
    lastSuccessAt: null,
    lastFailureAt: Date.UTC(2026, 10, 28, 6),
    lastFailure: 'The server said: period too long.',
    rows: null,
    truncated: false,
  },
};

const check = (
  subject: string,
  result: Check['result'],
  text = `${subject}: 10.00 against 12.00`,
): Check => ({
  subject,
  result,
  text,
  tabs: [],
});

/** A store with `room` characters for the records asked about, and what was written, call by call. */
function storeWith(room = Number.POSITIVE_INFINITY) {
  const asked: string[][] = [];
  const written: Record<string, string>[] = [];
  const store: StatusWrite = {
    roomFor: (...keys) => {
      asked.push(keys);
      return room;
    },
    setProperties: (values) => {
      written.push(values);
    },
  };
  const document = { getProperty: (key: string) => written.at(-1)?.[key] ?? null };
  return { store, asked, written, document };
}

describe('statusBookOf and mismatchesOf', () => {
  it('read nothing stored as no tab refreshed and no check failed', () => {
    const empty = { getProperty: () => null };
    expect(statusBookOf(empty)).toEqual({});
    expect(mismatchesOf(empty)).toEqual([]);
  });
});

describe('saveStatusRecords', () => {
  it('writes the book alone, under the one key whose room it asked', () => {
    const { store, asked, written, document } = storeWith();
    saveStatusRecords(store, BOOK);
    expect(asked).toEqual([[STATUS_PROPERTY]]);
    expect(written).toHaveLength(1);
    expect(Object.keys(written[0]!)).toEqual([STATUS_PROPERTY]);
    expect(statusBookOf(document)).toEqual(BOOK);
  });

  it('writes the checks that do not add up beside the book, in the same write', () => {
    const { store, asked, written, document } = storeWith();
    const checks = [
      check('Royalties: Summary against Books', 'differs'),
      check('Units: Summary against Books', 'agrees'),
      check('KENP: Summary against Books', 'unchecked'),
      check('Ad spend: Ads against Summary', 'differs'),
    ];
    saveStatusRecords(store, BOOK, checks);
    expect(asked).toEqual([[STATUS_PROPERTY, CHECKS_PROPERTY]]);
    expect(written).toHaveLength(1);
    expect(statusBookOf(document)).toEqual(BOOK);
    expect(mismatchesOf(document)).toEqual([
      { subject: checks[0]!.subject, text: checks[0]!.text },
      { subject: checks[3]!.subject, text: checks[3]!.text },
    ]);
    // No check failing: an empty record replaces the last one (a mismatch mended is no longer told).
    const mended = storeWith();
    saveStatusRecords(mended.store, BOOK, [checks[1]!]);
    expect(mended.written[0]![CHECKS_PROPERTY]).toBeDefined();
    expect(mismatchesOf(mended.document)).toEqual([]);
  });

  it("writes the alerts' records given, each under its own key", () => {
    const { store, asked, written, document } = storeWith();
    const raised: RaisedAlerts = { 'ads:One': { level: 'alarm', name: '"One"' } };
    const baseline = { end: '2026-11-27', books: { B1: { rate: 2, days: 30 } } };
    saveStatusRecords(store, BOOK, undefined, { raised, baseline });
    expect(asked).toEqual([[STATUS_PROPERTY, ALERTS_RAISED_PROPERTY, SALES_BASELINE_PROPERTY]]);
    expect(Object.keys(written[0]!).sort()).toEqual(
      [STATUS_PROPERTY, ALERTS_RAISED_PROPERTY, SALES_BASELINE_PROPERTY].sort(),
    );
    expect(storedRaisedAlerts(document.getProperty(ALERTS_RAISED_PROPERTY))).toEqual(raised);
    expect(storedSalesBaseline(document.getProperty(SALES_BASELINE_PROPERTY))).toEqual(baseline);
    // Only the baseline given: the raised record is neither asked about nor written over.
    const onlyBaseline = storeWith();
    saveStatusRecords(onlyBaseline.store, BOOK, undefined, { baseline });
    expect(onlyBaseline.asked).toEqual([[STATUS_PROPERTY, SALES_BASELINE_PROPERTY]]);
    expect(onlyBaseline.written[0]![ALERTS_RAISED_PROPERTY]).toBeUndefined();
  });

  it('cuts the checks to the room the book leaves, saying how many more did not fit', () => {
    const full = storeWith();
    saveStatusRecords(full.store, BOOK);
    const bookChars = full.written[0]![STATUS_PROPERTY]!.length;
    const checks = Array.from({ length: 20 }, (_, i) =>
      check(`Check ${i}`, 'differs', `${'x'.repeat(200)} ${i}`),
    );
    const room = bookChars + 1000;
    const tight = storeWith(room);
    saveStatusRecords(tight.store, BOOK, checks);
    const values = tight.written[0]!;
    // The book whole, first.
    expect(statusBookOf(tight.document)).toEqual(BOOK);
    const total = Object.values(values).reduce((n, text) => n + text.length, 0);
    expect(total).toBeLessThanOrEqual(room);
    const kept = mismatchesOf(tight.document);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(checks.length);
    expect(kept.at(-1)!.more).toBe(checks.length - kept.length);
  });
});

describe('saveStatusRecords in a room smaller than the records', () => {
  const raised: RaisedAlerts = { 'ads:One': { level: 'alarm', name: '"One"' } };
  const baseline = { end: '2026-11-27', books: { B1: { rate: 2, days: 30 } } };
  const checks = [check('Royalties: Summary against Books', 'differs')];
  const written = (room: number) => {
    const { store, written: writes } = storeWith(room);
    const note = saveStatusRecords(store, BOOK, checks, { raised, baseline });
    const values = writes[0]!;
    return { values, note, total: Object.values(values).reduce((n, text) => n + text.length, 0) };
  };
  const bookChars = written(Number.POSITIVE_INFINITY).values[STATUS_PROPERTY]!.length;

  it('never writes more than the room, however small', () => {
    const rooms = Array.from({ length: bookChars + 400 }, (_, room) => room);
    expect(rooms.filter((room) => written(room).total > room)).toEqual([]);
  });

  /** The one check that differs, counted alone: the checks' record at its shortest. */
  const counted = JSON.stringify([{ more: 1 }]);

  it('keeps the book first (but for the checks counted), the others empty, and says what was not kept', () => {
    const { values, note } = written(bookChars + counted.length);
    expect(values[STATUS_PROPERTY]!.length).toBe(bookChars);
    expect([
      values[CHECKS_PROPERTY],
      values[ALERTS_RAISED_PROPERTY],
      values[SALES_BASELINE_PROPERTY],
    ]).toEqual([counted, '', '']);
    expect(note).toContain('the checks that do not add up');
    expect(note).toContain('the alerts told');
    expect(note).toContain("the books' usual sales");
    expect(note).not.toContain("the tabs' last refreshes");
    // With room for all, nothing to say.
    expect(written(Number.POSITIVE_INFINITY).note).toBeNull();
  });

  it("keeps the checks' count from the book's room: the sidebar can still say reports do not add up", () => {
    const { values, note } = written(bookChars);
    expect(mismatchesOf({ getProperty: () => values[CHECKS_PROPERTY]! })).toEqual([{ more: 1 }]);
    // The book gave up its messages for it, and keeps every tab.
    const kept = statusBookOf({ getProperty: () => values[STATUS_PROPERTY]! });
    expect(Object.keys(kept).sort()).toEqual(Object.keys(BOOK).sort());
    expect(values[STATUS_PROPERTY]!.length).toBeLessThan(bookChars);
    expect(note).toContain("the tabs' last refreshes");
  });

  it('cuts the book’s messages, then leaves the book out, when even it does not fit', () => {
    const cut = written(bookChars - 10);
    const kept = statusBookOf({ getProperty: () => cut.values[STATUS_PROPERTY]! });
    // Every tab still there with its times and rows: only the failure's message is shorter.
    expect(kept.dashboard).toEqual(BOOK.dashboard);
    expect(kept.history).toEqual({ ...BOOK.history, lastFailure: expect.any(String) });
    expect(kept.history?.lastFailure).not.toBe(BOOK.history?.lastFailure);
    expect(cut.note).toContain("the tabs' last refreshes");
    const none = written(10);
    expect(none.values[STATUS_PROPERTY]).toBe('');
    expect(none.note).toContain("the tabs' last refreshes");
  });
});

describe('saveStatusRecords, with a record written right after', () => {
  const NEXT = 'royalties.next';
  const bookChars = JSON.stringify(BOOK).length;

  /** `free` characters beside the book; the next record holds `old` now, and will need `needs`. */
  function saved(free: number, old: number, needs: number) {
    let values: Record<string, string> = {};
    const store: StatusWrite = {
      roomFor: (...keys) => (keys.includes(NEXT) ? free + old : free),
      setProperties: (given) => {
        values = given;
      },
    };
    const note = saveStatusRecords(store, BOOK, undefined, undefined, [NEXT, needs]);
    return { book: values[STATUS_PROPERTY]!, note };
  }

  it('gives it its room first: the history gives up its messages', () => {
    const { book, note } = saved(bookChars + 10, 0, 40);
    expect(book.length).toBeLessThanOrEqual(bookChars - 30);
    expect(Object.keys(statusBookOf({ getProperty: () => book })).sort()).toEqual(Object.keys(BOOK).sort());
    expect(note).toBe("Add-on storage full, not kept whole: the tabs' last refreshes.");
  });

  it('counts the room it holds now as its own', () => {
    expect(saved(bookChars, 40, 40)).toEqual({ book: JSON.stringify(BOOK), note: null });
  });

  it('cuts nothing for it when it could not fit even with the book left out', () => {
    expect(saved(bookChars, 0, bookChars + 1)).toEqual({ book: JSON.stringify(BOOK), note: null });
  });
});

describe('writeStatusTabWith', () => {
  it("hands the writer the Status tab's table, with the banner and time given", () => {
    const calls: [ReportTable, Banner, number][] = [];
    const banner: Banner = { text: 'Status as of today.', tone: 'normal' };
    const at = Date.UTC(2026, 10, 28, 7);
    const checks = [check('Royalties: Summary against Books', 'differs')];
    writeStatusTabWith((table, b, when) => calls.push([table, b, when]), { book: BOOK, banner, at }, checks);
    expect(calls).toHaveLength(1);
    const [table, b, when] = calls[0]!;
    expect(b).toBe(banner);
    expect(when).toBe(at);
    // A row per tab in the book, then the Checks block with the check's subject and sentence.
    const cells = table.rows.flat();
    expect(cells).toContain('Royalties dashboard');
    expect(cells).toContain('The server said: period too long.');
    expect(cells).toContain(checks[0]!.subject);
    expect(cells).toContain(checks[0]!.text);
  });
});
