// Money in any currency: the ISO 4217 codes with their minor-unit digits, amounts as integer minor units
// (bigint, like money.ts's cents), and conversion of an amount at a rate, exact and rounded once.
//
// The table is ISO 4217 List One (active codes, 2026), typed in by hand: Intl's currency digits come from
// CLDR, which gives the digits people are shown, not ISO's minor units, and differ for 16 codes (Intl says 0
// for AFN, ALL, COP, HUF, IDR, IQD, IRR, KPW, LAK, LBP, MGA, MMK, PKR, SOS, SYP, YER where ISO says 2 (3 for
// IQD); currency.test.ts lists them and checks every other code against Node's Intl). Fund codes without
// minor units (XAU, XDR, XTS, ...) are not money here and are left out.
//
// Rates are decimal strings ('161.87', '0.30718'), read exactly into a fraction of big integers, never into a
// float. A conversion multiplies and divides in big integers and rounds ONCE, at the end, HALF AWAY FROM ZERO
// (money.ts's rule: 0.5 minor unit -> 1, -0.5 -> -1), to the target currency's minor unit. A cross rate of
// two ECB reference rates (EUR per unit: 1 EUR = rate X) is applied as the exact fraction rate(to) / rate(from),
// so converting JPY to USD through EUR rounds once, not twice.
import { z } from 'zod';
import { MoneyError, roundDiv } from './money';

/** Minor-unit digits of every ISO 4217 code that is not 2 (ISO 4217 List One). */
const NOT_TWO_DIGITS: Readonly<Record<string, 0 | 3 | 4>> = {
  // No minor unit in use.
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0,
  XAF: 0, XOF: 0, XPF: 0,
  // Thousandths (fils, baisa, millime, dirham).
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  // Units of account with four decimals (Chile's UF, Uruguay's wage index unit).
  CLF: 4, UYW: 4,
};

/** Every active ISO 4217 currency code (List One), alphabetically. */
export const CURRENCY_CODES = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF', 'BMD',
  'BND', 'BOB', 'BOV', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHE', 'CHF', 'CHW', 'CLF', 'CLP',
  'CNY', 'COP', 'COU', 'CRC', 'CUP', 'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD',
  'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR',
  'IQD', 'IRR', 'ISK', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK',
  'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK',
  'MXN', 'MXV', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR',
  'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS',
  'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH',
  'UGX', 'USD', 'USN', 'UYI', 'UYU', 'UYW', 'UZS', 'VED', 'VES', 'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XCG', 'XOF',
  'XPF', 'YER', 'ZAR', 'ZMW', 'ZWG',
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** The workspace currency until an admin picks another. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

const KNOWN = new Set<string>(CURRENCY_CODES);

export function isCurrencyCode(code: string): code is CurrencyCode {
  return KNOWN.has(code);
}

/** Digits after the decimal point of the currency's minor unit: JPY 0, USD 2, KWD 3, CLF 4. */
export function minorUnitDigits(currency: CurrencyCode): 0 | 2 | 3 | 4 {
  return NOT_TWO_DIGITS[currency] ?? 2;
}

/** An ISO 4217 code in a request body ('eur' is read as 'EUR'); an unknown code is refused by name. */
export const currencyCodeSchema = z
  .string({ error: 'Currency must be an ISO 4217 code such as USD' })
  .trim()
  .transform((value, ctx) => {
    const code = value.toUpperCase();
    if (!isCurrencyCode(code)) {
      ctx.addIssue({ code: 'custom', message: `Currency must be an ISO 4217 code such as USD, EUR or JPY, not ${JSON.stringify(value.slice(0, 20))}` });
      return z.NEVER;
    }
    return code;
  });

/** An amount in a currency's minor units (cents, yen, fils). */
export interface Amount {
  minor: bigint;
  currency: CurrencyCode;
}

