// What the banners (tab, formula, Status note) say about figures the report layer could not read with
// certainty: one list, so every place that shows a table says the same.
import { textFiguresWarning } from '../base/phrases';
import { rateScaleWarning } from './rate-scale';
import type { ReportMeta } from './types';

export function readingWarnings(meta: ReportMeta): string[] {
  return [textFiguresWarning(meta.textFigures), rateScaleWarning(meta.unsureRates)].filter(
    (warning): warning is string => warning !== null,
  );
}
