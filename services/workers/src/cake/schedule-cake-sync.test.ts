// The repeatable CAKE sync: nothing is enqueued before CAKE is configured; once it is, one job per
// interval re-pulls the recent days, however many times (or processes) the schedule ticks in it.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { createLogger, schema, type Entities, type JobQueue } from '@tracker/core';
import { openEntities, openJobQueue } from '@tracker/core/testing';
import { CAKE_SYNC_JOB, recentCakeDays } from '@tracker/schemas';
import { scheduleCakeSync } from './schedule-cake-sync';

const logger = createLogger('silent');
const HOUR = 3_600_000;
let entities: Entities;
let queue: JobQueue;

beforeAll(async () => {
  entities = await openEntities({ pgliteDir: 'memory://' });
  queue = await openJobQueue({ db: entities.db });
});

afterAll(async () => {
  await queue.close();
  await entities.close();
});

const slotJob = () => queue.get(`${CAKE_SYNC_JOB}-${HOUR}-${Math.floor(Date.now() / HOUR)}`);
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

test('unconfigured: no job; configured: one job per interval for the recent days, even from two schedulers', async () => {
  let stop = scheduleCakeSync(queue, { db: entities.db, logger }, HOUR);
  await settle();
  stop();
  expect(await slotJob()).toBeNull();

  await entities.db.insert(schema.cakeIntegration).values({ id: 1, baseUrl: 'https://n.example/', affiliateId: '1', apiKeyEncrypted: 'x', apiKeyLast4: '' });
  stop = scheduleCakeSync(queue, { db: entities.db, logger }, HOUR);
  const second = scheduleCakeSync(queue, { db: entities.db, logger }, HOUR);
  await settle();
  stop();
  second();
  const job = await slotJob();
  expect(job).toMatchObject({ name: CAKE_SYNC_JOB, data: recentCakeDays(Date.now()), status: 'waiting' });
});
