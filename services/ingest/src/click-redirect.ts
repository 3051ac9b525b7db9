// GET /r/:campaignId — the hot path. Chooses where the click goes from the campaign's flow (a rule, then a lander
// and an offer by weight, all from memory), records the click with them and the rule durably in the event log (on Kafka, in the
// local spill when the broker does not acknowledge in time), then answers 302 to the lander with clickId (and
// exitUrl when a global exit domain is set), or straight to the offer on a direct link; an unknown campaign goes to
// the fallback URL. A HEAD (link checkers, prefetchers) gets the same answer and records nothing.
import type { FastifyInstance } from 'fastify';
import { makeEvent, encodeEvent, newEventId, type EventLog, type Logger } from '@tracker/core';
import { deriveClickAudience } from '@tracker/core/click-audience';
import { detectBot } from './bot-detection';
import type { ClickLookup } from './click-lookup';
import type { ReadEdgeRequest } from './edge-request';
import type { IngestStats } from './register-ingest';
import { chooseRoute, primaryLanguage, type Visitor } from './flow/choose-route';
import type { OfferCaps } from './flow/offer-caps';
import { landerLocation, offerLocation } from './redirect-urls';
import { sendStrandedVisitor } from './stranded-visitor';
import type { CatalogSnapshot, TrackingCatalog } from './tracking-catalog';
import { MAX_USER_AGENT_LENGTH, cleanValue, readTrackingFields } from './tracking-params';

/** The visitor as a flow's rules see it: the audience is derived (GeoIP, user-agent parse) only if a rule asks. */
function visitorOf(ip: string, userAgent: string, acceptLanguage: string | undefined, bot: boolean): Visitor {
  let audience: ReturnType<Visitor['audience']> | undefined;
  return {
    audience: () => (audience ??= deriveClickAudience(ip, userAgent)),
    language: () => primaryLanguage(acceptLanguage),
    bot,
  };
}

export interface ClickRedirectDeps {
  catalog: TrackingCatalog;
  caps: OfferCaps;
  eventLog: EventLog;
  clicks: ClickLookup;
  stats: IngestStats;
  logger: Logger;
  readEdge: ReadEdgeRequest;
}

/**
 * Without a global exit domain, a click that came through one of our custom domains (the edge worker)
 * sends its lander's exits back through that domain (spec §9: the campaign's active custom domain comes
 * next), so a lander including the exit script from any tracking host still exits there.
 */
function edgeExitUrl(snapshot: CatalogSnapshot, edgeHost: string | null): string | null {
  return edgeHost && snapshot.trackingHosts.has(edgeHost) ? `https://${edgeHost}/click` : null;
}

export function clickRedirectRoute(app: FastifyInstance, deps: ClickRedirectDeps) {
  app.route<{ Params: { campaignId: string }; Querystring: Record<string, unknown> }>({
    method: ['GET', 'HEAD'],
    url: '/r/:campaignId',
    handler: async (request, reply) => {
      const snapshot = deps.catalog.current;
      const campaign = snapshot.campaigns.get(request.params.campaignId);
      // No campaign or no lander: the fallback URL when set, else a not-found page; no click is recorded.
      if (!campaign) {
        return sendStrandedVisitor(reply, deps, { status: 404, title: 'Campaign not found', message: 'This tracking link does not exist.' });
      }
      const edge = deps.readEdge(request);
      const userAgent = cleanValue(request.headers['user-agent'], MAX_USER_AGENT_LENGTH);
      const bot = detectBot(userAgent, request.headers);
      const route = chooseRoute(campaign.flow, visitorOf(edge.ip, userAgent, request.headers['accept-language'], bot !== ''), Math.random, deps.caps.capped);
      // Every offer of the path (and the fallback offer) over its daily cap: the fallback URL, no click recorded.
      if (route.offersCapped) {
        return sendStrandedVisitor(reply, deps, { status: 404, title: 'Offer capped', message: "This campaign's offers have reached today's cap." });
      }
      const landerUrl = route.landerId === null ? undefined : snapshot.landers.get(route.landerId);
      const offer = route.offerId === null ? undefined : snapshot.offers.get(route.offerId);
      // No lander (or no offer on a direct link) to send the visitor to: the fallback URL when set, else a
      // not-found page; no click is recorded.
      if (route.landerId === null && route.offerId === null) {
        return sendStrandedVisitor(reply, deps, { status: 404, title: 'No lander', message: 'This campaign has no lander to send visitors to.' });
      }
      if (route.landerId !== null ? !landerUrl : !offer?.url) {
        const what = route.landerId !== null ? 'lander' : 'offer';
        const known = route.landerId !== null ? landerUrl !== undefined : offer !== undefined;
        const message = known
          ? `This campaign's ${what} URL is not a web address: an admin must correct it.`
          : `This campaign's ${what} no longer exists: an admin must choose another.`;
        return sendStrandedVisitor(reply, deps, { status: 404, title: route.landerId !== null ? 'No lander' : 'No offer', message });
      }
      const query = request.query;
      const tracking = readTrackingFields(query);
      const clickId = newEventId();
      // Built before the click is recorded: nothing after the publish may fail.
      const location =
        route.landerId !== null
          ? landerLocation(landerUrl!, clickId, snapshot.exitUrl ?? edgeExitUrl(snapshot, edge.edgeHost))
          : offerLocation(offer!.url!, offer!.utmTemplate, { ...tracking, clickId });
      if (request.method === 'HEAD') return reply.header('cache-control', 'no-store').redirect(location, 302);

      const requestedSpark = cleanValue(query.spark);
      const event = makeEvent(
        'click',
        {
          campaignId: campaign.id,
          landerId: route.landerId,
          offerId: route.offerId,
          // Reports group by it and the split test measures each path by it; '' is the default path.
          rule: route.rule ?? '',
          // A spark parameter counts only when it names a spark; otherwise the campaign's own.
          sparkId: requestedSpark && snapshot.sparkIds.has(requestedSpark) ? requestedSpark : campaign.sparkId,
          ...tracking,
          ttclid: cleanValue(query.ttclid),
          ip: edge.ip,
          userAgent,
          referrer: cleanValue(request.headers.referer, 1000),
          bot,
        },
        { id: clickId },
      );

      const record = encodeEvent(event);
      try {
        await deps.eventLog.publish([record]);
        deps.stats.clicks++;
      } catch (error) {
        deps.stats.unrecordedClicks++;
        // Kafka and the local spill both refused (disk full, spill broken). Never break a buyer's traffic:
        // the visitor still reaches the lander; the loss is counted and logged loudly.
        deps.logger.error({ err: error, clickId, campaignId: campaign.id }, 'click NOT recorded: event log and spill unavailable');
      }
      deps.clicks.remember(clickId, record.value);

      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  });
}
