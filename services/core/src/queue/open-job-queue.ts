// Chooses the job queue engine: BullMQ when REDIS_URL is set, else the in-process queue in the entity DB.
// Nothing outside services/core knows which one it got (DESIGN.md §2).
import type { Db } from '../db/entities';
import { BullmqJobQueue } from './bullmq-queue';
import { InProcessJobQueue } from './in-process-queue';
import type { JobQueue } from './job-queue';

export interface OpenJobQueueOptions {
  redisUrl?: string;
  /** The entity database; the in-process queue keeps its jobs there. */
  db: Db;
  /** BullMQ key prefix (default `tracker`); tests take their own. Unused by the in-process queue. */
  prefix?: string;
  /** Failures of the queue machinery itself; defaults to console.error. */
  onError?: (error: unknown) => void;
}

export async function openJobQueue(options: OpenJobQueueOptions): Promise<JobQueue> {
  if (options.redisUrl) {
    return BullmqJobQueue.open({ redisUrl: options.redisUrl, prefix: options.prefix, onError: options.onError });
  }
  return new InProcessJobQueue(options.db, { onError: options.onError });
}
