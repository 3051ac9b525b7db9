// TikTok pixel bodies (spec §5 Pixel form, §7): name, pixel id and access token required; website URL
// optional, a blank one meaning none. Fire-event: one of the TikTok events, optional test event code.
import { z } from 'zod';
import { TIKTOK_EVENTS } from './campaigns';
import { isHttpUrl, normaliseHttpUrl } from './http-url';
import { headerToken, singleLine } from './text-fields';
import { wireTimestamp } from './wire-values';

export const PIXEL_ID_TAKEN_MESSAGE = 'A pixel with this Pixel ID already exists';
export const SELECT_PIXEL_MESSAGE = 'Please select a pixel';

const required = (message: string, max: number, field = singleLine) => {
  const label = message.replace(' is required', '');
  return field(label, { error: message }).max(max, `${label} is too long`);
};
const name = required('Pixel name is required', 200);
const pixelId = required('Pixel ID is required', 100);
const accessToken = required('Access token is required', 2000, headerToken);
const websiteUrl = singleLine('Website URL')
  .max(2000, 'Website URL is too long')
  .nullish()
  .transform((v) => (v ? v : null));

// Form-level messages (no field path), one at a time in the form's order.
function checkPixel(b: { name?: string; pixelId?: string; accessToken?: string; websiteUrl?: string | null }, ctx: z.RefinementCtx) {
  if (b.name === '') ctx.addIssue({ code: 'custom', message: 'Pixel name is required' });
  else if (b.pixelId === '') ctx.addIssue({ code: 'custom', message: 'Pixel ID is required' });
  else if (b.accessToken === '') ctx.addIssue({ code: 'custom', message: 'Access token is required' });
  else if (b.websiteUrl && !isHttpUrl(b.websiteUrl)) ctx.addIssue({ code: 'custom', message: 'Website URL must start with http:// or https://' });
}

/** The website URL normalised on save (http-url.ts), like lander and offer URLs. */
function normaliseWebsiteUrl<B extends { websiteUrl?: string | null }>(b: B): B {
  return b.websiteUrl ? { ...b, websiteUrl: normaliseHttpUrl(b.websiteUrl) } : b;
}

/** POST /api/tiktok-pixels. */
export const pixelCreateSchema = z
  .strictObject({ name: name.default(''), pixelId: pixelId.default(''), accessToken: accessToken.default(''), websiteUrl })
  .superRefine(checkPixel)
  .transform(normaliseWebsiteUrl);
export type PixelCreateBody = z.input<typeof pixelCreateSchema>;

/** PATCH /api/tiktok-pixels/:id: the same fields; a blank or omitted access token keeps the stored one. */
export const pixelUpdateSchema = z
  .strictObject({
    name: name.optional(),
    pixelId: pixelId.optional(),
    accessToken: accessToken.optional().transform((v) => (v ? v : undefined)),
    websiteUrl: websiteUrl.optional(),
  })
  .superRefine(checkPixel)
  .transform(normaliseWebsiteUrl);
export type PixelUpdateBody = z.input<typeof pixelUpdateSchema>;

/** POST /api/tiktok-pixels/:id/fire-event (the Pixel Unlocker). */
export const fireEventSchema = z.strictObject({
  eventName: z.enum(TIKTOK_EVENTS, { error: `eventName must be one of ${TIKTOK_EVENTS.join(', ')}` }),
  testEventCode: singleLine('testEventCode')
    .max(100, 'testEventCode is too long')
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type FireEventBody = z.input<typeof fireEventSchema>;

/** One row of GET /api/tiktok-pixels, and the answer to a create or an edit. The stored token is sealed;
 *  everyone gets its mask, and only an admin's answer carries it in full. */
export const pixelSchema = z.object({
  id: z.number(),
  name: z.string(),
  pixelId: z.string(),
  websiteUrl: z.string().nullable(),
  createdAt: wireTimestamp,
  accessTokenMasked: z.string(),
  /** Admins only; null when the stored token cannot be decrypted (the secrets key changed). */
  accessToken: z.string().nullable().optional(),
});
export type TiktokPixel = z.output<typeof pixelSchema>;

/** POST /api/tiktok-pixels/:id/fire-event: TikTok's own refusal is an answer (success false), not a failure. */
export const fireEventResultSchema = z.object({
  success: z.boolean(),
  /** TikTok's answer as it came ({ code, message, request_id, data }), or { message } when none came. */
  response: z.unknown(),
  httpStatus: z.number(),
  historyId: z.number(),
});
export type FireEventResult = z.output<typeof fireEventResultSchema>;
