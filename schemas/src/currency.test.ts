// Currency arithmetic: the ISO 4217 minor units (checked against Node's Intl where CLDR agrees with ISO),
// amounts in minor units, and conversions rounded once, half away from zero, without float drift.
import { describe, expect, test } from '@jest/globals';
import {
  formatCentsIn,
  amountText,
  convertAmount,
  convertDecimalViaEur,
  convertViaEur,
  crossRateText,
  CURRENCY_CODES,
  currencyCodeSchema,
  isCurrencyCode,
  minorUnitDigits,
  parseAmount,
  parseRate,
  rateSchema,
  rateText,
  type Amount,
  type CurrencyCode,
} from './currency';

const amount = (text: string, currency: CurrencyCode): Amount => parseAmount(text, currency);
const text = (a: Amount) => `${amountText(a)} ${a.currency}`;

describe('minor units', () => {
  test.each([
    ['JPY', 0], ['KRW', 0], ['ISK', 0], ['CLP', 0], ['VND', 0], ['XOF', 0], ['XAF', 0],
    ['USD', 2], ['EUR', 2], ['GBP', 2], ['HUF', 2], ['IDR', 2], ['CZK', 2],
    ['KWD', 3], ['BHD', 3], ['JOD', 3], ['OMR', 3], ['TND', 3], ['IQD', 3], ['LYD', 3],
    ['CLF', 4], ['UYW', 4],
  ] as const)('%s has %i decimals', (code, digits) => {
    expect(minorUnitDigits(code)).toBe(digits);
  });

  // CLDR (what Intl formats with) shows these without decimals or with 0 where ISO 4217 has 2 (IQD 3).
  const CLDR_DIFFERS = ['AFN', 'ALL', 'COP', 'HUF', 'IDR', 'IQD', 'IRR', 'KPW', 'LAK', 'LBP', 'MGA', 'MMK', 'PKR', 'SOS', 'SYP', 'YER'];

  test("every code Intl knows has Intl's digits, except the CLDR display choices ISO does not share", () => {
    const supported = new Set(Intl.supportedValuesOf('currency'));
    const differing: string[] = [];
    for (const code of CURRENCY_CODES) {
      if (!supported.has(code)) continue;
      const intl = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;
      if (intl !== minorUnitDigits(code)) differing.push(code);
    }
    expect(differing).toEqual(CLDR_DIFFERS);
  });

  test('the ECB reference currencies are all known', () => {
    for (const code of 'USD JPY BGN CZK DKK GBP HUF PLN RON SEK CHF ISK NOK TRY AUD BRL CAD CNY HKD IDR ILS INR KRW MXN MYR NZD PHP SGD THB ZAR'.split(' ')) {
      expect(isCurrencyCode(code)).toBe(true);
    }
    expect(CURRENCY_CODES).toHaveLength(new Set(CURRENCY_CODES).size);
    expect([...CURRENCY_CODES]).toEqual([...CURRENCY_CODES].sort());
  });

  test('fund codes, withdrawn codes and lower case are not codes', () => {
    for (const code of ['XAU', 'XDR', 'XTS', 'XXX', 'HRK', 'ZWL', 'usd', 'US', '']) expect(isCurrencyCode(code)).toBe(false);
  });
});

describe('currencyCodeSchema', () => {
  test('reads a code in any case', () => {
    expect(currencyCodeSchema.parse(' eur ')).toBe('EUR');
  });
  test('refuses an unknown code by name', () => {
    const result = currencyCodeSchema.safeParse('EUX');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Currency must be an ISO 4217 code such as USD, EUR or JPY, not "EUX"');
    expect(currencyCodeSchema.safeParse(12).error?.issues[0]?.message).toBe('Currency must be an ISO 4217 code such as USD');
  });
});

describe('amounts', () => {
  test.each([
    ['12.5', 'USD', 1250n, '12.50'],
    ['-0.05', 'EUR', -5n, '-0.05'],
    ['1500', 'JPY', 1500n, '1500'],
    ['0.005', 'KWD', 5n, '0.005'],
    ['3', 'KWD', 3000n, '3.000'],
    ['1.2345', 'CLF', 12345n, '1.2345'],
  ] as const)('%s %s is %d minor units, written %s', (input, currency, minor, written) => {
    const a = amount(input, currency);
    expect(a.minor).toBe(minor);
    expect(amountText(a)).toBe(written);
  });

  test('more decimals than the currency has are refused, never rounded', () => {
    expect(() => amount('1.5', 'JPY')).toThrow('An amount in JPY has at most 0 decimals: "1.5"');
    expect(() => amount('0.001', 'USD')).toThrow('An amount in USD has at most 2 decimals');
    expect(() => amount('0.0001', 'KWD')).toThrow('An amount in KWD has at most 3 decimals');
    expect(() => amount('1e3', 'USD')).toThrow('Amount must be a number such as 12.50, not "1e3"');
    expect(() => amount('$1', 'USD')).toThrow('Amount must be a number');
  });
});

