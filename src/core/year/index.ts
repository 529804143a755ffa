// The calendar year at a glance, from the history's days (docs/guide/alerts-and-the-year.md).
export {
  DEFAULT_PAYMENT_DELAY_DAYS,
  defaultYears,
  paymentShift,
  salesPaidIn,
  YEAR_COLUMNS,
  YEAR_NOTE,
  yearsTable,
  yearTable,
} from './year-table';
