// The calendar year at a glance, from the history's days and the API's months and marketplaces
// (docs/guide/alerts-and-the-year.md).
export { readPaymentDelay, readYear } from './year-arguments';
export {
  holdsMoney,
  keptMarketplaces,
  marketplaceSections,
  paymentShift,
  salesPaidIn,
  YEAR_COLUMNS,
  yearAnswers,
  yearNote,
  yearsAsked,
  yearTable,
  yearTabs,
} from './year-table';
