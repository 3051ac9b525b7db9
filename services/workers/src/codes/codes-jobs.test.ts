// The verification-code jobs on the in-process queue over PGlite: the retention job deletes codes past
// the codes_retention_days setting (7 days by default) and keeps the rest; a repeatable job keeps
// running slot after slot, also after a failing run, and starting it twice adds no second chain.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { createLogger, schema, type Entities, type JobQueue } from '@tracker/core';
import { describeWithRealEngine, openEntities, openJobQueue } from '@tracker/core/testing';
import { CODES_RETENTION_JOB } from '@tracker/schemas';
import { deleteExpiredCodesJob } from './delete-expired-codes';
import { registerCodesJobs } from './register-codes-jobs';
import { repeating, startRepeating } from './repeat-job';

const DAY_MS = 24 * 3600 * 1000;
let entities: Entities;
let queue: JobQueue;

beforeEach(async () => {
  entities = await openEntities({ pgliteDir: 'memory://' });
  queue = await openJobQueue({ db: entities.db });
});
afterEach(async () => {
  await queue.close();
  await entities.close();
});

async function addCode(code: string, ageMs: number): Promise<void> {
  await entities.db.insert(schema.verificationCodes).values({ code, messageId: `<${code}@test>`, receivedAt: new Date(Date.now() - ageMs) });
}
const remaining = async () => (await entities.db.select().from(schema.verificationCodes)).map((c) => c.code).sort();
const run = (processor: ReturnType<typeof deleteExpiredCodesJob>) =>
  processor({ id: 'x', name: CODES_RETENTION_JOB, data: {}, attempt: 1, updateProgress: async () => {} });

describe('retention', () => {
  test('deletes codes older than 7 days by default, then by the setting', async () => {
    await addCode('111111', 8 * DAY_MS);
    await addCode('222222', 6 * DAY_MS);
    await addCode('333333', 60_000);
    const job = deleteExpiredCodesJob({ db: entities.db, logger: createLogger('silent') });
    await expect(run(job)).resolves.toMatchObject({ deleted: 1 });
    expect(await remaining()).toEqual(['222222', '333333']);

    await entities.db.insert(schema.settings).values({ key: 'codes_retention_days', value: '1' });
    await expect(run(job)).resolves.toMatchObject({ deleted: 1 });
    expect(await remaining()).toEqual(['333333']);
  });

  test('is scheduled when the workers start, without an IMAP mailbox too', async () => {
    await addCode('111111', 30 * DAY_MS);
    const start = registerCodesJobs(queue, { db: entities.db, logger: createLogger('silent') });
    await queue.start();
    await start();
    for (let i = 0; i < 100 && (await remaining()).length > 0; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(await remaining()).toEqual([]);
  });
});

function repeatingContract(engine: string, open: () => Promise<JobQueue>) {
  describe(`repeating jobs on ${engine}`, () => {
    test('run slot after slot, go on after a failing run, and start once however often started', async () => {
      const own = await open();
      try {
        const runs: number[] = [];
        own.register(
          'tick',
          repeating(own, 'tick', 300, async () => {
            runs.push(Date.now());
            if (runs.length === 2) throw new Error('a failing run');
          }),
        );
        await own.start();
        await Promise.all([startRepeating(own, 'tick', 300), startRepeating(own, 'tick', 300)]);
        for (let i = 0; i < 150 && runs.length < 5; i += 1) await new Promise((r) => setTimeout(r, 100));
        expect(runs.length).toBeGreaterThanOrEqual(5);
        // One chain: one run per 300 ms slot; only the failed run's retry may share a slot with another.
        const slots = runs.map((t) => Math.floor(t / 300));
        expect(slots.length - new Set(slots).size).toBeLessThanOrEqual(1);
      } finally {
        await own.close();
      }
    }, 30_000);
  });
}

repeatingContract('the in-process queue', () => openJobQueue({ db: entities.db }));
describeWithRealEngine('REDIS_URL', 'repeating jobs', (redisUrl) => {
  repeatingContract('BullMQ', () => openJobQueue({ redisUrl, db: entities.db, prefix: `codes-test-${randomUUID().slice(0, 8)}` }));
});
