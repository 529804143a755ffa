// Acceptance: the daily ledger in the built add-on, refreshed night after night from the demo API over a
// moving clock (the API's "today" and the emulator's clock advance together).
// Each test builds the ledger it needs on an add-on of its own (an emulator takes milliseconds; a night,
// about 20 ms): its first refresh, then the nights it needs (historyAfter). Only the demo API, whose worker
// takes seconds to start, is shared, and each test sets its day and settling again.
import { describe, expect, it } from 'vitest';
import { type AddOn, useDemoApi } from '../support/addon.ts';
import { apiGet, chooseSettings, column, ourTab, refresh, rowsOf } from '../tabs/support.ts';
import {
  addDays,
  FIRST_TODAY,
  historyAfter,
  historyNote,
  isoOfSerial,
  LAG,
  ledger,
  startHistory,
} from './support.ts';

const NIGHTS = 40;
/** Enough nights for a ledger holding days the API no longer gives, its latest days provisional. */
const A_FEW_NIGHTS = 5;

const demoApi = useDemoApi();

/** The API's daily figures now, by date (USD unless asked). */
async function apiDays(
  addOn: AddOn,
  query: Record<string, string> = {},
): Promise<Map<string, Record<string, unknown>>> {
  const body = await apiGet(addOn, '/timeline', { range: 'last_30_days', ...query });
  return new Map(rowsOf(body, 'points').map((p) => [String(p.date), p]));
}

