// The one money type as a table: what each source may send, what it becomes, how it is shown and
// rounded. A new source of amounts adds its rows here.
import { describe, expect, test } from '@jest/globals';
import {
  centsFromInteger,
  centsFromMoney,
  formatCents,
  formatPerVisit,
  INVOICE_AMOUNT,
  moneyFromCents,
  moneySchema,
  moneyText,
  parseMoney,
  POSTBACK_PAYOUT,
  roundDiv,
  shareOfCents,
  SPEND_AMOUNT,
  splitCents,
  STATEMENT_AMOUNT,
  STORED_MONEY,
  sumMoney,
  type MoneyRules,
} from './money';

const RULES: Record<string, MoneyRules> = {
  stored: STORED_MONEY,
  postback: POSTBACK_PAYOUT,
  spend: SPEND_AMOUNT,
  statement: STATEMENT_AMOUNT,
  invoice: INVOICE_AMOUNT,
};

describe('reading amounts', () => {
  // [rules, text, cents]
  test.each([
    ['stored', '12.50', 1250n],
    ['stored', '12.5', 1250n],
    ['stored', '7', 700n],
    ['stored', '0.01', 1n],
    ['stored', '-0.10', -10n],
    ['stored', '-0', 0n],
    ['stored', '.5', 50n],
    ['stored', ' 3.20 ', 320n],
    ['stored', '123456789012.34', 12345678901234n],
    // Past 2^53 cents: still exact.
    ['stored', '184467440737095516.15', 18446744073709551615n],
    ['postback', '12', 1200n],
    ['postback', '12.5', 1250n],
    ['postback', '0.333', 33n],
    ['postback', '0.005', 1n],
    ['postback', '0.004', 0n],
    ['postback', '3.456', 346n],
    ['postback', '2.00500001', 201n],
    ['postback', '99999999.99', 9999999999n],
    ['postback', '99999999.994', 9999999999n],
    ['spend', '12.34', 1234n],
    ['spend', '0', 0n],
    ['spend', '9999999999.99', 999999999999n],
    ['statement', '1,234.56', 123456n],
    ['statement', '-12.50', -1250n],
    ['statement', '$5.00', 500n],
    ['statement', '-$5', -500n],
    ['statement', '1,234,567.8', 123456780n],
    ['statement', '1234.56', 123456n],
    ['invoice', '1234.56', 123456n],
    ['invoice', '99999999.99', 9999999999n],
  ])('%s %j is %i cents', (rules, text, cents) => {
    expect(parseMoney(text, RULES[rules])).toBe(cents);
  });

  // [rules, text, message]
  test.each([
    ['stored', '', 'Amount must be an amount such as 12.50, not ""'],
    ['stored', 'ten', 'Amount must be an amount such as 12.50, not "ten"'],
    ['stored', '1.234', 'Amount must have at most 2 decimals: "1.234"'],
    ['stored', '1,00', 'Amount must be an amount such as 12.50, not "1,00"'],
    ['stored', '$5', 'Amount must be an amount such as 12.50, not "$5"'],
    ['stored', '5.', 'Amount must be an amount such as 12.50, not "5."'],
    ['stored', '1e3', 'Amount must be an amount such as 12.50, not "1e3"'],
    ['stored', '1'.repeat(41), `Amount must be an amount such as 12.50, not "${'1'.repeat(41)}"`],
    ['postback', '-1', 'payout must not be negative: "-1"'],
    ['postback', '1,5', 'payout must be an amount such as 12.50, not "1,5"'],
    ['postback', '100000000', 'payout must be at most 99999999.99: "100000000"'],
    ['postback', '99999999.995', 'payout must be at most 99999999.99: "99999999.995"'],
    ['spend', '12.345', 'Spend must have at most 2 decimals: "12.345"'],
    ['spend', '-1', 'Spend must not be negative: "-1"'],
    ['spend', '10000000000', 'Spend must be at most 9999999999.99: "10000000000"'],
    ['statement', '1,23.00', 'Amount must be an amount such as 1,234.56, not "1,23.00"'],
    ['statement', '1.234', 'Amount must have at most 2 decimals: "1.234"'],
    ['statement', '(12.50)', 'Amount must be an amount such as 1,234.56, not "(12.50)"'],
    ['statement', '€5.00', 'Amount must be an amount such as 1,234.56, not "€5.00"'],
    ['statement', '$-5.00', 'Amount must be an amount such as 1,234.56, not "$-5.00"'],
    ['invoice', '-0.01', 'Amount must not be negative: "-0.01"'],
    ['invoice', '100000000.00', 'Amount must be at most 99999999.99: "100000000.00"'],
  ])('%s %j is refused', (rules, text, message) => {
    expect(() => parseMoney(text, RULES[rules])).toThrow(message);
  });
});

