// The events of the tracking pipeline (DESIGN.md §3): one envelope, three types. The envelope id is
// a UUIDv7 and the idempotency key; a click's id is also its click id.
import { z } from 'zod';

export const EVENT_VERSION = 1;

/** What a click knows about itself: the campaign at click time and the ad platform's macros. */
export const clickDimensionsSchema = z.object({
  campaignId: z.string(),
  landerId: z.number().int().nullable(),
  offerId: z.number().int().nullable(),
  /** The public spark id (from the `spark` parameter, else the campaign's spark), '' when none. */
  sparkId: z.string(),
  tiktokCampaignId: z.string(),
  tiktokAdGroupId: z.string(),
  tiktokCreativeId: z.string(),
  placement: z.string(),
  campaignName: z.string(),
  adGroupName: z.string(),
  creativeName: z.string(),
  /** The name of the flow rule that routed the click, '' for the default path. Events written before clicks
   *  recorded it have no such field and read as '', as the default path. */
  rule: z.string().default(''),
});
export type ClickDimensions = z.infer<typeof clickDimensionsSchema>;

export const clickDataSchema = clickDimensionsSchema.extend({
  ttclid: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  referrer: z.string(),
  /** Why the click looks automated (a known bot, a prefetch), '' for a person. Recorded, never dropped. */
  bot: z.string(),
});
export type ClickData = z.infer<typeof clickDataSchema>;

/** An exit from a lander to the offer (a lander click), with its click's dimensions copied in. */
export const exitDataSchema = clickDimensionsSchema.extend({
  clickId: z.string(),
  /** When the click happened, epoch ms. */
  clickedAt: z.number().int(),
  ip: z.string(),
  userAgent: z.string(),
});
export type ExitData = z.infer<typeof exitDataSchema>;

export const POSTBACK_STATUSES = ['approved', 'pending', 'rejected'] as const;
export const postbackStatusSchema = z.enum(POSTBACK_STATUSES);
export type PostbackStatus = z.infer<typeof postbackStatusSchema>;

export const conversionDataSchema = z.object({
  transactionId: z.string(),
  clickId: z.string(),
  /** Decimal string with at most two decimals: money stays exact. */
  payout: z.string().regex(/^\d{1,8}\.\d{2}$/),
  offerId: z.string(),
  offerName: z.string(),
  status: postbackStatusSchema,
  /** Where it came from: a postback, or a network sync. */
  source: z.enum(['postback', 'network']),
  ip: z.string(),
});
export type ConversionData = z.infer<typeof conversionDataSchema>;

const envelope = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: z.string().uuid(),
    type: z.literal(type),
    v: z.literal(EVENT_VERSION),
    at: z.number().int(),
    data,
  });

export const clickEventSchema = envelope('click', clickDataSchema);
export const exitEventSchema = envelope('lander_click', exitDataSchema);
export const conversionEventSchema = envelope('conversion', conversionDataSchema);
export const trackingEventSchema = z.discriminatedUnion('type', [clickEventSchema, exitEventSchema, conversionEventSchema]);

export type ClickEvent = z.infer<typeof clickEventSchema>;
export type ExitEvent = z.infer<typeof exitEventSchema>;
export type ConversionEvent = z.infer<typeof conversionEventSchema>;
export type TrackingEvent = z.infer<typeof trackingEventSchema>;