describe('rates', () => {
  test('are read exactly and written canonically', () => {
    expect(parseRate('161.870')).toEqual({ numerator: 161870n, denominator: 1000n });
    expect(rateText('0161.8700')).toBe('161.87');
    expect(rateText('1.000')).toBe('1');
    expect(rateSchema.parse(1.0823)).toBe('1.0823');
  });
  test.each(['0', '0.000', '-1.2', '1e2', 'abc', '1.1234567890123'])('%s is not a rate', (bad) => {
    expect(() => parseRate(bad)).toThrow(/A rate must be/);
    expect(rateSchema.safeParse(bad).success).toBe(false);
  });
});

describe('convertAmount at a direct rate', () => {
  test('10000 JPY at 0.0066 is 66.00 USD', () => {
    expect(text(convertAmount(amount('10000', 'JPY'), 'USD', '0.0066'))).toBe('66.00 USD');
  });

  test('USD to KWD lands on fils: 100.00 at 0.30718 is 30.718 KWD', () => {
    expect(text(convertAmount(amount('100', 'USD'), 'KWD', '0.30718'))).toBe('30.718 KWD');
  });

  test('KWD to JPY drops three decimals and gains none: 1.234 KWD at 486.5 is 600 JPY (600.341)', () => {
    expect(text(convertAmount(amount('1.234', 'KWD'), 'JPY', '486.5'))).toBe('600 JPY');
  });

  test.each([
    // amount, from, to, rate, exact result, rounded
    ['0.01', 'USD', 'JPY', '150', '1.5', '2 JPY'],
    ['-0.01', 'USD', 'JPY', '150', '-1.5', '-2 JPY'],
    ['0.03', 'USD', 'JPY', '150', '4.5', '5 JPY'],
    ['-0.03', 'USD', 'JPY', '150', '-4.5', '-5 JPY'],
    ['1.00', 'USD', 'KWD', '0.3075', '0.3075', '0.308 KWD'],
    ['-1.00', 'USD', 'KWD', '0.3075', '-0.3075', '-0.308 KWD'],
    ['0.01', 'EUR', 'USD', '0.5', '0.005', '0.01 USD'],
    ['-0.01', 'EUR', 'USD', '0.5', '-0.005', '-0.01 USD'],
  ] as const)('a tie rounds away from zero: %s %s to %s at %s is %s -> %s', (input, from, to, rate, _exact, rounded) => {
    expect(text(convertAmount(amount(input, from), to, rate))).toBe(rounded);
  });

  test('just below and above a tie go to the nearer unit', () => {
    expect(text(convertAmount(amount('0.01', 'USD'), 'JPY', '149.99'))).toBe('1 JPY');
    expect(text(convertAmount(amount('0.01', 'USD'), 'JPY', '150.01'))).toBe('2 JPY');
    expect(text(convertAmount(amount('-0.01', 'USD'), 'JPY', '149.99'))).toBe('-1 JPY');
  });

  test('no float drift: 1.15 at 1.5 is 1.725, rounded to 1.73 (a float product is 1.72499…)', () => {
    expect(1.15 * 1.5).toBeLessThan(1.725);
    expect(text(convertAmount(amount('1.15', 'EUR'), 'USD', '1.5'))).toBe('1.73 USD');
  });

  test('past 2^53 minor units stays exact', () => {
    expect(text(convertAmount(amount('123456789012345678.91', 'USD'), 'EUR', '1'))).toBe('123456789012345678.91 EUR');
    expect(text(convertAmount(amount('123456789012345678.91', 'USD'), 'JPY', '100'))).toBe('12345678901234567891 JPY');
  });
});