describe('showing amounts', () => {
  // [cents, text of the stores and CSV cells, as people read it]
  test.each([
    [123456n, '1234.56', '$1,234.56'],
    [5n, '0.05', '$0.05'],
    [0n, '0.00', '$0.00'],
    [-320n, '-3.20', '-$3.20'],
    [-5n, '-0.05', '-$0.05'],
    [123456789012n, '1234567890.12', '$1,234,567,890.12'],
    [18446744073709551615n, '184467440737095516.15', '$184,467,440,737,095,516.15'],
  ])('%i cents is %j, shown %j', (cents, text, shown) => {
    expect(moneyText(cents)).toBe(text);
    expect(formatCents(cents)).toBe(shown);
    expect(parseMoney(text)).toBe(cents);
  });

  test('number cents are the same amounts, and refused past 2^53', () => {
    expect(moneyFromCents(-320)).toBe('-3.20');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(centsFromMoney('12.5')).toBe(1250);
    expect(() => moneyFromCents(0.5)).toThrow('Cents must be a safe integer: 0.5');
    expect(() => centsFromMoney('184467440737095516.15')).toThrow('Amount too large: 184467440737095516.15');
    expect(centsFromInteger('-9007199254740991')).toBe(-9007199254740991);
    expect(centsFromInteger(12n)).toBe(12);
    expect(() => centsFromInteger('9007199254740993')).toThrow('Cents must be a safe integer: 9007199254740993');
    expect(() => centsFromInteger('1.5')).toThrow('Cents must be a safe integer: 1.5');
  });

  // EPC and CPV: 3 decimals, half away from zero, from the number's shortest decimal form.
  test.each([
    [0.12345, '$0.123'],
    [0.0005, '$0.001'],
    [1.0005, '$1.001'],
    [-0.0005, '-$0.001'],
    [0.75, '$0.750'],
    [Number.NaN, '$0.000'],
  ])('per visit %d is %s', (dollars, shown) => {
    expect(formatPerVisit(dollars)).toBe(shown);
  });
});

describe('arithmetic', () => {
  test.each([
    [['0.10', '0.20'], '0.30'],
    [['1234.56', '-34.5', '.04'], '1200.10'],
    [[], '0.00'],
    [['-5', '2.25'], '-2.75'],
    [['92233720368547758.07', '0.01'], '92233720368547758.08'],
  ])('%j adds up to %s', (texts, total) => {
    expect(sumMoney(texts)).toBe(total);
  });

  test('a sum refuses what it cannot read, rather than skip it', () => {
    expect(() => sumMoney(['1.00', 'junk'])).toThrow('Amount must be an amount such as 12.50, not "junk"');
  });

  // [numerator, denominator, quotient]: half away from zero, both signs.
  test.each([
    [5n, 10n, 1n],
    [4n, 10n, 0n],
    [15n, 10n, 2n],
    [-5n, 10n, -1n],
    [-15n, 10n, -2n],
    [5n, -10n, -1n],
    [7n, 3n, 2n],
  ])('%i / %i rounds to %i', (n, d, q) => {
    expect(roundDiv(n, d)).toBe(q);
  });

  test('a share is rounded once, in cents', () => {
    // 25.5 % of 100.01 = 25.50255
    expect(shareOfCents(10001n, 2550n, 10000n)).toBe(2550n);
    // 50 % of 0.01 = 0.005 -> 0.01; of -0.01 -> -0.01
    expect(shareOfCents(1n, 1n, 2n)).toBe(1n);
    expect(shareOfCents(-1n, 1n, 2n)).toBe(-1n);
  });

  // [amount, weights, parts]: parts add up to the amount; leftover cents to the largest remainders.
  test.each([
    [100n, [1n, 1n, 1n], [34n, 33n, 33n]],
    [1000n, [1n, 2n, 7n], [100n, 200n, 700n]],
    [10n, [3n, 3n], [5n, 5n]],
    [11n, [1n, 3n], [3n, 8n]],
    [-100n, [1n, 1n, 1n], [-34n, -33n, -33n]],
    [5n, [0n, 0n], [0n, 0n]],
  ])('%i split by %j is %j', (cents, weights, parts) => {
    expect(splitCents(cents, weights)).toEqual(parts);
  });

  test('ties follow the given rule: the later part first, or by a name', () => {
    expect(splitCents(100n, [1n, 1n, 1n], (a, b) => b - a)).toEqual([33n, 33n, 34n]);
    const names = ['b', 'a', 'c'];
    expect(splitCents(2n, [1n, 1n, 1n], (a, b) => names[a]!.localeCompare(names[b]!))).toEqual([1n, 1n, 0n]);
  });
});

describe('request bodies', () => {
  const amount = moneySchema(INVOICE_AMOUNT);
  test.each([
    ['12.5', '12.50'],
    [12.5, '12.50'],
    [0.1, '0.10'],
    [7, '7.00'],
  ])('%j is stored as %j', (value, text) => {
    expect(amount.parse(value)).toBe(text);
  });
  test.each([
    ['-1', 'Amount must not be negative: "-1"'],
    [1e21, 'Amount must be an amount such as 1234.56, not "1e+21"'],
    [true, 'Amount must be an amount such as 1234.56'],
  ])('%j is refused with %j', (value, message) => {
    const result = amount.safeParse(value);
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe(message);
  });
});
