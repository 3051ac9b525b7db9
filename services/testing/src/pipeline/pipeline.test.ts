import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe } from '@jest/globals';
import { migrateAnalytics, type Analytics } from '@tracker/core';
import {
  createTemporaryDatabase,
  describeWithRealEngine,
  openChdbAnalytics,
  openEntities,
  openEventLog,
  realEngineUrls,
} from '@tracker/core/testing';
import { pipelineContract } from './pipeline.contract';

// chDB runs one engine per process: the "empty" store of the replay test is a second database in it.
async function analyticsIn(dir: string): Promise<{ live: Analytics; openEmpty: () => Promise<Analytics> }> {
  const live = await openChdbAnalytics(dir);
  await migrateAnalytics(live);
  return {
    live,
    openEmpty: async () => {
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
    },
  };
}

describe('pipeline [embedded: PGlite, chDB, segment log]', () => {
  pipelineContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-pipeline-'));
    const entities = await openEntities({ pgliteDir: 'memory://' });
    const { live, openEmpty } = await analyticsIn(path.join(dir, 'ch'));
    const eventLog = await openEventLog({ dir: path.join(dir, 'log') });
    return {
      entities,
      analytics: live,
      eventLog,
      openEmptyAnalytics: openEmpty,
      close: async () => {
        await eventLog.close();
        await live.close();
        await entities.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});

describeWithRealEngine('KAFKA_BROKERS', 'pipeline on PostgreSQL and Kafka', () => {
  pipelineContract(async () => {
    const { DATABASE_URL, kafka } = realEngineUrls();
    if (!DATABASE_URL) throw new Error('the pipeline suite on Kafka needs DATABASE_URL too');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-pipeline-'));
    const database = await createTemporaryDatabase(DATABASE_URL);
    const entities = await openEntities({ databaseUrl: database.url });
    const { live, openEmpty } = await analyticsIn(path.join(dir, 'ch'));
    const eventLog = await openEventLog({
      kafka: { ...kafka!, topic: `tracker.pipeline.${Math.random().toString(36).slice(2, 10)}`, partitions: 3 },
    });
    return {
      entities,
      analytics: live,
      eventLog,
      openEmptyAnalytics: openEmpty,
      close: async () => {
        await eventLog.close();
        await live.close();
        await entities.close();
        await database.drop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});
