// Builds the ingest endpoints on real stores for route tests: a fresh entity store (openScratchEntities), chDB and the
// segment log in a temporary folder. Rows go straight into the entity store, bypassing API validation.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createHttpServer, createLogger, type Analytics, type EventLog } from '@tracker/core';
import { trackingEventSchema, type TrackingEvent } from '@tracker/schemas';
import type { Entities } from '@tracker/core';
import { openEventLog, openMigratedChdbAnalytics, openScratchEntities } from '@tracker/core/testing';
import { registerIngest, type Ingest, type IngestDeps } from '../register-ingest';

export interface IngestHarness {
  app: FastifyInstance;
  ingest: Ingest;
  entities: Entities;
  analytics: Analytics;
  eventLog: EventLog;
  /** Records published to the event log since the store was opened. */
  recorded(): Promise<number>;
  /** Every event published so far, decoded, in log order per partition. */
  published(): Promise<TrackingEvent[]>;
  call(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startIngestHarness(options: Partial<IngestDeps> = {}): Promise<IngestHarness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-ingest-'));
  const logger = createLogger('silent');
  const entities = await openScratchEntities();
  const analytics = await openMigratedChdbAnalytics(path.join(dir, 'ch'));
  const eventLog = await openEventLog({ dir: path.join(dir, 'log') });
  const app = createHttpServer({ logger, trustProxy: false });
  const ingest = await registerIngest(app, {
    db: entities.db,
    changes: entities.changes,
    eventLog,
    analytics,
    logger,
    clickLookupRetries: 0,
    ...options,
  });
  await app.ready();
  const recorded = async () => (await eventLog.positions('ingest-harness')).reduce((sum, p) => sum + p.end, 0);
  return {
    app,
    ingest,
    entities,
    analytics,
    eventLog,
    recorded,
    async published() {
      const total = await recorded();
      const events: TrackingEvent[] = [];
      let done!: () => void;
      const all = new Promise<void>((resolve) => (done = resolve));
      if (total === 0) done();
      const subscription = await eventLog.subscribe({
        group: `harness-${Math.random().toString(36).slice(2, 10)}`,
        maxWaitMs: 5,
        handle: async (batch) => {
          for (const record of batch.records) events.push(trackingEventSchema.parse(JSON.parse(record.value.toString('utf8'))));
          if (events.length >= total) done();
        },
      });
      await all;
      await subscription.stop();
      return events;
    },
    call: (request) => app.inject(request),
    async close() {
      ingest.stop();
      await app.close();
      await eventLog.close();
      await analytics.close();
      await entities.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
