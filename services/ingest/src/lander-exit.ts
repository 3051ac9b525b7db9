// GET /click?clickId= — a visitor leaves the lander for the offer. Records the exit (with the click's
// dimensions copied in) and answers 302 to the offer the click was sent to, with its UTM template filled in; an
// unknown click goes to the fallback URL.
// A HEAD gets the same answer and records nothing.
import type { FastifyInstance } from 'fastify';
import { encodeEvent, makeEvent, type EventLog, type Logger } from '@tracker/core';
import type { ClickLookup } from './click-lookup';
import type { ReadEdgeRequest } from './edge-request';
import type { IngestStats } from './register-ingest';
import { offerLocation } from './redirect-urls';
import { sendStrandedVisitor } from './stranded-visitor';
import type { TrackingCatalog } from './tracking-catalog';
import { MAX_USER_AGENT_LENGTH, cleanValue } from './tracking-params';

const CLICK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface LanderExitDeps {
  catalog: TrackingCatalog;
  eventLog: EventLog;
  clicks: ClickLookup;
  stats: IngestStats;
  logger: Logger;
  readEdge: ReadEdgeRequest;
}

export function landerExitRoute(app: FastifyInstance, deps: LanderExitDeps) {
  app.route<{ Querystring: Record<string, unknown> }>({
    method: ['GET', 'HEAD'],
    url: '/click',
    handler: async (request, reply) => {
      const clickId = cleanValue(request.query.clickId).toLowerCase();
      // Any visitor this exit cannot route goes to the fallback URL when set; no exit is recorded.
      if (!CLICK_ID.test(clickId)) {
        return sendStrandedVisitor(reply, deps, { status: 400, title: 'Missing click', message: 'This link has no valid clickId parameter.' });
      }
      const click = await deps.clicks.find(clickId);
      if (!click) {
        return sendStrandedVisitor(reply, deps, { status: 404, title: 'Unknown click', message: 'This click is not known to the tracker.' });
      }
      const snapshot = deps.catalog.current;
      const campaign = snapshot.campaigns.get(click.campaignId);
      if (!campaign) {
        return sendStrandedVisitor(reply, deps, {
          status: 404,
          title: 'Campaign not found',
          message: 'The campaign of this click no longer exists.',
        });
      }
      // The offer the click was sent to at /r, so a visitor who exits twice reaches the same offer; a click made
      // while its campaign had no offer, or whose offer was deleted since, takes the campaign's offer now.
      const offerId = click.offerId && snapshot.offers.has(click.offerId) ? click.offerId : campaign.offerId;
      const offer = offerId === null ? undefined : snapshot.offers.get(offerId);
      if (!offer?.url) {
        const message = offer
          ? "This campaign's offer URL is not a web address: an admin must correct it."
          : 'This campaign has no offer: an admin must choose one.';
        return sendStrandedVisitor(reply, deps, { status: 404, title: 'No offer', message });
      }
      // Built before the exit is recorded: nothing after the publish may fail.
      const location = offerLocation(offer.url, offer.utmTemplate, { ...click, clickId });
      if (request.method === 'HEAD') return reply.header('cache-control', 'no-store').redirect(location, 302);

      const event = makeEvent('lander_click', {
        ...click,
        clickId,
        offerId,
        ip: deps.readEdge(request).ip,
        userAgent: cleanValue(request.headers['user-agent'], MAX_USER_AGENT_LENGTH),
      });
      try {
        await deps.eventLog.publish([encodeEvent(event)]);
        deps.stats.exits++;
      } catch (error) {
        // As for a click: the visitor still reaches the offer, and the loss is counted.
        deps.stats.unrecordedExits++;
        deps.logger.error({ err: error, clickId }, 'exit NOT recorded: event log and spill unavailable');
      }
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  });
}
