// Embedded charts: Sheet.newChart/insertChart/updateChart/removeChart/getCharts, EmbeddedChartBuilder and
// EmbeddedChart, with what Google documents for them (developers.google.com/apps-script/reference/
// spreadsheet/embedded-chart-builder, …/embedded-chart, …/sheet#insertChart(EmbeddedChart)):
// - build() "does not automatically draw the chart on the spreadsheet": a built chart is a detached copy;
//   "changes made to the chart are not saved until Sheet.updateChart(chart) is called on the rebuilt chart".
// - getChartId() is "a stable identifier for the chart that is unique across the spreadsheet containing the
//   chart or null if the chart is not in a spreadsheet": null for a chart built by newChart() until inserted.
// - addRange "does not add the range if it has already been added"; clearRanges removes them all.
// - setPosition(anchorRowPos, anchorColPos, offsetX, offsetY) anchors the chart's top-left corner to a cell.
// - Whether getRanges() gives the ranges back as added is not documented: EmulatorOptions.chartRangesAsAdded.
// Not modelled: chart images (getAs/getBlob), the Charts service's enums (setChartType: use asLineChart() and
// the other as…Chart() methods), and ranges following rows inserted or deleted above them.
import type { Env } from '../env.ts';
import { GasObject } from '../gas-object.ts';
import { GasError, messages, typeNames } from '../messages.ts';
import { a1Of, type GridRect } from './a1.ts';
import type { SheetHandle } from './handles.ts';
import type { SheetModel } from './model.ts';
import { Range } from './range.ts';

type ChartTypeName = 'AREA' | 'BAR' | 'COLUMN' | 'COMBO' | 'HISTOGRAM' | 'LINE' | 'PIE' | 'SCATTER' | 'TABLE';

/** The Sheet as charts need it (a type of its own: sheet.ts imports this module, not the other way). */
type ChartSheet = SheetHandle<Range> & { _live(): SheetModel };

interface ChartRange {
  /** The range's own sheet handle (a chart may read another sheet's cells). */
  readonly sheet: SheetHandle<Range>;
  readonly rect: GridRect;
}

/** What a chart is: kept per sheet, and copied into every builder and built chart. */
interface ChartState {
  readonly id: number | null;
  readonly type: ChartTypeName | null;
  readonly ranges: readonly ChartRange[];
  readonly anchor: {
    readonly row: number;
    readonly column: number;
    readonly offsetX: number;
    readonly offsetY: number;
  };
  readonly options: Readonly<Record<string, unknown>>;
  readonly numHeaders: number;
}

const CHARTS = new WeakMap<SheetModel, ChartState[]>();
/** Ids only need to be unique across a spreadsheet; one counter for the process is. */
let nextChartId = 1_000_001;

function chartsOf(model: SheetModel): ChartState[] {
  let list = CHARTS.get(model);
  if (!list) {
    list = [];
    CHARTS.set(model, list);
  }
  return list;
}

function positiveInteger(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new GasError(messages.invalidArgument(name));
  return value;
}

const sameRange = (a: ChartRange, b: ChartRange): boolean =>
  a.sheet._model === b.sheet._model && a1Of(a.rect) === a1Of(b.rect);

export class EmbeddedChartBuilder extends GasObject {
  readonly _class = 'EmbeddedChartBuilder';
  _state: ChartState;

  constructor(
    env: Env,
    readonly _sheet: ChartSheet,
    state: ChartState,
  ) {
    super(env);
    this._state = state;
  }

  _set(change: Partial<ChartState>): EmbeddedChartBuilder {
    this._state = { ...this._state, ...change };
    return this;
  }
  _as(type: ChartTypeName): EmbeddedChartBuilder {
    return this._set({ type });
  }

