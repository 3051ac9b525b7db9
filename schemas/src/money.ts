// The one money type of every service and the web app: amounts are integer cents held as bigint, read
// from text by one grammar (per-source rules below), summed in cents, formatted only at the edge.
//
// Why bigint cents: exact at any size (a ClickHouse sum or the Int128 spend split may pass 2^53 cents,
// where a number silently loses cents), native in Node and every browser we serve, and sums stay sums.
// Reports still hold number cents in places (`centsFromMoney`/`moneyFromCents`): those refuse anything
// past 2^53 with an error rather than round.
//
// The rounding rule, written once: HALF AWAY FROM ZERO (0.005 -> 0.01, -0.005 -> -0.01; Intl's default
// 'halfExpand', so what we format and what we compute agree). It applies
// - when an input with more than 2 decimals is accepted at all (postback payouts only, `extraDecimals:
//   'round'`); every other source refuses a third decimal rather than guess;
// - to shares of an amount (`shareOfCents`, e.g. a revenue share of a profit), in cents;
// - to ratios when they are shown: EPC and CPV with 3 decimals, ROI 1, ROAS and percentages 2. Ratios are
//   not money: they are plain numbers computed from exact cents and rounded only by the formatter.
// A split of an amount over parts (spend over visits) never rounds each part: every part gets the floor
// of its exact share and the leftover cents go one each to the largest remainders (`splitCents`; the
// report SQL does the same in spend-allocation.ts), so the parts always add up to the amount.
import { z } from 'zod';

/** An amount of money in integer cents. */
export type Cents = bigint;

/** A text that is not an amount under the rules asked for; the message is fit for a 400 answer. */
export class MoneyError extends Error {
  override name = 'MoneyError';
}

/** What a source of amounts may send. The grammar is always `[-][$]digits[.digits]` (or `.digits`). */
export interface MoneyRules {
  /** What the amount is, as messages name it: 'payout', 'Spend', 'Amount'. */
  label: string;
  /** A good amount, shown in the message when a text is not an amount at all. */
  example: string;
  /** A leading '-' is allowed. */
  negative: boolean;
  /** Commas between groups of three digits ('1,234.56'); misplaced commas are still refused. */
  grouping: boolean;
  /** A '$' after the sign ('$5.00', '-$5.00'). */
  dollarSign: boolean;
  /** More than 2 decimals: rounded to cents by the rule above, or refused. */
  extraDecimals: 'round' | 'refuse';
  /** The largest magnitude allowed, in cents, checked after rounding (a column's precision). */
  maxCents?: Cents;
}

/** numeric(10, 2): invoices, payouts, revenue, purchase amounts (spec §9 "10 digits with 2 decimals"). */
export const MAX_MONEY_10_2: Cents = 99_999_999_99n;
/** numeric(12, 2): TikTok spend and card statement amounts. */
export const MAX_MONEY_12_2: Cents = 9_999_999_999_99n;

/** Texts from our own stores and API: ClickHouse and PostgreSQL sums, report rows ('-3.20'). */
export const STORED_MONEY: MoneyRules = { label: 'Amount', example: '12.50', negative: true, grouping: false, dollarSign: false, extraDecimals: 'refuse' };

/** GET /postback `payout`: networks send '12', '12.5', '0.333'; extra decimals are rounded to cents. */
export const POSTBACK_PAYOUT: MoneyRules = {
  label: 'payout',
  example: '12.50',
  negative: false,
  grouping: false,
  dollarSign: false,
  extraDecimals: 'round',
  maxCents: MAX_MONEY_10_2,
};

/** An offer's default payout, typed by an admin: what a postback without a payout pays (numeric(10, 2)). */
export const OFFER_PAYOUT: MoneyRules = {
  label: 'Default payout',
  example: '12.50',
  negative: false,
  grouping: false,
  dollarSign: false,
  extraDecimals: 'refuse',
  maxCents: MAX_MONEY_10_2,
};

