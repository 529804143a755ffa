// A history write that fails partway: Sheets refuses one of the ledger's calls after rows
// were inserted for new days (Google's transient "Service Spreadsheets failed…", or a protected range
// refusing an editor; the emulator's switches.failCall). The author must find every day the ledger had,
// with its figures and its note beside it, no blank row among the dates, and a banner saying the history
// could not be written; the next refresh puts everything in.
// Each test starts from a ledger of its own, refreshed once (historyAfter); only the demo API is shared.
import { describe, expect, it } from 'vitest';
import { type AddOn, useDemoApi } from '../support/addon.ts';
import { chooseSettings, ourTab, refresh } from '../tabs/support.ts';
import { addDays, type HistoryStory, historyAfter, isoOfSerial, ledger } from './support.ts';

const demoApi = useDemoApi();

/** The dates of the data rows, from row 3 to the last date: a blank row among them shows as null. */
function datesDown(addOn: AddOn): Array<string | null> {
  const rows = ourTab(addOn, 'history').values.slice(2);
  let end = rows.length;
  while (end > 0 && typeof rows[end - 1]![0] !== 'number') end -= 1;
  return rows.slice(0, end).map((row) => (typeof row[0] === 'number' ? isoOfSerial(row[0]) : null));
}

function historySheet(addOn: AddOn) {
  return addOn.emulator.spreadsheet.getSheetByName(ourTab(addOn, 'history').name)!;
}

/** The night's changes: a new day at the bottom and, deleted by the author, a day in the middle put back. */
async function nightWithMissingDay(story: HistoryStory): Promise<{ gone: string; noted: string }> {
  const { addOn } = story;
  const view = ledger(addOn);
  const sheet = historySheet(addOn);
  const rowOf = (date: string) => 3 + ledger(addOn).rows.findIndex((r) => r.date === date);
  const gone = addDays(story.today, -12);
  const noted = addDays(story.today, -6);
  sheet.getRange(rowOf(noted), view.keys.length + 2).setValue(`note on ${noted}`);
  sheet.deleteRow(rowOf(gone));
  await story.nextDay();
  return { gone, noted };
}

/** Each call of the ledger's write after its first change to the sheet (rows inserted): the days go in
 * first (the day put back, then the last days and the new one), the banner and headers after them. */
const FAILURES = [
  { step: 'the second row insertion', call: 'Sheet.insertRowsBefore', skip: 0 },
  { step: 'the first days', call: 'Range.setValues', skip: 0 },
  { step: 'the later days', call: 'Range.setValues', skip: 1 },
  { step: 'the last format of the days', call: 'Range.setFontWeights', skip: 1 },
  { step: 'the banner and headers', call: 'Range.setValues', skip: 2 },
  { step: 'the mark', call: 'DeveloperMetadata.setValue', skip: 0 },
] as const;

