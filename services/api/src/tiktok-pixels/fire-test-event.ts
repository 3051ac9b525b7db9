// The Pixel Unlocker: sends one test event for a pixel through the TikTok Events API and records the
// attempt in tiktok_pixel_event_history. TikTok's own errors are an answer (success: false), not a failure.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { conflict, decryptSecret, notFound, schema, type Db, type OutgoingPolicy } from '@tracker/core';
import { sendTiktokEvent } from '@tracker/integrations';
import type { TiktokEventName } from '@tracker/schemas';

export interface FireEventDeps {
  db: Db;
  secretsKey: Buffer;
  tiktokApiUrl: string;
  /** Which addresses tiktokApiUrl may reach; absent: public ones only. */
  outgoing?: OutgoingPolicy;
}

export interface FireEventAnswer {
  success: boolean;
  /** TikTok's answer as it came ({ code, message, request_id, data }), or { message } when none came. */
  response: unknown;
  httpStatus: number;
  historyId: number;
}

export async function fireTestEvent(
  deps: FireEventDeps,
  id: number,
  body: { eventName: TiktokEventName; testEventCode?: string },
  client: { ip?: string; userAgent?: string },
): Promise<FireEventAnswer> {
  const [pixel] = await deps.db.select().from(schema.tiktokPixels).where(eq(schema.tiktokPixels.id, id));
  if (!pixel) throw notFound('Pixel not found');
  let accessToken: string;
  try {
    accessToken = decryptSecret(deps.secretsKey, pixel.accessToken);
  } catch {
    throw conflict("This pixel's access token cannot be read: edit the pixel and enter the token again");
  }

  const result = await sendTiktokEvent({
    apiUrl: deps.tiktokApiUrl,
    outgoing: deps.outgoing,
    accessToken,
    pixelCode: pixel.pixelId,
    testEventCode: body.testEventCode,
    event: {
      event: body.eventName,
      eventTime: Math.floor(Date.now() / 1000),
      eventId: `test-${crypto.randomUUID()}`,
      ip: client.ip,
      userAgent: client.userAgent,
      pageUrl: pixel.websiteUrl ?? undefined,
    },
  });
  const response = result.body ?? { message: result.message };
  const [history] = await deps.db
    .insert(schema.tiktokPixelEventHistory)
    .values({
      pixelId: pixel.id,
      eventName: body.eventName,
      status: result.ok ? 'success' : 'error',
      message: result.message,
      // The client's payload: the token travels only in the request header.
      requestPayload: result.requestPayload,
      responseData: { httpStatus: result.httpStatus, body: response },
    })
    .returning({ id: schema.tiktokPixelEventHistory.id });
  return { success: result.ok, response, httpStatus: result.httpStatus, historyId: history!.id };
}
