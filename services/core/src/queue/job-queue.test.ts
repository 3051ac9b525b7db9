// Runs the job queue contract on every engine: in-process on PGlite always, on PostgreSQL and BullMQ when
// DATABASE_URL / REDIS_URL are set (CI must set them); plus in-process recovery rules and BullMQ id mapping.
import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals';
import net from 'node:net';
import { eq, like, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db, Entities } from '../db/entities';
// The queue's stores start from the migrated template: what these tests check begins after a store's first opening.
import { openEntities } from '../testing/open-test-entities';
import { jobs } from '../db/schema';
import { captureLogger, LEVEL } from '../testing/captured-logger';
import { describeWithRealEngine } from '../testing/real-engines';
import { BullmqJobQueue, fromBullmqId, toBullmqId } from './bullmq-queue';
import { InProcessJobQueue } from './in-process-queue';
import { describeJobQueueContract, type JobQueueStore } from './job-queue.contract';
import { openJobQueue } from './open-job-queue';

interface EntityStore extends JobQueueStore {
  db: Db;
}

/** An in-process queue store. On PostgreSQL every instance gets its own pool, as a separate process would,
 *  and the suite's rows are removed afterwards. */
async function openEntityStore(entities: Entities, runId: string, databaseUrl?: string): Promise<EntityStore> {
  return {
    db: entities.db,
    open: async () => {
      if (!databaseUrl) return openJobQueue({ db: entities.db });
      const pool = await openEntities({ databaseUrl, maxConnections: 4 });
      const queue = await openJobQueue({ db: pool.db });
      const closeQueue = queue.close.bind(queue);
      let closing: Promise<void> | undefined;
      queue.close = () => (closing ??= closeQueue().finally(() => pool.close()));
      return queue;
    },
    close: async () => {
      if (entities.kind === 'postgres') await entities.db.delete(jobs).where(like(jobs.name, `${runId}-%`));
      await entities.close();
    },
  };
}

/** What a process that died mid-run leaves behind: the row active, not touched for an hour. */
async function leaveActiveAsCrashed(store: EntityStore, id: string) {
  await store.db
    .update(jobs)
    .set({
      status: 'active',
      attemptsMade: sql`${jobs.attemptsMade} + 1`,
      updatedAt: sql`now() - interval '1 hour'`,
    })
    .where(eq(jobs.id, id));
}

describeJobQueueContract(
  'job queue contract [embedded: in-process on PGlite]',
  async (runId) => openEntityStore(await openEntities({ pgliteDir: 'memory://' }), runId),
  { leaveActiveAsCrashed },
);

describeWithRealEngine('DATABASE_URL', 'job queue contract, in-process', (databaseUrl) =>
  describeJobQueueContract(
    'on PostgreSQL',
    async (runId) => openEntityStore(await openEntities({ databaseUrl }), runId, databaseUrl),
    { leaveActiveAsCrashed },
  ),
);

describeWithRealEngine('REDIS_URL', 'job queue contract, BullMQ', (redisUrl) =>
  describeJobQueueContract('on Redis', async (runId) => {
    const prefix = `test-${runId}`;
    return {
      open: () => BullmqJobQueue.open({ redisUrl, prefix }),
      close: async () => {
        const redis = new Redis(redisUrl);
        try {
          const keys: string[] = [];
          for await (const batch of redis.scanStream({ match: `${prefix}:*`, count: 500 })) {
            keys.push(...(batch as string[]));
          }
          if (keys.length > 0) await redis.del(...keys);
        } finally {
          await redis.quit();
        }
      },
    };
  }),
);

