// The report layer: any response of the Author Royalties Reporting API to a stable, typed table.

export { TEXT } from './cells';
export { ReportShapeError } from './errors';
export { capitalised, columnLabel, figureLabel, inSentence } from './labels';
export { AmbiguousFieldError, findColumn, findFigure } from './lookup';
export { METRIC_COLUMNS, metricRow } from './metric-table';
export {
  CURRENCY_SYMBOL,
  countText,
  groupedDigits,
  minusSign,
  moneyDecimals,
  moneyText,
} from './money';
export { isRequestParameter } from './request-parameters';
export { currencyColumnOf } from './several-currencies';
export { accountFacts, toReportTable } from './to-table';
export type {
  CalendarDate,
  CellValue,
  FormatHint,
  ReportColumn,
  ReportFact,
  ReportMeta,
  ReportTable,
  RowsRead,
} from './types';
export { readingWarnings } from './warnings';