const AMOUNT_GRAMMAR = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Reads '1234.5' in a currency; more decimals than its minor unit is an error (JPY '1.5'), never rounded. */
export function parseAmount(text: string, currency: CurrencyCode): Amount {
  const trimmed = text.trim();
  const match = trimmed.length <= 40 ? AMOUNT_GRAMMAR.exec(trimmed) : null;
  if (!match) throw new MoneyError(`Amount must be a number such as 12.50, not ${JSON.stringify(text.slice(0, 40))}`);
  const [, minus, whole, fraction = ''] = match;
  const digits = minorUnitDigits(currency);
  if (fraction.length > digits) {
    throw new MoneyError(`An amount in ${currency} has at most ${digits} decimals: ${JSON.stringify(trimmed)}`);
  }
  const minor = BigInt(whole! + fraction.padEnd(digits, '0'));
  return { minor: minus ? -minor : minor, currency };
}

/** The plain decimal text of an amount, with exactly its currency's digits: JPY 1235 -> '1235', KWD 5 -> '0.005'. */
export function amountText(amount: Amount): string {
  const digits = minorUnitDigits(amount.currency);
  const abs = amount.minor < 0n ? -amount.minor : amount.minor;
  const sign = amount.minor < 0n ? '-' : '';
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10n ** BigInt(digits);
  return `${sign}${abs / scale}.${String(abs % scale).padStart(digits, '0')}`;
}

/** A rate as an exact fraction: '161.870' -> 161870 / 1000. */
export interface ExactRate {
  numerator: bigint;
  denominator: bigint;
}

const RATE_GRAMMAR = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/** Reads a rate ('1.0823', '161.87', '0.30718'): a positive decimal, at most 12 digits either side. */
export function parseRate(text: string): ExactRate {
  const match = RATE_GRAMMAR.exec(text.trim());
  if (!match) throw new MoneyError(`A rate must be a positive decimal number such as 1.0823, not ${JSON.stringify(text.slice(0, 40))}`);
  const [, whole, fraction = ''] = match;
  const numerator = BigInt(whole! + fraction);
  if (numerator === 0n) throw new MoneyError(`A rate must be more than 0, not ${JSON.stringify(text)}`);
  return { numerator, denominator: 10n ** BigInt(fraction.length) };
}

