// The figure catalogue (see catalogue.ts) and the shapes history and the dashboard share.
export {
  type Found,
  MEASURE_NAMES,
  MEASURES,
  type Measure,
  type MeasureInfo,
  type MeasureKind,
  measureColumn,
  measureColumnPick,
  measureFigure,
  measureNamed,
  measureOfKey,
  measureValues,
} from './catalogue';
export type { LedgerDay } from './ledger-day';
export { daysInMonth, type MonthSums, monthSums } from './month-sums';
