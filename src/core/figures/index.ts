// The figure catalogue (see catalogue.ts) and the shapes history and the dashboard share.
export {
  MEASURE_NAMES,
  MEASURES,
  type Measure,
  type MeasureKind,
  measureColumn,
  measureColumnPick,
  measureFigure,
  measureNamed,
  measureOfKey,
  measureValues,
} from './catalogue';
export type { LedgerDay } from './ledger-day';
export { daysInMonth, monthSums } from './month-sums';
