// Embedded charts in the emulator: what Google documents for EmbeddedChartBuilder, EmbeddedChart and
// Sheet.insertChart/updateChart/removeChart/getCharts, shown on scripts that exercise each rule.
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../local/gas/index.ts';
import { messages } from '../../local/gas/index.ts';
import { emulatorFor, thrownBy } from './support/scripts.ts';

let emulator: Emulator;
afterEach(() => emulator?.close());

const SCRIPT = `
function sheet() { return SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Sheet1'); }
function insertLine() {
  var s = sheet();
  var chart = s.newChart().asLineChart().addRange(s.getRange('A1:B5')).addRange(s.getRange('A1:B5'))
    .setPosition(3, 4, 10, 20).setOption('title', 'Sales').build();
  var before = chart.getChartId();
  s.insertChart(chart);
  var ids = s.getCharts().map(function (c) { return c.getChartId(); });
  return { before: before, ids: ids };
}
function builtNotSaved() {
  var s = sheet();
  var chart = s.getCharts()[0];
  chart.modify().clearRanges().addRange(s.getRange('C1:C9')).setOption('title', 'Not saved').build();
  var again = s.getCharts()[0];
  return [again.getRanges().map(function (r) { return r.getA1Notation(); }), again.getOptions().get('title')];
}
function updateRanges() {
  var s = sheet();
  var chart = s.getCharts()[0];
  s.updateChart(chart.modify().clearRanges().addRange(s.getRange('A1:A9')).addRange(s.getRange('C1:C9')).build());
  var c = s.getCharts()[0];
  var info = c.getContainerInfo();
  return [c.getChartId(), c.getRanges().map(function (r) { return r.getA1Notation(); }),
    [info.getAnchorRow(), info.getAnchorColumn(), info.getOffsetX(), info.getOffsetY()], c.getOptions().get('title')];
}
function removeIt() {
  var s = sheet();
  s.removeChart(s.getCharts()[0]);
  return s.getCharts().length;
}
function updateRemoved() {
  var s = sheet();
  var chart = s.getCharts()[0];
  s.removeChart(chart);
  s.updateChart(chart.modify().build());
}
function CHART() {
  var s = sheet();
  s.insertChart(s.newChart().asColumnChart().addRange(s.getRange('A1:B2')).build());
}
function UPDATE() {
  var s = sheet();
  s.updateChart(s.getCharts()[0].modify().build());
}
`;

describe('embedded charts', () => {
  it('gives a chart an id only once it is on the sheet, and adds a range once', () => {
    emulator = emulatorFor(SCRIPT);
    const result = emulator.run<{ before: number | null; ids: number[] }>('insertLine');
    expect(result.before).toBeNull();
    expect(result.ids).toHaveLength(1);
    expect(typeof result.ids[0]).toBe('number');
    const chart = emulator.spreadsheet.getSheetByName('Sheet1')!.getCharts()[0]!;
    expect(chart.getRanges().map((r) => r.getA1Notation())).toEqual(['A1:B5']);
    expect(chart.modify().getChartType()).toBe('LINE');
    expect(emulator.stats.calls()['Sheet.insertChart']).toBe(1);
  });

  it('saves nothing a builder changed until updateChart, which keeps the id and the position', () => {
    emulator = emulatorFor(SCRIPT, { chartRangesAsAdded: true });
    const { ids } = emulator.run<{ ids: number[] }>('insertLine');
    expect(emulator.run('builtNotSaved')).toEqual([['A1:B5'], 'Sales']);
    expect(emulator.run('updateRanges')).toEqual([ids[0], ['A1:A9', 'C1:C9'], [3, 4, 10, 20], 'Sales']);
  });

  it('removes a chart, and refuses to update one that is no longer on the sheet', () => {
    emulator = emulatorFor(SCRIPT);
    emulator.run('insertLine');
    expect(emulator.run('removeIt')).toBe(0);
    emulator.run('insertLine');
    expect(thrownBy(() => emulator.run('updateRemoved'))).toBe('The chart is not on this sheet.');
  });

  it('refuses inserting or updating a chart from a custom function', () => {
    emulator = emulatorFor(SCRIPT);
    expect(thrownBy(() => emulator.runCustomFunction('CHART', []))).toBe(
      messages.permission('Sheet.insertChart'),
    );
    emulator.run('insertLine');
    expect(thrownBy(() => emulator.runCustomFunction('UPDATE', []))).toBe(
      messages.permission('Sheet.updateChart'),
    );
  });

  describe('getRanges: whether Sheets gives the ranges back as added (a switch; Google is silent)', () => {
    it('by default (the pessimistic reading) gives them split per column, in another order', () => {
      emulator = emulatorFor(SCRIPT);
      const { ids } = emulator.run<{ ids: number[] }>('insertLine');
      expect(emulator.run('builtNotSaved')).toEqual([['B1:B5', 'A1:A5'], 'Sales']);
      expect(emulator.run('updateRanges')).toEqual([ids[0], ['C1:C9', 'A1:A9'], [3, 4, 10, 20], 'Sales']);
      // The chart itself holds what was added: the test-facing view sees that.
      const chart = emulator.spreadsheet.getSheetByName('Sheet1')!.getCharts()[0]!;
      expect(chart.getRanges().map((r) => r.getA1Notation())).toEqual(['A1:A9', 'C1:C9']);
    });

    it('under the other reading gives them back as added, switched between executions', () => {
      emulator = emulatorFor(SCRIPT);
      emulator.run('insertLine');
      emulator.switches.chartRangesAsAdded(true);
      expect(emulator.run('builtNotSaved')).toEqual([['A1:B5'], 'Sales']);
    });
  });
});
