// More transformations for the generative shape test, each a class of shape the report readers must read
// without knowing its names: rates on a 0 to 100 scale, dates as Unix time, money split in two parts,
// a summary in several currencies. Plain JSON in, plain JSON out; the figures stay the demo account's, so
// a test knows every one of them to the cent.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

export interface UnseenClasses {
  /** Every rate (read-through, and a `kenp_share` of each book's royalties added for it) on a 0 to 100
   * scale, `80` for 80%. */
  readonly ratesOutOf100?: boolean;
  /** Days (`date`, `published_on`) as Unix time at midnight UTC. */
  readonly unixDates?: 'seconds' | 'milliseconds';
  /** Money split in two parts: Google's Money type (`{currency_code, units, nanos}`, a zero part left out
   * as proto3 does), or a whole and a minor part side by side (`royalties_units` + `royalties_cents`,
   * `royalties_major` + `royalties_minor`). */
  readonly splitMoney?: 'money-type' | 'units-cents' | 'major-minor';
  /** The summary's totals once per currency: the demo's own, then the same in a second currency. */
  readonly severalCurrencies?: boolean;
}

/** Field names of amounts of money (the demo's). */
const MONEY = /royalt|spend|profit|price|revenue|earning/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_FIELDS = new Set(['date', 'published_on']);
/** The second currency's made-up rate: what matters is that it is another currency. */
const SECOND = { code: 'EUR', rate: 0.92 };

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `f` on every object, innermost first. */
function everyObject(value: Json, f: (obj: Obj) => Obj): Json {
  if (Array.isArray(value)) return value.map((item) => everyObject(item, f));
  if (!isObj(value)) return value;
  const out: Obj = {};
  for (const [key, inner] of Object.entries(value)) out[key] = everyObject(inner, f);
  return f(out);
}

function ratesOutOf100(obj: Obj): Obj {
  const out: Obj = { ...obj };
  const { royalties, kenp_royalties: kenp } = obj;
  if (typeof royalties === 'number' && typeof kenp === 'number' && royalties > 0)
    out.kenp_share = Math.round((kenp / royalties) * 1000) / 10;
  for (const [key, value] of Object.entries(obj))
    if (key.startsWith('read_through') && typeof value === 'number') out[key] = Math.round(value * 1e6) / 1e4;
  return out;
}

function unixDates(obj: Obj, unit: 'seconds' | 'milliseconds'): Obj {
  const out: Obj = { ...obj };
  for (const [key, value] of Object.entries(obj))
    if (DATE_FIELDS.has(key) && typeof value === 'string' && DAY.test(value)) {
      const ms = Date.parse(`${value}T00:00:00Z`);
      out[key] = unit === 'seconds' ? ms / 1000 : ms;
    }
  return out;
}

/** A whole and a minor part of the same sign, the minor in `digits` decimals. */
function parts(value: number, digits: number): [number, number] {
  const minorUnits = Math.round(value * 10 ** digits);
  const whole = Math.trunc(minorUnits / 10 ** digits);
  return [whole, minorUnits - whole * 10 ** digits];
}

function splitMoney(obj: Obj, style: NonNullable<UnseenClasses['splitMoney']>, currency: string): Obj {
  const out: Obj = {};
  const digits = currency === 'JPY' ? 0 : 2;
  for (const [key, value] of Object.entries(obj)) {
    if (typeof value !== 'number' || !MONEY.test(key)) {
      out[key] = value;
    } else if (style === 'money-type') {
      const [units, minor] = parts(value, 9);
      const money: Obj = { currency_code: currency };
      // proto3 leaves a zero field out (one of them: a Money of nothing but its currency is not read).
      if (units !== 0 || minor === 0) money.units = String(units);
      if (minor !== 0) money.nanos = minor;
      out[key] = money;
    } else {
      const [whole, minor] = parts(value, digits);
      const [w, m] = style === 'units-cents' ? ['units', 'cents'] : ['major', 'minor'];
      out[`${key}_${w}`] = whole;
      out[`${key}_${m}`] = minor;
    }
  }
  return out;
}

function inSecondCurrency(totals: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(totals))
    out[key] =
      typeof value === 'number' && MONEY.test(key) ? Math.round(value * SECOND.rate * 100) / 100 : value;
  return out;
}

/** The body's own part (the envelope set aside) with the classes applied. */
export function withUnseenClasses(rest: Obj, spec: UnseenClasses | undefined, currency: string | null): Obj {
  if (!spec) return rest;
  let out = rest;
  if (spec.ratesOutOf100) out = everyObject(out, ratesOutOf100) as Obj;
  const unit = spec.unixDates;
  if (unit) out = everyObject(out, (obj) => unixDates(obj, unit)) as Obj;
  if (spec.severalCurrencies && isObj(out.totals) && currency && currency !== SECOND.code)
    out = {
      ...out,
      totals: [
        { currency, ...out.totals },
        { currency: SECOND.code, ...inSecondCurrency(out.totals) },
      ],
    };
  const style = spec.splitMoney;
  if (style && currency) out = everyObject(out, (obj) => splitMoney(obj, style, currency)) as Obj;
  return out;
}
