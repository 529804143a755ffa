// The periods and currencies the sidebar offers by name. The API documents only `last_30_days`; the
// others are common names that the server checks with the API when they are saved (an API that does not
// know one refuses it in its own words), and "Other…" takes any name the API accepts that is not listed.

export const PERIODS: ReadonlyArray<readonly [period: string, name: string]> = [
  ['last_7_days', 'Last 7 days'],
  ['last_30_days', 'Last 30 days'],
  ['last_90_days', 'Last 90 days'],
  ['last_365_days', 'Last 365 days'],
  ['month_to_date', 'Month to date'],
  ['last_month', 'Last month'],
  ['year_to_date', 'Year to date'],
];

export const CURRENCIES: readonly string[] = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'INR', 'BRL', 'MXN'];

/** "Last 30 days" for a listed period, the API's own name otherwise. */
export function periodName(period: string): string {
  return PERIODS.find(([r]) => r === period)?.[1] ?? period;
}