describe('a ledger write that fails partway', () => {
  it.each(FAILURES)('at $step leaves every day in place, no blank row, and says so', async (failure) => {
    const story = await historyAfter(demoApi(), 0);
    const { addOn } = story;
    const before = ledger(addOn);
    const { gone, noted } = await nightWithMissingDay(story);
    const kept = ledger(addOn);
    const grid = [historySheet(addOn).getMaxRows(), historySheet(addOn).getMaxColumns()];
    const sheetName = before.snapshot.name;
    // Google's transient failure, said in the author's words (core/google-faults.ts).
    const message =
      'Google could not work on this spreadsheet just now (a passing fault at Google). Try again in a few minutes.';
    addOn.emulator.switches.failCall(failure.call, {
      skip: failure.skip,
      ...(failure.call.startsWith('DeveloperMetadata') ? {} : { sheet: sheetName }),
    });

    const result = refresh(addOn);
    expect(result.tabs[0]!.error).toBe(`The tab could not be written: ${message}`);
    const banner = String(ourTab(addOn, 'history').values[0]![0]);
    expect(banner).toMatch(/failed for this tab: The tab could not be written: Google could not work on/);
    expect(banner).not.toContain(addOn.emulator.spreadsheet.getId());
    expect(banner).toMatch(/The figures below are from/);

    // No row left inserted (none blank among the dates nor below them), and every day the ledger had
    // before the night, with its figures.
    expect([historySheet(addOn).getMaxRows(), historySheet(addOn).getMaxColumns()]).toEqual(grid);
    const dates = datesDown(addOn);
    expect(dates).not.toContain(null);
    expect(kept.rows.length).toBeGreaterThan(0);
    expect(dates).toEqual(kept.rows.map((r) => r.date));
    const after = ledger(addOn);
    for (const [i, row] of kept.rows.entries()) {
      // A failure after the days were written leaves this night's figures; before it, the previous ones.
      if (row.status === 'settled') expect(after.rows[i], row.date as string).toEqual(row);
    }
    const noteAt = after.keys.length + 1;
    expect(after.cells[after.rows.findIndex((r) => r.date === noted)]![noteAt]).toBe(`note on ${noted}`);
    expect(after.cells.filter((c) => c[noteAt] === `note on ${noted}`)).toHaveLength(1);

    // The next refresh puts the missing day back and adds the new one.
    expect(refresh(addOn).tabs[0]!.error).toBeNull();
    const mended = datesDown(addOn);
    expect(mended).not.toContain(null);
    expect(mended).toEqual([...before.rows.map((r) => r.date as string), addDays(story.today, -1)]);
    expect(mended).toContain(gone);
    const fixed = ledger(addOn);
    expect(fixed.cells[fixed.rows.findIndex((r) => r.date === noted)]![noteAt]).toBe(`note on ${noted}`);
  });

  it('takes new columns out again too: a new currency the same night, the days refused', async () => {
    const story = await historyAfter(demoApi(), 0);
    const { addOn } = story;
    const before = ledger(addOn);
    const { noted } = await nightWithMissingDay(story);
    const kept = ledger(addOn);
    const grid = [historySheet(addOn).getMaxRows(), historySheet(addOn).getMaxColumns()];
    chooseSettings(addOn, { tabs: ['history'], currency: 'EUR' });
    // The days' first write: the first call that writes a cell.
    addOn.emulator.switches.failCall('Range.setValues', { sheet: before.snapshot.name, skip: 0 });

    expect(refresh(addOn).tabs[0]!.error).toMatch(/^The tab could not be written: Google could not work/);
    expect([historySheet(addOn).getMaxRows(), historySheet(addOn).getMaxColumns()]).toEqual(grid);
    const after = ledger(addOn);
    expect(after.keys).toEqual(kept.keys);
    expect(after.keys).not.toContain('royalties@EUR');
    expect(after.snapshot.values[1]).toEqual(kept.snapshot.values[1]);
    expect(datesDown(addOn)).toEqual(kept.rows.map((r) => r.date));
    expect(after.rows).toEqual(kept.rows);
    const noteAt = kept.keys.length + 1;
    expect(after.cells[after.rows.findIndex((r) => r.date === noted)]![noteAt]).toBe(`note on ${noted}`);

    expect(refresh(addOn).tabs[0]!.error).toBeNull();
    const mended = ledger(addOn);
    expect(mended.keys).toContain('royalties@EUR');
    expect(datesDown(addOn)).toEqual([...before.rows.map((r) => r.date as string), addDays(story.today, -1)]);
    const moved = mended.keys.length + 1;
    expect(mended.cells[mended.rows.findIndex((r) => r.date === noted)]![moved]).toBe(`note on ${noted}`);
  });
});

describe('a failed history whose amber banner the sheet refuses', () => {
  it('still names why the history failed, not that it could not be read', async () => {
    const { addOn } = await historyAfter(demoApi(), 0);
    const body = JSON.stringify({
      error: { code: 'invalid_parameter', message: 'Timeline is resting today' },
    });
    await addOn.api.setFaults('/timeline', { statuses: new Array(10).fill({ status: 400, body }) });
    addOn.emulator.switches.failCall('Range.setValues', { sheet: ledger(addOn).snapshot.name, skip: 0 });
    const error = refresh(addOn).tabs[0]!.error;
    expect(error).toContain('Timeline is resting today');
    expect(error).not.toMatch(/could not be read/);
  });
});