describe('in-process queue recovery', () => {
  let entities: Entities;
  beforeAll(async () => {
    entities = await openEntities({ pgliteDir: 'memory://' });
  });
  afterAll(async () => {
    await entities.close();
  });

  const insertActive = async (id: string, attemptsMade: number, touchedAgo: string) => {
    await entities.db.insert(jobs).values({
      id,
      name: 'recovery',
      status: 'active',
      attemptsMade,
      maxAttempts: 3,
      updatedAt: sql`now() - ${sql.raw(`interval '${touchedAgo}'`)}`,
    });
  };

  test('finished jobs are deleted after their keep time, completed sooner than failed; others stay', async () => {
    const finished = (id: string, status: 'completed' | 'failed', ago: string) =>
      entities.db.insert(jobs).values({ id, name: 'pruning', status, attemptsMade: 1, maxAttempts: 1, finishedAt: sql`now() - ${sql.raw(`interval '${ago}'`)}` });
    await finished('done-old', 'completed', '8 days');
    await finished('done-recent', 'completed', '6 days');
    await finished('failed-8-days', 'failed', '8 days');
    await finished('failed-old', 'failed', '31 days');
    await entities.db.insert(jobs).values({ id: 'waiting-old', name: 'pruning', status: 'waiting', maxAttempts: 1, createdAt: sql`now() - interval '40 days'` });
    const queue = new InProcessJobQueue(entities.db);
    expect(await queue.pruneFinished()).toBe(2);
    for (const id of ['done-old', 'failed-old']) expect(await queue.get(id)).toBeNull();
    for (const id of ['done-recent', 'failed-8-days', 'waiting-old']) expect(await queue.get(id)).not.toBeNull();
  });

  test('a crashed try that was the last one allowed fails instead of running a fourth time', async () => {
    await insertActive('last-try', 3, '1 hour');
    const queue = new InProcessJobQueue(entities.db);
    let runs = 0;
    queue.register('recovery', async () => {
      runs += 1;
    });
    await queue.start();
    await queue.close();
    expect(await queue.get('last-try')).toMatchObject({
      status: 'failed',
      attemptsMade: 3,
      error: 'interrupted: the process running this job stopped',
    });
    expect(runs).toBe(0);
  });

  test('on a shared database only rows nobody heartbeats are taken over', async () => {
    await insertActive('fresh', 1, '1 second');
    await insertActive('stale', 1, '10 minutes');
    const queue = new InProcessJobQueue(entities.db, { exclusive: false, stalledAfterMs: 60_000 });
    const ran: string[] = [];
    queue.register('recovery', async (job) => {
      ran.push(job.id);
    });
    await queue.start();
    try {
      const deadline = Date.now() + 5000;
      while (!ran.includes('stale') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(ran).toEqual(['stale']);
      expect((await queue.get('fresh'))?.status).toBe('active');
    } finally {
      await queue.close();
    }
  });
});

describe('BullMQ job ids', () => {
  test.each(['plain-id', '0190b5f2-7c1e-7000-8000-000000000000', 'order:42', 'a:b:c', '42', '-7', '%3A', '%i42', '100%'])(
    '%s maps to an id BullMQ accepts and back',
    (id) => {
      const mapped = toBullmqId(id);
      expect(mapped.includes(':')).toBe(false);
      expect(`${parseInt(mapped, 10)}`).not.toBe(mapped);
      expect(fromBullmqId(mapped)).toBe(id);
    },
  );
  test('ordinary ids stay as they are', () => {
    expect(toBullmqId('0190b5f2-7c1e-7000-8000-000000000000')).toBe('0190b5f2-7c1e-7000-8000-000000000000');
  });
});

describe('failures of the queue machinery', () => {
  test('reach the logger once per outage, not the console', async () => {
    const { logger, lines, waitFor } = captureLogger();
    const entities = await openEntities({ pgliteDir: 'memory://' });
    const queue = new InProcessJobQueue(entities.db, { pollMs: 20, logger });
    queue.register('noop', async () => 'done');
    await queue.start();
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // The database goes away under a running queue: every poll now fails.
      await entities.close();
      await waitFor((l) => l.level === LEVEL.error && /job queue/.test(l.msg));
      await new Promise((r) => setTimeout(r, 300));
      expect(lines.filter((l) => l.level === LEVEL.error)).toHaveLength(1);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
      await queue.close().catch(() => {});
    }
  });
});

describeWithRealEngine('REDIS_URL', 'BullMQ queue through a Redis outage', (redisUrl) => {
  test('the outage is logged once, the recovery once, and enqueuing works again', async () => {
    // A TCP relay to the real Redis that the test can cut and restore, as a network outage would.
    const target = new URL(redisUrl);
    const sockets = new Set<net.Socket>();
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => s.destroy()); // The other side's close is what the queue sees.
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const port = (relay.address() as net.AddressInfo).port;
    const relayed = new URL(redisUrl);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(port);

    const { logger, lines, waitFor } = captureLogger();
    const queue = await BullmqJobQueue.open({ redisUrl: relayed.toString(), prefix: `outage-${Date.now()}`, logger });
    try {
      await queue.enqueue('outage-job', { n: 1 });
      // Cut: close the listener and every relayed connection; reconnects are refused.
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      await waitFor((l) => l.level === LEVEL.error && /job queue/.test(l.msg));
      await new Promise((r) => setTimeout(r, 1000));
      expect(lines.filter((l) => l.level === LEVEL.error)).toHaveLength(1);

      relay.listen(port, '127.0.0.1');
      await waitFor((l) => /working again/.test(l.msg), 20_000);
      await expect(queue.enqueue('outage-job', { n: 2 })).resolves.toEqual(expect.any(String));
    } finally {
      await queue.close();
      relay.close();
      for (const s of sockets) s.destroy();
    }
  }, 60_000);
});
