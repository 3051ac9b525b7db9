// Campaign bodies (spec §5 Campaigns, §7): name and lander required; offer, domain, spark and pixel
// optional (omitted on create, null to clear on update); the TikTok event one of spec §9's six.
import { z } from 'zod';
import { DOMAIN_STATUSES } from './domains';
import { singleLine } from './text-fields';
import { wireTimestamp } from './wire-values';

export const TIKTOK_EVENTS = ['ViewContent', 'ClickButton', 'AddToCart', 'InitiateCheckout', 'CompletePayment', 'PlaceAnOrder'] as const;
export const DEFAULT_TIKTOK_EVENT = 'CompletePayment';
export const tiktokEventSchema = z.enum(TIKTOK_EVENTS, { error: `The TikTok event must be one of ${TIKTOK_EVENTS.join(', ')}` });
export type TiktokEventName = z.infer<typeof tiktokEventSchema>;

export const CAMPAIGN_REQUIRED_MESSAGE = 'Please provide campaign name and select a lander';

/** A serial id of another entity (lander, offer, domain, spark, pixel). */
const refId = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be positive`)
    .max(2_147_483_647, `${field} is too large`);

const name = singleLine('Campaign name', { error: CAMPAIGN_REQUIRED_MESSAGE }).max(200, 'Campaign name must be at most 200 characters');
const bhToggle = z.boolean({ error: 'bhToggle must be true or false' });
const defaultTiktokEvent = z.enum(TIKTOK_EVENTS, { error: `defaultTiktokEvent must be one of ${TIKTOK_EVENTS.join(', ')}` });

/** POST /api/campaigns. */
export const campaignCreateSchema = z
  .strictObject({
    name: name.default(''),
    landerId: refId('landerId').nullish(),
    offerId: refId('offerId').nullish(),
    domainId: refId('domainId').nullish(),
    sparkId: refId('sparkId').nullish(),
    tiktokPixelId: refId('tiktokPixelId').nullish(),
    defaultTiktokEvent: defaultTiktokEvent.optional(),
    bhToggle: bhToggle.optional(),
  })
  .transform((b, ctx) => {
    if (b.name === '' || b.landerId == null) {
      ctx.addIssue({ code: 'custom', message: CAMPAIGN_REQUIRED_MESSAGE });
      return z.NEVER;
    }
    return { ...b, name: b.name, landerId: b.landerId };
  });
export type CampaignCreateBody = z.input<typeof campaignCreateSchema>;

/** PATCH /api/campaigns/:id: any subset of the fields (the BH switch sends only bhToggle); null clears an option. */
export const campaignUpdateSchema = z
  .strictObject({
    name: name.optional(),
    landerId: refId('landerId').nullable().optional(),
    offerId: refId('offerId').nullable().optional(),
    domainId: refId('domainId').nullable().optional(),
    sparkId: refId('sparkId').nullable().optional(),
    tiktokPixelId: refId('tiktokPixelId').nullable().optional(),
    defaultTiktokEvent: defaultTiktokEvent.optional(),
    bhToggle: bhToggle.optional(),
  })
  .refine((b) => b.name !== '' && b.landerId !== null, CAMPAIGN_REQUIRED_MESSAGE);
export type CampaignUpdateBody = z.input<typeof campaignUpdateSchema>;

/** One row of GET /api/campaigns (and the answer to a create or an edit): the campaign joined to its
 *  lander, offer, domain, spark and pixel, plus the hosts its tracking and exit links use. */
export const campaignSchema = z.object({
  /** Public and generated: the path of the tracking URL. */
  id: z.string(),
  name: z.string(),
  landerId: z.number().nullable(),
  offerId: z.number().nullable(),
  domainId: z.number().nullable(),
  sparkId: z.number().nullable(),
  tiktokPixelId: z.number().nullable(),
  // Every write goes through tiktokEventSchema, so the stored text is one of spec §9's six.
  defaultTiktokEvent: tiktokEventSchema,
  bhToggle: z.boolean(),
  createdAt: wireTimestamp,
  /** Null only after the lander was deleted. */
  lander: z.object({ id: z.number(), name: z.string(), url: z.string() }).nullable(),
  offer: z.object({ id: z.number(), name: z.string() }).nullable(),
  domain: z
    .object({ id: z.number(), domain: z.string(), subdomain: z.string().nullable(), status: z.enum(DOMAIN_STATUSES), host: z.string() })
    .nullable(),
  /** `sparkId` is the public id that goes into tracking URLs. */
  spark: z.object({ id: z.number(), name: z.string(), sparkId: z.string() }).nullable(),
  pixel: z.object({ id: z.number(), name: z.string(), pixelId: z.string() }).nullable(),
  /** The campaign's active custom domain, else the redirect_domain setting; null: use the browser's origin. */
  trackingHost: z.string().nullable(),
  /** The global exit domain for the landers' exit code; null: exits use the tracking link's domain. */
  exitHost: z.string().nullable(),
});
export type Campaign = z.output<typeof campaignSchema>;
