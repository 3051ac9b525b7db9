// GET /postback — an affiliate network reports a conversion. Validated here (postback-params.ts:
// values taken as sent or refused, never rewritten), made durable in the event log, and decided by the
// projector's ledger: a replayed transaction id changes nothing, a new status revises the conversion.
// A postback without a payout pays the default payout of its click's offer, decided here and recorded in
// the event, so a replay pays what was paid then; without one either, it is refused as before.
// A click id that cannot be one of ours is a 400 (the network sees its integration is wrong), kept in
// the conversion log as refused (refused-postback.ts) and never recorded as a conversion.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { encodeEvent, makeEvent, type Db, type EventLog, type Logger } from '@tracker/core';
import { FOREIGN_CLICK_ID_MESSAGE, POSTBACK_STATUSES, type PostbackStatus } from '@tracker/schemas';
import type { ClickLookup } from './click-lookup';
import type { ReadEdgeRequest } from './edge-request';
import { parsePayout } from './payout';
import type { IngestStats } from './register-ingest';
import type { TrackingCatalog } from './tracking-catalog';
import { canonicalClickId, isGiven, isTrackerClickId, readIdentifier, singleValue } from './postback-params';
import { recordRefusedPostback } from './refused-postback';

/** Seconds a network is asked to wait before it sends a refused postback again (Retry-After). */
const POSTBACK_RETRY_AFTER_S = 60;

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export function conversionPostbackRoute(
  app: FastifyInstance,
  deps: { db: Db; catalog: TrackingCatalog; clicks: ClickLookup; eventLog: EventLog; stats: IngestStats; readEdge: ReadEdgeRequest; logger: Logger },
) {
  /** The default payout of the click's offer, or null: no such click (yet), no offer, or no default. */
  async function defaultPayoutOf(clickId: string): Promise<string | null> {
    const offerId = (await deps.clicks.find(clickId))?.offerId;
    return offerId == null ? null : (deps.catalog.current.offers.get(offerId)?.payout ?? null);
  }

  // Fastify would answer a HEAD by running the GET: a link checker would record a conversion.
  app.head('/postback', (_request, reply) =>
    reply.status(405).header('allow', 'GET').send({ message: 'A postback is sent with GET' }),
  );
  app.get<{ Querystring: Record<string, unknown> }>('/postback', { exposeHeadRoute: false }, async (request, reply) => {
    const q = request.query;
    const key = Array.isArray(q.key) ? '' : singleValue(q, 'key');
    if (!key || !sameSecret(key, deps.catalog.current.postbackKey)) {
      return reply.status(403).send({ message: 'Invalid or missing postback key' });
    }
    const payoutGiven = isGiven(singleValue(q, 'payout'));
    const missingMessage = (missing: string[]) => `Missing required parameter${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`;
    const missing = ['transaction_id', 'click_id'].filter((name) => !isGiven(singleValue(q, name)));
    if (missing.length > 0) {
      return reply.status(400).send({ message: missingMessage(payoutGiven ? missing : [...missing, 'payout']) });
    }
    const transactionId = readIdentifier(q, 'transaction_id', 200);
    const clickId = canonicalClickId(readIdentifier(q, 'click_id', 100));
    const offerId = readIdentifier(q, 'offer_id', 200);
    const offerName = readIdentifier(q, 'offer_name', 500);
    // Raw, not cleaned: stripping a NUL out of '1<NUL>2' would have paid 12.00.
    // A click id that cannot be ours has no offer to take a default payout from: no lookup for it.
    const ours = isTrackerClickId(clickId);
    const payout = payoutGiven ? parsePayout(singleValue(q, 'payout')) : ours ? await defaultPayoutOf(clickId) : null;
    if (payout === null) {
      return reply.status(400).send({ message: payoutGiven ? 'payout must be a non-negative amount, e.g. 12.50' : missingMessage(['payout']) });
    }
    const statusValue = singleValue(q, 'status').trim().toLowerCase();
    const status = (isGiven(statusValue) ? statusValue : 'approved') as PostbackStatus;
    if (!POSTBACK_STATUSES.includes(status)) {
      return reply.status(400).send({ message: `status must be one of ${POSTBACK_STATUSES.join(', ')}` });
    }
    if (!ours) {
      try {
        await recordRefusedPostback(deps.db, { transactionId, clickId, payout, status, receivedAt: new Date() });
      } catch (error) {
        // The answer stays a 400: the integration is wrong whether or not the log kept this one.
        deps.logger.error({ err: error, transactionId, clickId }, 'refused postback not kept in the conversion log');
      }
      return reply.status(400).send({ message: FOREIGN_CLICK_ID_MESSAGE });
    }
    const event = makeEvent('conversion', {
      transactionId,
      clickId,
      payout,
      offerId,
      offerName,
      status,
      source: 'postback',
      ip: deps.readEdge(request).ip,
    });
    // Unlike a click, a postback the log did not take must fail: the network retries it later.
    try {
      await deps.eventLog.publish([encodeEvent(event)]);
    } catch (error) {
      deps.stats.refusedPostbacks++;
      deps.logger.error({ err: error, transactionId, clickId }, 'postback NOT recorded: event log and spill unavailable');
      return reply
        .status(503)
        .header('retry-after', String(POSTBACK_RETRY_AFTER_S))
        .header('cache-control', 'no-store')
        .send({ message: 'The conversion could not be recorded right now; send the postback again later' });
    }
    deps.stats.conversions++;
    return reply.header('cache-control', 'no-store').send({ ok: true, eventId: event.id });
  });
}