describe('convertViaEur: cross rates of ECB reference rates (1 EUR = rate of each)', () => {
  const ECB = { USD: '1.0823', JPY: '161.87', GBP: '0.8521', EUR: '1' } as const;
  const via = (input: string, from: keyof typeof ECB, to: keyof typeof ECB) =>
    text(convertViaEur(amount(input, from), to, { fromPerEur: ECB[from], toPerEur: ECB[to] }));

  test('EUR to JPY: 12.34 EUR is 1997 JPY (1997.4758)', () => {
    expect(via('12.34', 'EUR', 'JPY')).toBe('1997 JPY');
  });

  test('JPY to USD: 10000 JPY is 66.86 USD (66.8623…)', () => {
    expect(via('10000', 'JPY', 'USD')).toBe('66.86 USD');
  });

  test('the cross rate is an exact fraction, rounded once at the end, not a rounded rate', () => {
    // 10^9 JPY at the exact cross rate is 6,686,229.69 USD; at the cross rate rounded to 4 decimals (0.0067) it would be 6,700,000.00.
    expect(crossRateText({ fromPerEur: ECB.JPY, toPerEur: ECB.USD }, 4)).toBe('0.0067');
    expect(via('1000000000', 'JPY', 'USD')).toBe('6686229.69 USD');
  });

  test('USD to EUR and back with EUR at 1', () => {
    expect(via('108.23', 'USD', 'EUR')).toBe('100.00 EUR');
    expect(via('100', 'EUR', 'USD')).toBe('108.23 USD');
  });

  test('cross-rate ties round away from zero, both signs', () => {
    // 0.8 GBP and 1.2 USD per EUR: 1.5 USD per GBP; 0.01 GBP -> 0.015 USD.
    const rates = { fromPerEur: '0.8', toPerEur: '1.2' };
    expect(text(convertViaEur(amount('0.01', 'GBP'), 'USD', rates))).toBe('0.02 USD');
    expect(text(convertViaEur(amount('-0.01', 'GBP'), 'USD', rates))).toBe('-0.02 USD');
    expect(text(convertViaEur(amount('0.03', 'GBP'), 'USD', rates))).toBe('0.05 USD');
    expect(text(convertViaEur(amount('-0.03', 'GBP'), 'USD', rates))).toBe('-0.05 USD');
  });

  test('a 3-decimal currency through EUR: 12.345 KWD at 0.3072 per EUR is 43.49 USD (43.4917…)', () => {
    expect(text(convertViaEur(amount('12.345', 'KWD'), 'USD', { fromPerEur: '0.3072', toPerEur: '1.0823' }))).toBe('43.49 USD');
  });

  test('crossRateText shows the cross rate, trailing zeros dropped', () => {
    expect(crossRateText({ fromPerEur: ECB.USD, toPerEur: ECB.JPY })).toBe('149.56111984');
    expect(crossRateText({ fromPerEur: '0.8', toPerEur: '1.2' })).toBe('1.5');
    expect(crossRateText({ fromPerEur: ECB.USD, toPerEur: ECB.JPY }, 0)).toBe('150');
  });
});

describe('convertDecimalViaEur: a decimal amount as a report states it', () => {
  test('JPY spend as TikTok writes it (1234.00) into EUR and USD, rounded once to cents: 7.62 EUR (7.6234…), 8.25 USD (8.2508…)', () => {
    expect(convertDecimalViaEur('1234.00', { fromPerEur: '161.87', toPerEur: '1.0000' }, 2)).toBe('7.62');
    expect(convertDecimalViaEur('1234.00', { fromPerEur: '161.87', toPerEur: '1.0823' }, 2)).toBe('8.25');
  });

  test('into JPY: whole yen; same rates only round', () => {
    expect(convertDecimalViaEur('12.34', { fromPerEur: '1', toPerEur: '161.87' }, 0)).toBe('1997');
    expect(convertDecimalViaEur('1234.50', { fromPerEur: '1', toPerEur: '1' }, 0)).toBe('1235');
    expect(convertDecimalViaEur('12.5', { fromPerEur: '1', toPerEur: '1' }, 2)).toBe('12.50');
  });

  test('ties away from zero, both signs; zero stays zero', () => {
    expect(convertDecimalViaEur('0.01', { fromPerEur: '0.8', toPerEur: '1.2' }, 2)).toBe('0.02');
    expect(convertDecimalViaEur('-0.01', { fromPerEur: '0.8', toPerEur: '1.2' }, 2)).toBe('-0.02');
    expect(convertDecimalViaEur('0.00', { fromPerEur: '0.8', toPerEur: '1.2' }, 2)).toBe('0.00');
  });

  test('not a number is refused', () => {
    expect(() => convertDecimalViaEur('12,50', { fromPerEur: '1', toPerEur: '1' }, 2)).toThrow('Amount must be a number such as 12.50, not "12,50"');
  });
});

describe('formatCentsIn', () => {
  test('prints cents in the currency with its ISO digits, never dropping cents it has', () => {
    expect(formatCentsIn(123456n, 'EUR')).toBe('€1,234.56');
    expect(formatCentsIn(-1230n, 'USD')).toBe('-$12.30');
    expect(formatCentsIn(150000n, 'JPY')).toBe('¥1,500');
    expect(formatCentsIn(150050n, 'JPY')).toBe('¥1,500.50');
    expect(formatCentsIn(150n, 'KWD')).toBe('KWD\u00a01.500');
  });
});