/** A TikTok spend figure ('12.34'): never negative, never more than cents. */
export const SPEND_AMOUNT: MoneyRules = {
  label: 'Spend',
  example: '12.34',
  negative: false,
  grouping: false,
  dollarSign: false,
  extraDecimals: 'refuse',
  maxCents: MAX_MONEY_12_2,
};

/**
 * A virtual-card statement CSV amount: '1,234.56', '-12.50', '$5.00', '-$5.00'. Refused: a third
 * decimal ('1.234' may be a European thousands separator), misplaced commas ('1,23'), parentheses for
 * negatives, other currency symbols, exponents.
 */
export const STATEMENT_AMOUNT: MoneyRules = {
  label: 'Amount',
  example: '1,234.56',
  negative: true,
  grouping: true,
  dollarSign: true,
  extraDecimals: 'refuse',
  maxCents: MAX_MONEY_12_2,
};

/** An invoice amount (amount paid, a line item, a total): numeric(10, 2), not negative. */
export const INVOICE_AMOUNT: MoneyRules = {
  label: 'Amount',
  example: '1234.56',
  negative: false,
  grouping: false,
  dollarSign: false,
  extraDecimals: 'refuse',
  maxCents: MAX_MONEY_10_2,
};

const GRAMMAR = /^(-)?(\$)?(?:(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?|\.(\d+))$/;

/** Divides and rounds half away from zero: the one rounding rule. */
export function roundDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

/** Reads an amount; throws MoneyError with a message a 400 can carry. Whitespace around it is ignored. */
export function parseMoney(text: string, rules: MoneyRules = STORED_MONEY): Cents {
  const trimmed = text.trim();
  // No amount needs more than 40 characters; a longer text is refused before BigInt reads it.
  const match = trimmed.length <= 40 ? GRAMMAR.exec(trimmed) : null;
  const [, minus, dollar, whole, fraction, bareFraction] = match ?? [];
  if (!match || (dollar && !rules.dollarSign) || (whole?.includes(',') && !rules.grouping)) {
    throw new MoneyError(`${rules.label} must be an amount such as ${rules.example}, not ${JSON.stringify(text)}`);
  }
  if (minus && !rules.negative) throw new MoneyError(`${rules.label} must not be negative: ${JSON.stringify(text)}`);
  const decimals = fraction ?? bareFraction ?? '';
  if (decimals.length > 2 && rules.extraDecimals === 'refuse') {
    throw new MoneyError(`${rules.label} must have at most 2 decimals: ${JSON.stringify(text)}`);
  }
  const units = BigInt((whole ?? '0').replaceAll(',', '') + decimals);
  let cents = decimals.length <= 2 ? units * 10n ** BigInt(2 - decimals.length) : roundDiv(units, 10n ** BigInt(decimals.length - 2));
  if (rules.maxCents !== undefined && cents > rules.maxCents) {
    throw new MoneyError(`${rules.label} must be at most ${moneyText(rules.maxCents)}: ${JSON.stringify(text)}`);
  }
  if (minus) cents = -cents;
  return cents;
}

/** Like parseMoney, but null instead of an error. */
export function tryParseMoney(text: string, rules: MoneyRules = STORED_MONEY): Cents | null {
  try {
    return parseMoney(text, rules);
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

function toCents(cents: Cents | number): Cents {
  if (typeof cents === 'bigint') return cents;
  if (!Number.isSafeInteger(cents)) throw new MoneyError(`Cents must be a safe integer: ${cents}`);
  return BigInt(cents);
}

/** The plain decimal text of stores, the wire and CSV cells: 123456 -> '1234.56', -5 -> '-0.05'. */
export function moneyText(cents: Cents | number): string {
  const c = toCents(cents);
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** An amount as people read it: 123456 -> '$1,234.56', -1230 -> '-$12.30' (2 decimals, spec §9). */
export function formatCents(cents: Cents | number): string {
  const c = toCents(cents);
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}$${grouped.format(abs / 100n)}.${String(abs % 100n).padStart(2, '0')}`;
}

const perVisit = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 3, maximumFractionDigits: 3, roundingMode: 'halfExpand' });

/** Money per visit (EPC, EPV, CPV), a ratio in dollars: 0.12345 -> '$0.123', 3 decimals half away from zero. */
export function formatPerVisit(dollars: number): string {
  return perVisit.format(Number.isFinite(dollars) ? dollars : 0);
}

/** Adds amounts in cents: ['0.10', '0.20'] -> '0.30'. Each text is read by `rules` (default STORED_MONEY). */
export function sumMoney(texts: readonly string[], rules: MoneyRules = STORED_MONEY): string {
  return moneyText(texts.reduce((total, text) => total + parseMoney(text, rules), 0n));
}

/** A share of an amount, in cents, rounded once by the rule: 25.5 % of 100.01 -> 25.50 ('2550'). */
export function shareOfCents(cents: Cents, numerator: bigint, denominator: bigint): Cents {
  return roundDiv(cents * numerator, denominator);
}

/**
 * Splits an amount over parts by weight, by largest remainder: parts add up to the amount exactly.
 * Parts of equal remainder get their cents in the order `breakTie` gives their indexes (Array.sort's
 * comparator; 0 keeps the earlier part first), by default the earlier part. All weights 0: nothing is
 * split (every part 0).
 */
export function splitCents(cents: Cents, weights: readonly bigint[], breakTie: (a: number, b: number) => number = (a, b) => a - b): Cents[] {
  const total = weights.reduce((a, b) => a + b, 0n);
  if (total === 0n) return weights.map(() => 0n);
  if (weights.some((w) => w < 0n)) throw new RangeError('Weights must not be negative');
  const sign = cents < 0n ? -1n : 1n;
  const abs = cents * sign;
  const parts = weights.map((w, index) => ({ index, base: (abs * w) / total, remainder: (abs * w) % total }));
  let leftover = abs - parts.reduce((a, p) => a + p.base, 0n);
  for (const p of [...parts].sort((a, b) => (a.remainder === b.remainder ? breakTie(a.index, b.index) : a.remainder > b.remainder ? -1 : 1))) {
    if (leftover === 0n) break;
    p.base += 1n;
    leftover -= 1n;
  }
  return parts.map((p) => p.base * sign);
}

/** Orders amounts: negative, 0 or positive, for Array.sort. */
export function compareCents(a: Cents, b: Cents): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Number cents for the report code, from a stored text ('12.50' -> 1250); past 2^53 is an error. */
export function centsFromMoney(text: string): number {
  const cents = parseMoney(text, STORED_MONEY);
  const n = Number(cents);
  if (!Number.isSafeInteger(n)) throw new MoneyError(`Amount too large: ${text}`);
  return n;
}

/** Number cents from a store's integer count of cents (ClickHouse sends Int64 as text); past 2^53 is an error. */
export function centsFromInteger(value: string | number | bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || (typeof value !== 'number' && BigInt(n) !== BigInt(value))) {
    throw new MoneyError(`Cents must be a safe integer: ${String(value)}`);
  }
  return n;
}

/** Number cents back to their stored text: 1250 -> '12.50', -10 -> '-0.10'. */
export function moneyFromCents(cents: number): string {
  return moneyText(cents);
}

/**
 * An amount in a request body, string or JSON number, as its canonical text ('12.5' -> '12.50').
 * A JSON number is read from its shortest decimal form (12.5 -> '12.5'), so no binary fraction leaks in.
 */
export function moneySchema(rules: MoneyRules) {
  return z.union([z.string(), z.number()], { error: `${rules.label} must be an amount such as ${rules.example}` }).transform((value, ctx) => {
    try {
      return moneyText(parseMoney(String(value), rules));
    } catch (error) {
      if (!(error instanceof MoneyError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  });
}

/** Like moneySchema, for an amount that may be left out: null, a blank text or no value at all is null. */
export function optionalMoneySchema(rules: MoneyRules) {
  return z
    .union([z.string(), z.number(), z.null()], { error: `${rules.label} must be an amount such as ${rules.example}` })
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
      try {
        return moneyText(parseMoney(String(value), rules));
      } catch (error) {
        if (!(error instanceof MoneyError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    });
}
