// TikTok pixel bodies (spec §5 Pixel form, §7): name, pixel id and access token required; website URL
// optional, a blank one meaning none. Fire-event: one of the TikTok events, optional test event code.
import { z } from 'zod';
import { TIKTOK_EVENTS } from './campaigns';
import { isHttpUrl, normaliseHttpUrl } from './http-url';
import { headerToken, singleLine } from './text-fields';

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
  .object({ name: name.default(''), pixelId: pixelId.default(''), accessToken: accessToken.default(''), websiteUrl })
  .superRefine(checkPixel)
  .transform(normaliseWebsiteUrl);
export type PixelCreateBody = z.input<typeof pixelCreateSchema>;

/** PATCH /api/tiktok-pixels/:id: the same fields; a blank or omitted access token keeps the stored one. */
export const pixelUpdateSchema = z
  .object({
    name: name.optional(),
    pixelId: pixelId.optional(),
    accessToken: accessToken.optional().transform((v) => (v ? v : undefined)),
    websiteUrl: websiteUrl.optional(),
  })
  .superRefine(checkPixel)
  .transform(normaliseWebsiteUrl);
export type PixelUpdateBody = z.input<typeof pixelUpdateSchema>;

/** POST /api/tiktok-pixels/:id/fire-event (the Pixel Unlocker). */
export const fireEventSchema = z.object({
  eventName: z.enum(TIKTOK_EVENTS, { error: `eventName must be one of ${TIKTOK_EVENTS.join(', ')}` }),
  testEventCode: singleLine('testEventCode')
    .max(100, 'testEventCode is too long')
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type FireEventBody = z.input<typeof fireEventSchema>;
