// Offer bodies (spec §5 Offer Configuration): name, URL and UTM template, non-empty after trimming
// (form-level messages, as the spec's 'Validation error' toasts show them), and an optional default payout.
import { z } from 'zod';
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

/** POST /api/offers. An omitted utmTemplate takes the default one; a blank one is refused. */
export const offerCreateSchema = z
  .strictObject({ name: name.default(''), url: url.default(''), utmTemplate: utmTemplate.default(DEFAULT_UTM_TEMPLATE), payout })
  .refine((b) => b.name !== '' && b.url !== '' && b.utmTemplate !== '', OFFER_REQUIRED_MESSAGE);
export type OfferCreateBody = z.input<typeof offerCreateSchema>;

/** PATCH /api/offers/:id: the same fields; those sent must be valid. A payout left out stays, null or '' clears it. */
export const offerUpdateSchema = z
  .strictObject({ name: name.optional(), url: url.optional(), utmTemplate: utmTemplate.optional(), payout: payout.optional() })
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
  createdAt: wireTimestamp,
});
export type Offer = z.output<typeof offerSchema>;
