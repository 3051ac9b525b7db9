// Reference exchange rates on the wire (docs/currencies.md): GET /api/fx-rates lists the rates that count per
// day and currency (units per EUR, as the ECB quotes them), PUT /api/fx-rates/:date/:currency enters a manual
// rate that wins over the ECB's for its day, DELETE removes it again. Admins only.
import { z } from 'zod';
import { currencyCodeSchema, rateSchema } from './currency';
import { isCalendarDate } from './reports';
import { wireTimestamp } from './wire-values';

/** The longest range GET /api/fx-rates lists. */
export const MAX_FX_RATE_DAYS = 366;

const day = (name: string) =>
  z
    .string({ error: `${name} is required, as yyyy-MM-dd` })
    .max(10, `${name} must be a date as yyyy-MM-dd`)
    .refine(isCalendarDate, `${name} must be a date as yyyy-MM-dd`);

const dayCount = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** GET /api/fx-rates?startDate&endDate (inclusive). */
export const fxRatesQuerySchema = z.object({ startDate: day('startDate'), endDate: day('endDate') }).superRefine((range, ctx) => {
  const days = dayCount(range.startDate, range.endDate);
  if (days < 1) ctx.addIssue({ code: 'custom', message: 'endDate must not be before startDate' });
  else if (days > MAX_FX_RATE_DAYS) ctx.addIssue({ code: 'custom', message: `The date range can be at most ${MAX_FX_RATE_DAYS} days` });
});
export type FxRatesQuery = z.infer<typeof fxRatesQuerySchema>;

/** The :date and :currency of a manual rate; EUR has none (it is the base, always 1). */
export const fxRateParamsSchema = z.object({
  date: day('Date'),
  currency: currencyCodeSchema.refine((code) => code !== 'EUR', 'A reference rate has no currency EUR: EUR is the base, its rate is always 1'),
});

/** PUT /api/fx-rates/:date/:currency: units of the currency per EUR, on or before today (UTC). */
export const manualRateBodySchema = z.strictObject({ rate: rateSchema });
export type ManualRateBody = z.input<typeof manualRateBodySchema>;

export const fxRateSourceSchema = z.enum(['ecb', 'manual']);

export const fxRateRowSchema = z.object({
  day: z.string(),
  currency: z.string(),
  /** Units of the currency per EUR. */
  rate: z.string(),
  source: fxRateSourceSchema,
  /** The ECB's rate of the same day when a manual rate wins over it. */
  ecbRate: z.string().nullable(),
  /** Who entered a manual rate. */
  enteredBy: z.string().nullable(),
  enteredAt: wireTimestamp,
});
export type FxRateRow = z.output<typeof fxRateRowSchema>;

/** GET /api/fx-rates: the rates of the range, newest day first, and the newest day the ECB published. */
export const fxRatesResponseSchema = z.object({ latestEcbDay: z.string().nullable(), rates: z.array(fxRateRowSchema) });
export type FxRatesResponse = z.output<typeof fxRatesResponseSchema>;

/** The most currencies one GET /api/fx-rates/latest asks for. */
export const MAX_LATEST_RATE_CURRENCIES = 50;

/** GET /api/fx-rates/latest?currencies=EUR,GBP: the currencies whose latest rate a screen shows (an offer's payout currency). */
export const latestRatesQuerySchema = z.object({
  currencies: z
    .string({ error: 'currencies is required: ISO 4217 codes separated by commas, such as EUR,GBP' })
    .max(MAX_LATEST_RATE_CURRENCIES * 4, `currencies can name at most ${MAX_LATEST_RATE_CURRENCIES} codes`)
    .transform((text) => text.split(',').filter((code) => code.trim() !== ''))
    .pipe(z.array(currencyCodeSchema).min(1, 'currencies must name at least one ISO 4217 code').max(MAX_LATEST_RATE_CURRENCIES, `currencies can name at most ${MAX_LATEST_RATE_CURRENCIES} codes`)),
});
export type LatestRatesQuery = z.input<typeof latestRatesQuerySchema>;

/** A latest rate of a currency against the workspace currency (units of the workspace currency per unit of it),
 *  the publication day it came from and whether an admin's manual rate was used. */
export const latestRateSchema = z.object({ currency: z.string(), rate: z.string(), day: z.string(), source: fxRateSourceSchema });
export type LatestRate = z.output<typeof latestRateSchema>;

/** GET /api/fx-rates/latest: the workspace currency and, per asked currency with a rate in the last 7 days, that rate
 *  (the workspace currency itself and currencies without a recent rate are left out). */
export const latestRatesResponseSchema = z.object({ currency: z.string(), rates: z.array(latestRateSchema) });
export type LatestRatesResponse = z.output<typeof latestRatesResponseSchema>;
