// A job test on both engine pairs: the entity store and the job queue on PGlite with the in-process queue always,
// and on a temporary PostgreSQL database with BullMQ on Redis when REDIS_URL (and DATABASE_URL) are set.
import { randomUUID } from 'node:crypto';
import { describe } from '@jest/globals';
import type { Entities, JobQueue } from '@tracker/core';
import { createTemporaryDatabase, describeWithRealEngine, openEntities, openJobQueue, realEngineUrls } from '@tracker/core/testing';

export interface JobEngines {
  entities: Entities;
  queue: JobQueue;
  close(): Promise<void>;
}

/** Runs `contract` once per engine pair, under `label` with the pair named; `prefix` keeps BullMQ's keys apart. */
export function describeOnJobEngines(label: string, prefix: string, contract: (open: () => Promise<JobEngines>) => void): void {
  describe(`${label} [PGlite, in-process queue]`, () => {
    contract(async () => {
      const entities = await openEntities({ pgliteDir: 'memory://' });
      const queue = await openJobQueue({ db: entities.db });
      return { entities, queue, close: () => entities.close() };
    });
  });

  describeWithRealEngine('REDIS_URL', `${label} [PostgreSQL, BullMQ]`, (redisUrl) => {
    contract(async () => {
      const databaseUrl = realEngineUrls().DATABASE_URL;
      if (!databaseUrl) throw new Error('DATABASE_URL is needed beside REDIS_URL');
      const database = await createTemporaryDatabase(databaseUrl);
      const entities = await openEntities({ databaseUrl: database.url });
      const queue = await openJobQueue({ db: entities.db, redisUrl, prefix: `${prefix}-${randomUUID()}` });
      return {
        entities,
        queue,
        close: async () => {
          await entities.close();
          await database.drop();
        },
      };
    });
  });
}