  addRange(range: unknown): EmbeddedChartBuilder {
    if (!(range instanceof Range))
      throw new GasError(
        messages.signature('SpreadsheetApp.EmbeddedChartBuilder.addRange', typeNames([range])),
      );
    const added: ChartRange = { sheet: range._sheet, rect: range._rect };
    if (this._state.ranges.some((r) => sameRange(r, added))) return this;
    return this._set({ ranges: [...this._state.ranges, added] });
  }
  removeRange(range: unknown): EmbeddedChartBuilder {
    if (!(range instanceof Range))
      throw new GasError(
        messages.signature('SpreadsheetApp.EmbeddedChartBuilder.removeRange', typeNames([range])),
      );
    const gone: ChartRange = { sheet: range._sheet, rect: range._rect };
    return this._set({ ranges: this._state.ranges.filter((r) => !sameRange(r, gone)) });
  }
  clearRanges(): EmbeddedChartBuilder {
    return this._set({ ranges: [] });
  }
  getRanges(): Range[] {
    return this._state.ranges.map((r) => new Range(this._env, r.sheet, r.rect));
  }
  asAreaChart(): EmbeddedChartBuilder {
    return this._as('AREA');
  }
  asBarChart(): EmbeddedChartBuilder {
    return this._as('BAR');
  }
  asColumnChart(): EmbeddedChartBuilder {
    return this._as('COLUMN');
  }
  asComboChart(): EmbeddedChartBuilder {
    return this._as('COMBO');
  }
  asHistogramChart(): EmbeddedChartBuilder {
    return this._as('HISTOGRAM');
  }
  asLineChart(): EmbeddedChartBuilder {
    return this._as('LINE');
  }
  asPieChart(): EmbeddedChartBuilder {
    return this._as('PIE');
  }
  asScatterChart(): EmbeddedChartBuilder {
    return this._as('SCATTER');
  }
  asTableChart(): EmbeddedChartBuilder {
    return this._as('TABLE');
  }
  /** Google returns a Charts.ChartType; the emulator its name. */
  getChartType(): ChartTypeName | null {
    return this._state.type;
  }
  setPosition(
    anchorRowPos: unknown,
    anchorColPos: unknown,
    offsetX: unknown,
    offsetY: unknown,
  ): EmbeddedChartBuilder {
    const row = positiveInteger(anchorRowPos, 'anchorRowPos');
    const column = positiveInteger(anchorColPos, 'anchorColPos');
    if (row < 1 || column < 1) throw new GasError(messages.outOfBounds);
    return this._set({
      anchor: {
        row,
        column,
        offsetX: positiveInteger(offsetX, 'offsetX'),
        offsetY: positiveInteger(offsetY, 'offsetY'),
      },
    });
  }
  getContainer(): ContainerInfo {
    return new ContainerInfo(this._env, this._state.anchor);
  }
  setOption(option: unknown, value: unknown): EmbeddedChartBuilder {
    if (typeof option !== 'string')
      throw new GasError(
        messages.signature('SpreadsheetApp.EmbeddedChartBuilder.setOption', typeNames([option, value])),
      );
    this._env.capture(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
    return this._set({ options: { ...this._state.options, [option]: value } });
  }
  setNumHeaders(headers: unknown): EmbeddedChartBuilder {
    return this._set({ numHeaders: positiveInteger(headers, 'headers') });
  }
  build(): EmbeddedChart {
    return new EmbeddedChart(this._env, this._sheet, this._state);
  }
}

/** Each range split into one range per column, the whole list reversed: what Sheets might give back. */
function normalised(ranges: readonly ChartRange[]): ChartRange[] {
  const columns = ranges.flatMap((r) =>
    Array.from({ length: r.rect.numColumns }, (_, c) => ({
      sheet: r.sheet,
      rect: { ...r.rect, column: r.rect.column + c, numColumns: 1 },
    })),
  );
  return columns.reverse();
}

export class EmbeddedChart extends GasObject {
  readonly _class = 'EmbeddedChart';

  constructor(
    env: Env,
    readonly _sheet: ChartSheet,
    readonly _state: ChartState,
  ) {
    super(env);
  }

