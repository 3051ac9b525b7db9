// The ingest service's HTTP surface: the click redirect, lander exits, the exit script and postbacks.
import type { FastifyInstance } from 'fastify';
import type { Analytics, ChangeFeed, Db, EventLog, Logger } from '@tracker/core';
import { clickRedirectRoute } from './click-redirect';
import { ClickLookup } from './click-lookup';
import { conversionPostbackRoute } from './conversion-postback';
import { edgeRequestReader } from './edge-request';
import { OfferCaps } from './flow/offer-caps';
import { landerExitRoute } from './lander-exit';
import { reportSpill } from './report-spill';
import { TrackingCatalog } from './tracking-catalog';

export interface IngestDeps {
  db: Db;
  changes: ChangeFeed;
  eventLog: EventLog;
  analytics: Analytics;
  logger: Logger;
  /** Bytes of recently redirected clicks kept for their exits (default 128 MiB). */
  clickCacheBytes?: number;
  /** Names this process's spill in the entity store (host and DATA_DIR); see report-spill.ts. */
  spillInstance?: string;
  /** How long an exit waits for a click that is not projected yet, in lookups 400 ms apart. */
  clickLookupRetries?: number;
  /** EDGE_WORKER_SECRET: requests carrying it may name the visitor's IP and custom domain (edge-request.ts). */
  edgeWorkerSecret?: string;
}

/** What this process answered since it started. */
export interface IngestStats {
  /** Clicks redirected after their event was durable. */
  clicks: number;
  /** Clicks redirected although neither the event log nor its spill took them (logged as errors). */
  unrecordedClicks: number;
  exits: number;
  /** Exits redirected although neither the event log nor its spill took them. */
  unrecordedExits: number;
  conversions: number;
  /** Postbacks answered 503 (Retry-After) because neither the event log nor its spill took them. */
  refusedPostbacks: number;
  /** Visitors sent to the fallback URL setting: unknown campaign or click, no usable lander or offer. */
  fallbacks: number;
}

export interface Ingest {
  catalog: TrackingCatalog;
  caps: OfferCaps;
  stats: IngestStats;
  stop(): void;
}

export async function registerIngest(app: FastifyInstance, deps: IngestDeps): Promise<Ingest> {
  const catalog = new TrackingCatalog(deps.db, deps.changes, deps.logger);
  await catalog.start();
  const clicks = new ClickLookup(deps.analytics, { cacheBytes: deps.clickCacheBytes, retries: deps.clickLookupRetries });
  const stats: IngestStats = { clicks: 0, unrecordedClicks: 0, exits: 0, unrecordedExits: 0, conversions: 0, refusedPostbacks: 0, fallbacks: 0 };
  const readEdge = edgeRequestReader(deps.edgeWorkerSecret);
  const caps = new OfferCaps({ catalog, analytics: deps.analytics, db: deps.db, logger: deps.logger });
  await caps.start();
  const routeDeps = { db: deps.db, catalog, caps, clicks, stats, readEdge, eventLog: deps.eventLog, logger: deps.logger };

  clickRedirectRoute(app, routeDeps);
  landerExitRoute(app, routeDeps);
  conversionPostbackRoute(app, routeDeps);
  app.get('/exit-tracker.js', (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(catalog.current.exitTrackerScript),
  );
  const spill = reportSpill({ db: deps.db, eventLog: deps.eventLog, instance: deps.spillInstance ?? 'ingest', logger: deps.logger });
  return {
    catalog,
    caps,
    stats,
    stop: () => {
      caps.stop();
      spill?.stop();
      catalog.stop();
    },
  };
}
