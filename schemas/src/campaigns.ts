// Campaign bodies (spec §5 Campaigns, §7): name and lander required; offer, domain, spark and pixel
// optional (omitted on create, null to clear on update); the TikTok event one of spec §9's six.
import { z } from 'zod';
import { singleLine } from './text-fields';

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
  .object({
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
  .object({
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