  /** Null until the chart is on a sheet (a chart built by newChart() and not inserted yet). */
  getChartId(): number | null {
    const { id } = this._state;
    return id !== null && chartsOf(this._sheet._live()).some((c) => c.id === id) ? id : null;
  }
  /** As added, or normalised under the pessimistic reading (EmulatorOptions.chartRangesAsAdded). */
  getRanges(): Range[] {
    const asAdded = !this._env.counted || this._env.world.readings.chartRangesAsAdded;
    const ranges = asAdded ? this._state.ranges : normalised(this._state.ranges);
    return ranges.map((r) => new Range(this._env, r.sheet, r.rect));
  }
  getOptions(): ChartOptions {
    return new ChartOptions(this._env, this._state.options);
  }
  getContainerInfo(): ContainerInfo {
    return new ContainerInfo(this._env, this._state.anchor);
  }
  getNumHeaders(): number {
    return this._state.numHeaders;
  }
  modify(): EmbeddedChartBuilder {
    return new EmbeddedChartBuilder(this._env, this._sheet, this._state);
  }
}

export class ChartOptions extends GasObject {
  readonly _class = 'ChartOptions';
  constructor(
    env: Env,
    readonly _options: Readonly<Record<string, unknown>>,
  ) {
    super(env);
  }
  get(option: unknown): unknown {
    return this._options[String(option)] ?? null;
  }
}

export class ContainerInfo extends GasObject {
  readonly _class = 'ContainerInfo';
  constructor(
    env: Env,
    readonly _anchor: ChartState['anchor'],
  ) {
    super(env);
  }
  getAnchorColumn(): number {
    return this._anchor.column;
  }
  getAnchorRow(): number {
    return this._anchor.row;
  }
  getOffsetX(): number {
    return this._anchor.offsetX;
  }
  getOffsetY(): number {
    return this._anchor.offsetY;
  }
}

function chartArgument(chart: unknown, method: string): EmbeddedChart {
  if (!(chart instanceof EmbeddedChart))
    throw new GasError(messages.signature(`SpreadsheetApp.Sheet.${method}`, typeNames([chart])));
  return chart;
}

/** The Sheet methods (sheet.ts delegates to these). */
export const sheetCharts = {
  newChart(env: Env, sheet: ChartSheet): EmbeddedChartBuilder {
    sheet._live();
    return new EmbeddedChartBuilder(env, sheet, {
      id: null,
      type: null,
      ranges: [],
      anchor: { row: 1, column: 1, offsetX: 0, offsetY: 0 },
      options: {},
      numHeaders: -1,
    });
  },
  /** Every insert is a new chart with a new id (a chart built by modify() of one already there is a copy). */
  insertChart(sheet: ChartSheet, chart: unknown): void {
    const built = chartArgument(chart, 'insertChart');
    const model = sheet._live();
    if (built._state.anchor.row > model.maxRows || built._state.anchor.column > model.maxColumns)
      throw new GasError(messages.outOfBounds);
    chartsOf(model).push({ ...built._state, id: nextChartId++ });
  },
  updateChart(sheet: ChartSheet, chart: unknown): void {
    const built = chartArgument(chart, 'updateChart');
    const list = chartsOf(sheet._live());
    const at = list.findIndex((c) => c.id !== null && c.id === built._state.id);
    // UNCONFIRMED wording: Google's text for a chart that is not on this sheet is not documented.
    if (at < 0) throw new GasError('The chart is not on this sheet.');
    list[at] = built._state;
  },
  removeChart(sheet: ChartSheet, chart: unknown): void {
    const built = chartArgument(chart, 'removeChart');
    const list = chartsOf(sheet._live());
    const at = list.findIndex((c) => c.id !== null && c.id === built._state.id);
    if (at >= 0) list.splice(at, 1);
  },
  getCharts(env: Env, sheet: ChartSheet): EmbeddedChart[] {
    return chartsOf(sheet._live()).map((state) => new EmbeddedChart(env, sheet, state));
  },
};
