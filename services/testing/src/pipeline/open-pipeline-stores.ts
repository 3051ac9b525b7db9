// The stores the end-to-end suites run ingest, projector, api and workers over: the embedded engines in a
// temporary folder, or a throwaway PostgreSQL database and Kafka topic when their URLs are set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateAnalytics, type Analytics, type Entities, type EventLog, type JobQueue } from '@tracker/core';
import {
  createTemporaryDatabase,
  openMigratedChdbAnalytics,
  openEntities,
  openEventLog,
  openJobQueue,
  realEngineUrls,
} from '@tracker/core/testing';

export interface PipelineStores {
  entities: Entities;
  analytics: Analytics;
  eventLog: EventLog;
  /** The in-process job queue on the entity store, when asked for (not started). */
  queue?: JobQueue;
  /** A second, empty analytics store for replay tests. */
  openEmptyAnalytics: () => Promise<Analytics>;
  close: () => Promise<void>;
}

export interface PipelineStoreOptions {
  /** Names the temporary folder and the Kafka topic, so a leftover says which suite made it. */
  name: string;
  queue?: boolean;
}

/** chDB runs one engine per process: the "empty" store is a second database in it. */
function emptyAnalyticsBeside(live: Analytics): () => Promise<Analytics> {
  return async () => {
    const database = `replay_${Math.random().toString(36).slice(2, 8)}`;
    await live.exec(`CREATE DATABASE ${database}`);
    const scoped: Analytics = {
      kind: live.kind,
      exec: (sql, params) => live.exec(sql, params),
      query: (sql, params) => live.query(sql, params),
      insert: (table, rows, options) => live.insert(`${database}.${table}`, rows, options),
      insertJsonLines: (table, lines, options) => live.insertJsonLines(`${database}.${table}`, lines, options),
      close: async () => live.exec(`DROP DATABASE ${database}`),
    };
    await live.exec(`USE ${database}`);
    await migrateAnalytics(scoped);
    return scoped;
  };
}

/** 'embedded': PGlite in memory, chDB and the segment log in a temporary folder. 'real': PostgreSQL
 *  (a temporary database) and Kafka (a new topic of 3 partitions) from DATABASE_URL and KAFKA_BROKERS;
 *  analytics stay on chDB, as no ClickHouse server can be had here. */
export async function openPipelineStores(engines: 'embedded' | 'real', options: PipelineStoreOptions): Promise<PipelineStores> {
  const { DATABASE_URL, kafka } = realEngineUrls();
  if (engines === 'real' && (!DATABASE_URL || !kafka)) {
    throw new Error(`the ${options.name} suite on real engines needs DATABASE_URL and KAFKA_BROKERS`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tracker-${options.name}-`));
  const database = engines === 'real' ? await createTemporaryDatabase(DATABASE_URL!) : undefined;
  const entities = await openEntities(database ? { databaseUrl: database.url } : { pgliteDir: 'memory://' });
  const analytics = await openMigratedChdbAnalytics(path.join(dir, 'ch'));
  const eventLog = await openEventLog(
    engines === 'real'
      ? { kafka: { ...kafka!, topic: `tracker.${options.name}.${Math.random().toString(36).slice(2, 10)}`, partitions: 3 } }
      : { dir: path.join(dir, 'log') },
  );
  const queue = options.queue ? await openJobQueue({ db: entities.db }) : undefined;
  return {
    entities,
    analytics,
    eventLog,
    queue,
    openEmptyAnalytics: emptyAnalyticsBeside(analytics),
    async close() {
      await queue?.close();
      await eventLog.close();
      await analytics.close();
      await entities.close();
      await database?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
