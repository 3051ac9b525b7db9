// The behaviour every job queue engine must show, run against each of them by job-queue.test.ts:
// results and progress by id, retries with exponential backoff, delays, idempotent ids, concurrency, restarts.
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import type { JobInfo, JobQueue } from './job-queue';

/** One shared store (a database, a Redis prefix) on which queue instances open as separate processes would. */
export interface JobQueueStore {
  open(): Promise<JobQueue>;
  close(): Promise<void>;
}

export interface JobQueueContractOptions<S extends JobQueueStore> {
  /** Leaves job `id` as a process that crashed mid-run leaves it; engines that can say so prove recovery. */
  leaveActiveAsCrashed?: (store: S, id: string) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(value)}`);
    await sleep(15);
  }
}

const settled = (queue: JobQueue, id: string) =>
  waitFor(
    () => queue.get(id),
    (job) => job?.status === 'completed' || job?.status === 'failed',
    `job ${id} to finish`,
  ) as Promise<JobInfo>;

interface Gate {
  open(): void;
  opened: Promise<void>;
}

/** `open(runId)` opens the shared store; `runId` begins every job name the suite uses, for clean-up. */
export function describeJobQueueContract<S extends JobQueueStore>(
  title: string,
  open: (runId: string) => Promise<S>,
  options: JobQueueContractOptions<S> = {},
): void {
  describe(title, () => {
    const runId = `c${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
    let store: S;
    let opened: JobQueue[] = [];
    let names = 0;
    const uniqueName = () => `${runId}-${++names}`;
    // Gates hold jobs mid-run; a failed test must not leave one shut, or closing its queue waits for ever.
    let gates: Gate[] = [];
    const gate = (): Gate => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      gates.push({ open, opened });
      return { open, opened };
    };
    const openQueue = async () => {
      const queue = await store.open();
      opened.push(queue);
      return queue;
    };

    beforeAll(async () => {
      store = await open(runId);
    });
    afterEach(async () => {
      for (const g of gates) g.open();
      gates = [];
      await Promise.all(opened.map((queue) => queue.close()));
      opened = [];
    });
    afterAll(async () => {
      await store?.close();
    });

    test('a job runs and its result is readable by id', async () => {
      const queue = await openQueue();
      const name = uniqueName();
      queue.register<{ n: number }, { doubled: number }>(name, async (job) => ({ doubled: job.data.n * 2 }));
      await queue.start();
      const id = await queue.enqueue(name, { n: 21 });
      const job = await settled(queue, id);
      expect(job).toMatchObject({
        id,
        name,
        status: 'completed',
        data: { n: 21 },
        result: { doubled: 42 },
        error: null,
        attemptsMade: 1,
      });
      expect(job.finishedAt).toBeGreaterThanOrEqual(job.createdAt);
    });

    test('counts says how many jobs of each name are in each state, as another process sees them', async () => {
      const producer = await openQueue();
      const name = uniqueName();
      const hold = gate();
      const first = await producer.enqueue(name, {});
      await producer.enqueue(name, {}, { delayMs: 60_000 });
      await producer.enqueue(name, {}, { attempts: 1 });
      const countsOf = async (queue: JobQueue) =>
        Object.fromEntries((await queue.counts()).filter((c) => c.name === name).map((c) => [c.status, c.count]));
      expect(await countsOf(producer)).toEqual({ waiting: 2, delayed: 1, active: 0, completed: 0, failed: 0 });

      const worker = await openQueue();
      worker.register(name, async (job) => {
        if (job.id !== first) throw new Error('refused');
        await hold.opened;
        return 'ok';
      }, { concurrency: 2 });
      await worker.start();
      await waitFor(() => countsOf(producer), (c) => c.active === 1 && c.failed === 1, 'one active, one failed');
      hold.open();
      await settled(worker, first);
      expect(await countsOf(producer)).toEqual({ waiting: 0, delayed: 1, active: 0, completed: 1, failed: 1 });
    });

    test('progress is readable while the job runs, and kept after', async () => {
      const queue = await openQueue();
      const name = uniqueName();
      const half = gate();
      const end = gate();
      queue.register(name, async (job) => {
        await job.updateProgress(50);
        await half.opened;
        await job.updateProgress({ step: 'upload', rows: 10 });
        await end.opened;
        return 'done';
      });
      const id = await queue.enqueue(name, {});
      expect(await queue.get(id)).toMatchObject({ status: 'waiting', progress: null, result: null, attemptsMade: 0 });
      await queue.start();
      await waitFor(() => queue.get(id), (j) => j?.status === 'active' && j.progress === 50, 'progress 50');
      half.open();
      await waitFor(
        () => queue.get(id),
        (j) => j?.status === 'active' && (j.progress as { step?: string } | null)?.step === 'upload',
        'progress object',
      );
      end.open();
      expect(await settled(queue, id)).toMatchObject({
        status: 'completed',
        progress: { step: 'upload', rows: 10 },
        result: 'done',
      });
    });

    test('a job that throws twice completes on the third attempt, after exponential backoff', async () => {
      const queue = await openQueue();
      const name = uniqueName();
      const tries: { attempt: number; at: number }[] = [];
      queue.register(name, async (job) => {
        tries.push({ attempt: job.attempt, at: Date.now() });
        if (job.attempt < 3) throw new Error(`try ${job.attempt} failed`);
        return { ok: true };
      });
      await queue.start();
      const id = await queue.enqueue(name, null, { attempts: 3, backoffMs: 50 });
      const job = await settled(queue, id);
      expect(job).toMatchObject({ status: 'completed', attemptsMade: 3, result: { ok: true } });
      expect(tries.map((t) => t.attempt)).toEqual([1, 2, 3]);
      const [first, second] = [tries[1]!.at - tries[0]!.at, tries[2]!.at - tries[1]!.at];
      // backoffMs * 2^(attempt - 1): 50 ms, then 100 ms; generous upper bounds, only to catch a stuck timer.
      expect(first).toBeGreaterThanOrEqual(45);
      expect(second).toBeGreaterThanOrEqual(95);
      expect(first).toBeLessThan(3000);
      expect(second).toBeLessThan(3000);
    });

    test('a job that always throws ends failed with its last error after `attempts` tries', async () => {
      const queue = await openQueue();
      const name = uniqueName();
      const plain = uniqueName();
      let calls = 0;
      queue.register(name, async (job) => {
        calls += 1;
        throw new Error(`boom ${job.attempt}`);
      });
      queue.register(plain, async () => {
        throw 'not an Error object';
      });
      await queue.start();
      const id = await queue.enqueue(name, { x: 1 }, { attempts: 2, backoffMs: 10 });
      const plainId = await queue.enqueue(plain, null, { attempts: 1 });
      const job = await settled(queue, id);
      expect(job).toMatchObject({ status: 'failed', error: 'boom 2', attemptsMade: 2, result: null });
      expect(job.finishedAt).not.toBeNull();
      expect(calls).toBe(2);
      expect(await settled(queue, plainId)).toMatchObject({
        status: 'failed',
        error: 'not an Error object',
        attemptsMade: 1,
      });
    });

    test('delayMs holds a job back', async () => {
      const queue = await openQueue();
      const name = uniqueName();
      let ranAt = 0;
      queue.register(name, async () => {
        ranAt = Date.now();
      });
      await queue.start();
      const enqueuedAt = Date.now();
      const id = await queue.enqueue(name, null, { delayMs: 300 });
      expect((await queue.get(id))?.status).toBe('delayed');
      expect(await settled(queue, id)).toMatchObject({ status: 'completed', result: null });
      expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(290);
    });

    test('enqueuing a jobId that exists returns it and adds no second job', async () => {
      const queue = await openQueue();
      const name = uniqueName();
      const other = uniqueName();
      const runs = new Map<string, number>();
      const count = async (job: { id: string }) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      };
      queue.register(name, count);
      queue.register(other, count);
      // A colon and an all-digits id: both are ids BullMQ refuses as they are.
      const ids = [`order:${runId}:7`, `${Date.now()}${Math.floor(Math.random() * 1e6)}`];
      for (const jobId of ids) {
        expect(await queue.enqueue(name, { copy: 1 }, { jobId })).toBe(jobId);
        expect(await queue.enqueue(name, { copy: 2 }, { jobId })).toBe(jobId);
        expect(await queue.enqueue(other, { copy: 3 }, { jobId })).toBe(jobId);
      }
      await queue.start();
      for (const jobId of ids) {
        expect(await settled(queue, jobId)).toMatchObject({ id: jobId, name, data: { copy: 1 }, status: 'completed' });
      }
      // A job enqueued after the duplicates runs after them: once it is done, any duplicate would have run.
      const last = await queue.enqueue(name, null);
      await settled(queue, last);
      expect(ids.map((id) => runs.get(id))).toEqual([1, 1]);
    });

    test('no more than `concurrency` jobs of a name run at once', async () => {
      const queue = await openQueue();
      const name = uniqueName();
      let running = 0;
      let most = 0;
      queue.register(
        name,
        async () => {
          running += 1;
          most = Math.max(most, running);
          await sleep(120);
          running -= 1;
        },
        { concurrency: 2 },
      );
      const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => queue.enqueue(name, { i })));
      await queue.start();
      for (const id of ids) expect((await settled(queue, id)).status).toBe('completed');
      expect(most).toBe(2);
    });

    test('a busy name does not hold up another name', async () => {
      const queue = await openQueue();
      const slow = uniqueName();
      const quick = uniqueName();
      const release = gate();
      queue.register(slow, () => release.opened, { concurrency: 1 });
      queue.register(quick, async () => 'quick');
      await queue.start();
      const first = await queue.enqueue(slow, 1);
      const second = await queue.enqueue(slow, 2);
      await waitFor(() => queue.get(first), (j) => j?.status === 'active', 'the first slow job to start');
      const quickId = await queue.enqueue(quick, null);
      expect(await settled(queue, quickId)).toMatchObject({ status: 'completed', result: 'quick' });
      expect((await queue.get(second))?.status).toBe('waiting');
      release.open();
      expect((await settled(queue, second)).status).toBe('completed');
    });

    test('get of an unknown id is null', async () => {
      const queue = await openQueue();
      expect(await queue.get(`${runId}-no-such-job`)).toBeNull();
    });

    test('a job enqueued by another instance before start runs after start', async () => {
      const producer = await openQueue();
      const name = uniqueName();
      const id = await producer.enqueue(name, { from: 'producer' });
      const worker = await openQueue();
      let seen: unknown;
      worker.register(name, async (job) => {
        seen = job.data;
        return 'ran';
      });
      expect((await producer.get(id))?.status).toBe('waiting');
      await worker.start();
      expect(await settled(producer, id)).toMatchObject({ status: 'completed', result: 'ran' });
      expect(seen).toEqual({ from: 'producer' });
    });

    test('two started instances on one store run each job exactly once', async () => {
      const name = uniqueName();
      const runs = new Map<string, number>();
      const instances = [await openQueue(), await openQueue()];
      for (const queue of instances) {
        queue.register(
          name,
          async (job) => {
            runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
            await sleep(10);
          },
          { concurrency: 3 },
        );
        await queue.start();
      }
      const ids = await Promise.all(Array.from({ length: 16 }, (_, i) => instances[i % 2]!.enqueue(name, { i })));
      for (const id of ids) expect((await settled(instances[0]!, id)).status).toBe('completed');
      expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
    });

    test('close waits for the jobs it runs', async () => {
      const queue = await openQueue();
      const name = uniqueName();
      const started = gate();
      queue.register(name, async () => {
        started.open();
        await sleep(150);
        return 'finished';
      });
      await queue.start();
      const id = await queue.enqueue(name, null);
      await started.opened;
      await queue.close();
      const reader = await openQueue();
      expect(await reader.get(id)).toMatchObject({ status: 'completed', result: 'finished' });
    });

    const leaveActiveAsCrashed = options.leaveActiveAsCrashed;
    if (leaveActiveAsCrashed) {
      test('a job left active by a crashed instance runs again after a restart', async () => {
        const crashed = await openQueue();
        const name = uniqueName();
        const id = await crashed.enqueue(name, { n: 1 }, { attempts: 3 });
        await leaveActiveAsCrashed(store, id);
        expect((await crashed.get(id))?.status).toBe('active');
        const restarted = await openQueue();
        const attempts: number[] = [];
        restarted.register(name, async (job) => {
          attempts.push(job.attempt);
          return 'recovered';
        });
        await restarted.start();
        expect(await settled(restarted, id)).toMatchObject({ status: 'completed', result: 'recovered', attemptsMade: 2 });
        expect(attempts).toEqual([2]);
      });
    }
  });
}
