// The calendar year at a glance, from the history's days and the API's months and marketplaces, and the
// months by marketplace kept on the year's own tab, since no endpoint gives them
// (docs/guide/alerts-and-the-year.md).
export { readPaymentDelay, readYear } from './year-arguments';
export { yearCellTable } from './year-cell';
export {
  holdsMoney,
  keptMarketplaces,
  marketplaceSections,
  movedYearColumn,
  paymentShift,
  readYearTab,
  salesPaidIn,
  YEAR_COLUMNS,
  yearAnswers,
  yearNote,
  yearRows,
  yearsAsked,
  yearTable,
  yearTabs,
} from './year-table';
