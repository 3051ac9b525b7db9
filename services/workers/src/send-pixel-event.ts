// Tells TikTok about an approved conversion: the campaign's default event on its pixel, with the
// click's ttclid, IP and user agent, event_id = transaction id (TikTok de-duplicates on it) and
// value = payout. Every answer is kept in the pixel event history. Throttling (code 40100, sent with
// HTTP 200) and transport failures are retried with backoff; a refusal (bad token, bad parameter)
// is final and stays in the history for the admin to see.
import { eq } from 'drizzle-orm';
import { decryptSecret, schema, type Analytics, type Db, type JobProcessor, type Logger, type OutgoingPolicy } from '@tracker/core';
import { sendTiktokEvent } from '@tracker/integrations';
import { pixelEventJobSchema, type PixelEventJob } from '@tracker/schemas';

export interface PixelEventDeps {
  db: Db;
  analytics: Analytics;
  secretsKey: Buffer;
  tiktokApiUrl: string;
  /** Which addresses calls to third parties may reach (OUTGOING_ALLOW_PRIVATE); absent: public ones only. */
  outgoing?: OutgoingPolicy;
  logger: Logger;
}

export type PixelEventOutcome =
  | { sent: true; code: number | null }
  | { sent: false; reason: string; code?: number | null };

const RETRIED_CODES = new Set([40100]);

export function sendPixelEvent(deps: PixelEventDeps): JobProcessor<PixelEventJob, PixelEventOutcome> {
  return async (job) => {
    const data = pixelEventJobSchema.parse(job.data);
    const [campaign] = await deps.db
      .select({ event: schema.campaigns.defaultTiktokEvent, pixelId: schema.campaigns.tiktokPixelId })
      .from(schema.campaigns)
      .where(eq(schema.campaigns.id, data.campaignId));
    if (!campaign?.pixelId) return { sent: false, reason: 'the campaign has no TikTok pixel any more' };
    const [pixel] = await deps.db.select().from(schema.tiktokPixels).where(eq(schema.tiktokPixels.id, campaign.pixelId));
    if (!pixel) return { sent: false, reason: 'the pixel was deleted' };

    const [click] = await deps.analytics.query<{ ttclid: string; ip: string; user_agent: string }>(
      'SELECT ttclid, ip, user_agent FROM click_index WHERE click_id = {id:String} LIMIT 1',
      { id: data.clickId },
    );
    const result = await sendTiktokEvent({
      apiUrl: deps.tiktokApiUrl,
      outgoing: deps.outgoing,
      accessToken: decryptSecret(deps.secretsKey, pixel.accessToken),
      pixelCode: pixel.pixelId,
      event: {
        event: campaign.event,
        eventTime: Math.floor(data.eventTime / 1000),
        eventId: data.transactionId,
        ttclid: click?.ttclid || undefined,
        ip: click?.ip || undefined,
        userAgent: click?.user_agent || undefined,
        value: data.payout,
        currency: data.currency,
      },
    });
    await deps.db.insert(schema.tiktokPixelEventHistory).values({
      pixelId: pixel.id,
      eventName: campaign.event,
      status: result.ok ? 'success' : 'error',
      message: `${result.message} (transaction ${data.transactionId}, attempt ${job.attempt})`,
      requestPayload: result.requestPayload,
      responseData: result.body,
    });
    const retry = result.httpStatus === 0 || result.httpStatus >= 500 || (result.code !== null && RETRIED_CODES.has(result.code));
    if (retry) throw new Error(`TikTok did not take the event: ${result.message}`);
    if (!result.ok) {
      deps.logger.warn({ code: result.code, transactionId: data.transactionId }, 'TikTok refused a pixel event');
      return { sent: false, reason: result.message, code: result.code };
    }
    return { sent: true, code: result.code };
  };
}