describe('the daily ledger, night after night', () => {
  it('starts with the 30 days the API gives and says how far back it reaches', async () => {
    const { addOn } = await startHistory(demoApi());
    const result = refresh(addOn);
    expect(result.tabs.map((t) => [t.tab, t.error])).toEqual([['history', null]]);
    const view = ledger(addOn);
    expect(view.rows).toHaveLength(30);
    expect(view.rows[0]!.date).toBe(addDays(FIRST_TODAY, -30));
    const note = historyNote(addOn);
    expect(note).toContain(`reaches back to ${addDays(FIRST_TODAY, -30)}`);
    expect(note).toContain('the API did not give all_time, last_365_days, last_90_days');
    const api = await apiDays(addOn);
    for (const row of view.rows) {
      expect(row['royalties@USD']).toBe(api.get(row.date as string)!.royalties);
      expect(row.units_sold).toBe(api.get(row.date as string)!.units_sold);
    }
    // The last LAG days are after covered_through: provisional.
    expect(view.rows.length).toBeGreaterThan(LAG);
    for (const r of view.rows.slice(-LAG)) expect(r.status, String(r.date)).toBe('provisional');
    for (const r of view.rows.slice(0, -LAG)) expect(r.status, String(r.date)).toBe('settled');
  });

  it('gives 40 + 30 unique days after 40 nights; provisional days change, then settle to the API figures', async () => {
    const story = await historyAfter(demoApi(), 0, { nightly: true });
    const { addOn } = story;
    const provisionalSeen = new Map<string, number>();
    for (let n = 0; n < NIGHTS; n++) {
      await story.night();
      for (const row of ledger(addOn).rows) {
        if (row.status === 'provisional' && !provisionalSeen.has(row.date as string))
          provisionalSeen.set(row.date as string, row.units_sold as number);
      }
    }
    const view = ledger(addOn);
    const dates = view.rows.map((r) => r.date as string);
    expect(new Set(dates).size).toBe(NIGHTS + 30);
    expect(dates).toEqual([...dates].sort());
    expect(dates.at(-1)).toBe(addDays(story.today, -1));
    const api = await apiDays(addOn);
    let grew = 0;
    for (const row of view.rows) {
      const date = row.date as string;
      const settled = date <= addDays(story.today, -1 - LAG);
      expect(row.status, date).toBe(settled ? 'settled' : 'provisional');
      if (api.has(date)) expect(row['royalties@USD'], date).toBe(api.get(date)!.royalties);
      const first = provisionalSeen.get(date);
      if (settled && first !== undefined && first !== row.units_sold) grew += 1;
    }
    // Days first seen provisional (a share of their figures) were overwritten as they settled.
    expect(grew).toBeGreaterThan(NIGHTS / 2);
    expect(historyNote(addOn)).toMatch(/^0 settled days revised/);
  });

  it('updates a settled day the API revises and counts it', async () => {
    const story = await historyAfter(demoApi(), A_FEW_NIGHTS);
    const { addOn } = story;
    const target = addDays(story.today, -10);
    const before = ledger(addOn).rows.find((r) => r.date === target)!;
    expect(before.status).toBe('settled');
    await addOn.api.setSettling({ lagDays: LAG, ranges: ['last_30_days'], revised: { [target]: 3 } });
    addOn.emulator.clock.advance(3_600_000);
    const startedAt = addOn.emulator.clock.now();
    const result = refresh(addOn);
    expect(result.tabs[0]!.note).toMatch(/^1 settled day revised/);
    expect(historyNote(addOn)).toMatch(/^1 settled day revised/);
    const after = ledger(addOn).rows.find((r) => r.date === target)!;
    const api = (await apiDays(addOn)).get(target)!;
    expect(after.units_sold).toBe(api.units_sold);
    expect(after.units_sold).not.toBe(before.units_sold);
    expect(after.status).toBe('settled');
    expect((after.changed as Date).getTime()).toBeGreaterThanOrEqual(startedAt);
    expect(ledger(addOn).rows.filter((r) => (r.changed as Date).getTime() >= startedAt)).toHaveLength(1);
    // The next refresh sees the same figures: nothing more to count.
    expect(refresh(addOn).tabs[0]!.note).toMatch(/^0 settled days revised/);
  });

  it('changes nothing below the banner on a failed night', async () => {
    const story = await historyAfter(demoApi(), A_FEW_NIGHTS);
    const { addOn } = story;
    const before = ourTab(addOn, 'history');
    await addOn.api.setFaults('/timeline', { body: 'html-502' });
    await story.night();
    const after = ourTab(addOn, 'history');
    expect(after.values.slice(1)).toEqual(before.values.slice(1));
    expect(String(after.values[0]![0])).toMatch(/failed/);
    expect(historyNote(addOn)).toMatch(/revised/);
  });

  it("keeps the author's note beside its day when a missing day is put back", async () => {
    const story = await historyAfter(demoApi(), A_FEW_NIGHTS);
    const { addOn, today } = story;
    let view = ledger(addOn);
    const width = view.keys.length;
    const sheet = addOn.emulator.spreadsheet.getSheetByName(view.snapshot.name)!;
    const rowOf = (date: string) => 3 + ledger(addOn).rows.findIndex((r) => r.date === date);
    const gone = addDays(today, -12);
    const noted = addDays(today, -5);
    sheet.getRange(rowOf(noted), width + 2).setValue('my note');
    sheet.deleteRow(rowOf(gone));
    const left = ledger(addOn).rows;
    expect(left.length).toBeGreaterThan(0);
    expect(left.filter((r) => r.date === gone)).toEqual([]);
    addOn.emulator.clock.advance(3_600_000);
    refresh(addOn);
    view = ledger(addOn);
    expect(view.rows.filter((r) => r.date === gone)).toHaveLength(1);
    const at = view.rows.findIndex((r) => r.date === noted);
    expect(view.cells[at]![width + 1]).toBe('my note');
    expect(view.cells.filter((c) => c[width + 1] === 'my note')).toHaveLength(1);
  });

  it('puts back a day the author deleted by moving the days below it down, when nothing of theirs is beside them', async () => {
    const story = await historyAfter(demoApi(), A_FEW_NIGHTS);
    const { addOn, today } = story;
    const before = ledger(addOn);
    const sheet = addOn.emulator.spreadsheet.getSheetByName(before.snapshot.name)!;
    const gone = addDays(today, -12);
    sheet.deleteRow(3 + before.rows.findIndex((r) => r.date === gone));
    // The author's total a row below the days: it stays below them.
    const last = 2 + before.rows.length - 1;
    sheet.getRange(last + 2, 1).setValue('Total');
    sheet.getRange(last + 2, 4).setFormula(`=SUM(D3:D${last + 1})`);
    await story.nextDay();
    addOn.emulator.stats.reset();
    expect(refresh(addOn).tabs[0]!.error).toBeNull();
    // No row inserted among the days: a timeout between an insertion and its write would leave it blank.
    expect(addOn.emulator.stats.calls()['Sheet.insertRowsBefore'] ?? 0).toBe(0);
    const view = ledger(addOn);
    const dates = view.rows.map((r) => r.date as string);
    expect(dates).toEqual([...before.rows.map((r) => r.date as string), addDays(story.today, -1)]);
    const api = await apiDays(addOn);
    expect(view.rows.find((r) => r.date === gone)!.units_sold).toBe(api.get(gone)!.units_sold);
    // No blank row among the days, and the author's total still one row below them.
    const values = view.snapshot.values;
    expect(values.slice(2, 2 + dates.length).every((row) => typeof row[0] === 'number')).toBe(true);
    expect(values[2 + dates.length]!.every((cell) => cell === '')).toBe(true);
    expect(values[3 + dates.length]![0]).toBe('Total');
  });

  it('never mixes currencies: a new currency gets columns of its own', async () => {
    const story = await historyAfter(demoApi(), A_FEW_NIGHTS);
    const { addOn } = story;
    // The author's note beside a day, right of the ledger's columns.
    const noted = addDays(story.today, -5);
    const typed = ledger(addOn);
    const sheet = addOn.emulator.spreadsheet.getSheetByName(typed.snapshot.name)!;
    sheet
      .getRange(3 + typed.rows.findIndex((r) => r.date === noted), typed.keys.length + 2)
      .setValue('my note');
    const before = ledger(addOn);
    const usdBefore = new Map(before.rows.map((r) => [r.date as string, r['royalties@USD']]));
    chooseSettings(addOn, { tabs: ['history'], currency: 'EUR' });
    addOn.emulator.clock.advance(3_600_000);
    expect(refresh(addOn).tabs[0]!.error).toBeNull();
    const view = ledger(addOn);
    expect(view.keys).toContain('royalties@EUR');
    const headers = view.snapshot.values[1]!;
    expect(headers[view.keys.indexOf('royalties@USD')]).toBe('Royalties (USD)');
    expect(headers[view.keys.indexOf('royalties@EUR')]).toBe('Royalties (EUR)');
    const eur = await apiDays(addOn, { currency: 'EUR' });
    expect(view.rows.length).toBeGreaterThan(0);
    for (const row of view.rows) {
      const date = row.date as string;
      expect(row['royalties@USD'], date).toBe(usdBefore.get(date));
      expect(row['royalties@EUR'], date).toBe(eur.has(date) ? eur.get(date)!.royalties : '');
    }
    // The EUR columns were filled back as far as the API answers in EUR: the banner says so, not that
    // earlier amounts are only in the USD columns.
    const firstEur = view.rows.find((r) => typeof r['royalties@EUR'] === 'number')!.date as string;
    expect(String(view.snapshot.values[0]![0])).toContain(
      `The EUR columns hold amounts from ${firstEur}, as far back as the API gave them; the USD columns keep theirs`,
    );
    // The new columns went in before the author's: the note moved right, still beside its day.
    const at = view.rows.findIndex((r) => r.date === noted);
    expect(view.keys.length).toBeGreaterThan(before.keys.length);
    expect(view.cells[at]![view.keys.length + 1]).toBe('my note');
    const months = ourTab(addOn, 'history-months');
    expect(months.values[1]).toContain('Royalties (EUR)');
    expect(months.values[1]).not.toContain('Royalties (USD)');
    // Money before counts, as before the change: the EUR sums took the USD column's place.
    const headers2 = months.values[1]!.filter((h) => h !== '');
    expect(headers2.indexOf('Royalties (EUR)')).toBeLessThan(headers2.indexOf('Units sold'));
  });

  it('sums the ledger by month: every day counted once, the current month estimated, older ones final', async () => {
    // 25 nights from 2026-11-20 reach 2026-12-15: days of three months, today on the 15th.
    const { addOn, today } = await historyAfter(demoApi(), 25);
    const months = ourTab(addOn, 'history-months');
    const rows = ledger(addOn).rows;
    const counts = column(months, 'days').filter((d): d is number => typeof d === 'number');
    expect(counts.reduce((a, b) => a + b, 0)).toBe(rows.length);
    const marks = column(months, 'estimated').filter((m) => m !== '');
    expect(marks).toHaveLength(new Set(rows.map((r) => (r.date as string).slice(0, 7))).size);
    expect(months.values[1]).toContain('Status');
    expect(months.values[1]).not.toContain('Estimated');
    // Today is past the 15th and the provisional days are all in this month: only it is estimated. A
    // month the history holds only some days of says so (the first, begun mid-month; the current one).
    expect(Number(today.slice(8, 10))).toBeGreaterThanOrEqual(15);
    const held = column(months, 'days').filter((d): d is number => typeof d === 'number');
    const monthsShown = [...new Set(rows.map((r) => (r.date as string).slice(0, 7)))].sort();
    const expected = monthsShown.map((m, i) => {
      const [y, mo] = m.split('-').map(Number) as [number, number];
      const whole = new Date(Date.UTC(y, mo, 0)).getUTCDate();
      const state = i === monthsShown.length - 1 ? 'estimated' : 'final';
      return held[i]! < whole ? `${state}, partial (${held[i]} of ${whole} days)` : state;
    });
    expect(marks).toEqual(expected);
    expect(marks.at(-1)).toMatch(/^estimated, partial \(\d+ of 3\d days\)$/);
    expect(marks.length).toBeGreaterThan(2);
    for (const m of marks.slice(1, -1)) expect(m).toBe('final');
    // Counts are whole numbers.
    const unitsAt = months.values[1]!.indexOf('Units sold');
    expect(months.displayed[2]![unitsAt]).toMatch(/^[\d,]+$/);
  });

  it("leaves the author's own row among the days as it is when the days around it are written", async () => {
    const story = await historyAfter(demoApi(), A_FEW_NIGHTS);
    const { addOn } = story;
    const view = ledger(addOn);
    const sheet = addOn.emulator.spreadsheet.getSheetByName(view.snapshot.name)!;
    // Between the day that settles tonight (written: its status changes) and the provisional ones after it.
    const settling = addDays(story.today, -LAG);
    const at = 3 + view.rows.findIndex((r) => r.date === settling) + 1;
    sheet.insertRowsBefore(at, 1);
    sheet.getRange(at, 1).setValue('Week total');
    sheet.getRange(at, 4).setFormula('=SUM(D3:D9)');
    sheet.getRange(at, 1, 1, 4).setFontWeight('bold');
    await story.night();
    const after = ledger(addOn);
    expect(after.rows.find((r) => r.date === settling)?.status).toBe('settled');
    expect(after.rows.at(-1)?.date).toBe(addDays(story.today, -1));
    const row = 1 + after.snapshot.values.findIndex((r) => r[0] === 'Week total');
    expect(row).toBeGreaterThan(3);
    expect(isoOfSerial(after.snapshot.values[row - 2]![0])).toBe(settling);
    expect(sheet.getRange(row, 4).getFormula()).toBe('=SUM(D3:D9)');
    expect(sheet.getRange(row, 1, 1, 4).getFontWeights()[0]).toEqual(['bold', 'bold', 'bold', 'bold']);
  });

  it('refuses to read a ledger whose columns moved, writing nothing, until they are put back', async () => {
    const story = await historyAfter(demoApi(), A_FEW_NIGHTS);
    const { addOn } = story;
    const before = ledger(addOn);
    const sheet = addOn.emulator.spreadsheet.getSheetByName(before.snapshot.name)!;
    const royaltiesAt = before.keys.indexOf('royalties@USD') + 1;
    // The author inserts a column of notes among the ledger's own.
    sheet.insertColumnsBefore(royaltiesAt, 1);
    sheet.getRange(2, royaltiesAt).setValue('My notes');
    sheet.getRange(3, royaltiesAt, before.rows.length, 1).setValues(before.rows.map((_, r) => [`note ${r}`]));
    const shifted = addOn.emulator.sheetSnapshot(before.snapshot.name).values;
    await story.night();
    const line = addOn.emulator
      .sheetSnapshot('Royalties status')
      .values.find((r) => r[0] === 'Royalties history')!;
    expect(line.join(' ')).toContain(
      `The history could not be read: its column ${royaltiesAt} is headed "My notes"`,
    );
    // Nothing was written: every note is where the author typed it, no figure moved under another heading.
    expect(addOn.emulator.sheetSnapshot(before.snapshot.name).values.slice(1)).toEqual(shifted.slice(1));
    // The column taken out again, the next night reads and merges as before.
    sheet.deleteColumns(royaltiesAt, 1);
    await story.night();
    const after = ledger(addOn);
    expect(after.rows.at(-1)?.date).toBe(addDays(story.today, -1));
    expect(after.rows.length).toBe(before.rows.length + 2);
  });
});
