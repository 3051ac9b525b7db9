// Offer bodies (spec §5 Offer Configuration): name, URL and UTM template, non-empty after trimming
// (form-level messages, as the spec's 'Validation error' toasts show them), and an optional default payout.
import { z } from 'zod';
import { currencyCodeSchema } from './currency';
import { httpUrl } from './http-url';
import { OFFER_PAYOUT, optionalMoneySchema } from './money';
import { singleLine } from './text-fields';
import { utmTemplate as utmTemplateField } from './utm-template';
import { wireTimestamp } from './wire-values';

/** Equal to the offers table's column default (services/core db schema). */
export const DEFAULT_UTM_TEMPLATE = 'sub1={clickId}&sub2={campaign}&sub3={adGroup}&sub4={creative}&sub5={placement}';

export const OFFER_REQUIRED_MESSAGE = 'Please provide name, URL, and UTM template';

const name = singleLine('Offer name', { error: OFFER_REQUIRED_MESSAGE }).max(200, 'Offer name must be at most 200 characters');
// Normalised on save (http-url.ts, utm-template.ts), so the offer redirect's Location is always valid.
const url = httpUrl('Offer URL', { error: OFFER_REQUIRED_MESSAGE, max: 2000 });
const utmTemplate = utmTemplateField('The UTM template', { error: OFFER_REQUIRED_MESSAGE, max: 2000 });
/** Paid for a conversion whose postback sends no payout ('12.50'); blank or null: none, and such a postback is refused. */
const payout = optionalMoneySchema(OFFER_PAYOUT);
/**
 * The currency the offer's payouts (postback and default) are in, ISO 4217 like the workspace currency; blank or
 * null: the workspace currency (docs/currencies.md, "Payouts").
 */
const payoutCurrency = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), currencyCodeSchema.nullable());
/** Approved conversions a report day the offer takes before it leaves every rotation until the day turns; null: no cap. */
const dailyCap = z
  .number({ error: 'The daily cap must be a whole number of conversions' })
  .int('The daily cap must be a whole number of conversions')
  .min(1, 'The daily cap must be at least 1 (or empty for no cap)')
  .max(1_000_000, 'The daily cap must be at most 1000000')
  .nullable();

/** POST /api/offers. An omitted utmTemplate takes the default one; a blank one is refused. */
export const offerCreateSchema = z
  .strictObject({ name: name.default(''), url: url.default(''), utmTemplate: utmTemplate.default(DEFAULT_UTM_TEMPLATE), payout, payoutCurrency: payoutCurrency.default(null), dailyCap: dailyCap.default(null) })
  .refine((b) => b.name !== '' && b.url !== '' && b.utmTemplate !== '', OFFER_REQUIRED_MESSAGE);
export type OfferCreateBody = z.input<typeof offerCreateSchema>;

/** PATCH /api/offers/:id: the same fields; those sent must be valid. A payout left out stays, null or '' clears it. */
export const offerUpdateSchema = z
  .strictObject({ name: name.optional(), url: url.optional(), utmTemplate: utmTemplate.optional(), payout: payout.optional(), payoutCurrency: payoutCurrency.optional(), dailyCap: dailyCap.optional() })
  .refine((b) => b.name !== '' && b.url !== '' && b.utmTemplate !== '', OFFER_REQUIRED_MESSAGE);
export type OfferUpdateBody = z.input<typeof offerUpdateSchema>;

/** One row of GET /api/offers, and the answer to a create or an edit. */
export const offerSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  utmTemplate: z.string(),
  /** The default payout as decimal text ('12.50'), or null when the offer has none. */
  payout: z.string().nullable(),
  /** The currency of the offer's payouts, or null: the workspace currency. */
  payoutCurrency: z.string().nullable(),
  dailyCap: z.number().nullable(),
  /** The last report day the cap was reached, and when: the offer left every rotation then until the day turned. */
  capHit: z.object({ day: z.string(), at: wireTimestamp, conversions: z.number() }).nullable(),
  createdAt: wireTimestamp,
});
export type Offer = z.output<typeof offerSchema>;