/** The canonical text of a rate: no trailing zeros after the point, no leading zeros ('0161.8700' -> '161.87'). */
export function rateText(text: string): string {
  const { numerator, denominator } = parseRate(text);
  const digits = String(denominator).length - 1;
  const whole = numerator / denominator;
  const fraction = digits === 0 ? '' : String(numerator % denominator).padStart(digits, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** A rate in a request body: a positive decimal string or JSON number, kept as its canonical text. */
export const rateSchema = z
  .union([z.string(), z.number()], { error: 'Rate must be a positive number such as 1.0823' })
  .transform((value, ctx) => {
    try {
      return rateText(String(value));
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  });

/**
 * Converts an amount into `to` at `rate` (units of `to` per one unit of the amount's currency), rounded once,
 * half away from zero, to `to`'s minor unit: 10000 JPY at 0.0066 USD -> 66.00 USD.
 */
export function convertAmount(amount: Amount, to: CurrencyCode, rate: string): Amount {
  const r = parseRate(rate);
  return convertExact(amount, to, r.numerator, r.denominator);
}

/**
 * Converts through EUR reference rates (EUR per unit as the ECB publishes them: 1 EUR = `fromPerEur` of the
 * amount's currency, and `toPerEur` of `to`; '1' for EUR itself). The cross rate toPerEur / fromPerEur is used
 * as an exact fraction, so the one rounding is the last step's.
 */
export function convertViaEur(amount: Amount, to: CurrencyCode, rates: { fromPerEur: string; toPerEur: string }): Amount {
  const from = parseRate(rates.fromPerEur);
  const into = parseRate(rates.toPerEur);
  // (to per EUR) / (from per EUR) = (into.n / into.d) / (from.n / from.d)
  return convertExact(amount, to, into.numerator * from.denominator, into.denominator * from.numerator);
}

function convertExact(amount: Amount, to: CurrencyCode, numerator: bigint, denominator: bigint): Amount {
  // minor(to) = minor(from) / 10^dFrom * rate * 10^dTo
  const shift = minorUnitDigits(to) - minorUnitDigits(amount.currency);
  const n = amount.minor * numerator * (shift > 0 ? 10n ** BigInt(shift) : 1n);
  const d = denominator * (shift < 0 ? 10n ** BigInt(-shift) : 1n);
  return { minor: roundDiv(n, d), currency: to };
}

/**
 * The cross rate of two EUR reference rates as text with `digits` decimals (rounded half away from zero),
 * for showing and for keeping as evidence beside a converted amount: USD 1.0823, JPY 161.87 -> JPY per USD.
 * Conversion itself never goes through this rounded text (convertViaEur uses the exact fraction).
 */
export function crossRateText(rates: { fromPerEur: string; toPerEur: string }, digits = 8): string {
  const from = parseRate(rates.fromPerEur);
  const into = parseRate(rates.toPerEur);
  const scale = 10n ** BigInt(digits);
  const scaled = roundDiv(into.numerator * from.denominator * scale, into.denominator * from.numerator);
  const fraction = digits === 0 ? '' : String(scaled % scale).padStart(digits, '0').replace(/0+$/, '');
  return fraction ? `${scaled / scale}.${fraction}` : String(scaled / scale);
}

/**
 * Converts a decimal amount as a report states it ('1234.00' JPY, '12.34' EUR: any number of decimals, not
 * negative or negative) from one currency into another through EUR reference rates, rounded ONCE, half away
 * from zero, to `digits` decimals (the target's minor unit, or fewer where the store keeps fewer). Answers the
 * result as decimal text with exactly `digits` decimals. Same rates on both sides ('1', '1') round only.
 */
export function convertDecimalViaEur(text: string, rates: { fromPerEur: string; toPerEur: string }, digits: number): string {
  const trimmed = text.trim();
  const match = trimmed.length <= 40 ? AMOUNT_GRAMMAR.exec(trimmed) : null;
  if (!match) throw new MoneyError(`Amount must be a number such as 12.50, not ${JSON.stringify(text.slice(0, 40))}`);
  const [, minus, whole, fraction = ''] = match;
  const units = BigInt(whole! + fraction) * (minus ? -1n : 1n);
  const from = parseRate(rates.fromPerEur);
  const into = parseRate(rates.toPerEur);
  // units / 10^f * (into / from) * 10^digits
  const minor = roundDiv(units * into.numerator * from.denominator * 10n ** BigInt(digits), 10n ** BigInt(fraction.length) * into.denominator * from.numerator);
  return amountTextWithDigits(minor, digits);
}

function amountTextWithDigits(minor: bigint, digits: number): string {
  const abs = minor < 0n ? -minor : minor;
  const sign = minor < 0n ? '-' : '';
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10n ** BigInt(digits);
  return `${sign}${abs / scale}.${String(abs % scale).padStart(digits, '0')}`;
}

const centsFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount held in cents (2 decimals, as invoices store it) printed in its currency: 123456 EUR -> '€1,234.56',
 * 150000 JPY -> '¥1,500', 150 KWD -> 'KWD 1.500'. The currency's ISO digits, unless that would drop cents the
 * amount has (1500.50 JPY prints '¥1,500.50': never rounded on paper).
 */
export function formatCentsIn(cents: bigint, currency: CurrencyCode): string {
  const digits = minorUnitDigits(currency) < 2 && cents % 100n !== 0n ? 2 : minorUnitDigits(currency);
  const key = `${currency}:${digits}`;
  let found = centsFormats.get(key);
  if (!found) {
    found = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    centsFormats.set(key, found);
  }
  const abs = cents < 0n ? -cents : cents;
  return found.format(`${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}` as Intl.StringNumericLiteral);
}
