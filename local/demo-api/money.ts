// Currencies the demo API converts to, at fixed rates (our assumption: the real API's rates and rounding
// rules are not documented). Facts are held in USD cents; each fact is converted and rounded on its own,
// so every total is a sum of already-rounded figures and summary = timeline = books = marketplaces holds
// to the last cent (or yen) in every currency.

export interface Currency {
  readonly code: string;
  /** Minor-unit digits: 2 for most, 0 for JPY. */
  readonly digits: number;
  /** Units of this currency per US dollar, times 10,000 (integers keep the arithmetic exact). */
  readonly ratePer10k: number;
}

export const CURRENCIES: Readonly<Record<string, Currency>> = {
  USD: { code: 'USD', digits: 2, ratePer10k: 10_000 },
  EUR: { code: 'EUR', digits: 2, ratePer10k: 9_200 },
  GBP: { code: 'GBP', digits: 2, ratePer10k: 7_900 },
  CAD: { code: 'CAD', digits: 2, ratePer10k: 13_600 },
  AUD: { code: 'AUD', digits: 2, ratePer10k: 15_200 },
  JPY: { code: 'JPY', digits: 0, ratePer10k: 1_500_000 },
  INR: { code: 'INR', digits: 2, ratePer10k: 835_000 },
  BRL: { code: 'BRL', digits: 2, ratePer10k: 50_500 },
  MXN: { code: 'MXN', digits: 2, ratePer10k: 172_000 },
};

/** numerator / denominator rounded half up, exactly, for non-negative integers below 2^53. */
function divideRounded(numerator: number, denominator: number): number {
  let quotient = Math.floor(numerator / denominator);
  let remainder = numerator - quotient * denominator;
  // The float division can land one off near an integer; the remainder puts it right.
  if (remainder < 0) {
    quotient -= 1;
    remainder += denominator;
  } else if (remainder >= denominator) {
    quotient += 1;
    remainder -= denominator;
  }
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/** Converts whole amounts given as `amount / 10^scale` US dollars into minor units of a currency. */
export interface Converter {
  /** US cents → minor units of the target currency. */
  fromUsdCents(cents: number): number;
  /** KENP pages → minor units, at the KENP rate below. */
  fromKenpPages(pages: number): number;
  /** Minor units → the number written in JSON (cents → 12.34, yen → 1234). */
  toAmount(minor: number): number;
}

/** US dollars per KENP page read, times 10,000 ($0.0045 a page). */
export const KENP_RATE_USD_PER_10K_PAGES = 45;

export function converterFor(currency: Currency): Converter {
  const minorPerMajor = 10 ** currency.digits;
  // cents → minor: cents × rate/10^4 × 10^digits / 100.
  const centsDenominator = 10_000 * 100;
  const centsFactor = currency.ratePer10k * minorPerMajor;
  // pages → minor: pages × (45/10^4 USD) × rate/10^4 × 10^digits.
  const pagesDenominator = 10_000 * 10_000;
  const pagesFactor = KENP_RATE_USD_PER_10K_PAGES * currency.ratePer10k * minorPerMajor;
  return {
    fromUsdCents: (cents) => (cents === 0 ? 0 : divideRounded(cents * centsFactor, centsDenominator)),
    fromKenpPages: (pages) => (pages === 0 ? 0 : divideRounded(pages * pagesFactor, pagesDenominator)),
    toAmount: (minor) => minor / minorPerMajor,
  };
}
