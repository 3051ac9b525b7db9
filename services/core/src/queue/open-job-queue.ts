// Chooses the job queue engine: BullMQ when REDIS_URL is set, else the in-process queue in the entity DB.
// Nothing outside services/core knows which one it got (DESIGN.md §2).
import type { Db } from '../db/entities';
import type { Logger } from '../logger';
import { InProcessJobQueue } from './in-process-queue';
import type { JobQueue } from './job-queue';

export interface OpenJobQueueOptions {
  redisUrl?: string;
  /** The entity database; the in-process queue keeps its jobs there. */
  db: Db;
  /** BullMQ key prefix (default `tracker`); tests take their own. Unused by the in-process queue. */
  prefix?: string;
  /** Where failures of the queue machinery itself are logged (once per outage). */
  logger?: Logger;
  /** Instead of the logger: every failure of the queue machinery (tests). */
  onError?: (error: unknown) => void;
}

export async function openJobQueue(options: OpenJobQueueOptions): Promise<JobQueue> {
  if (options.redisUrl) {
    // Loaded only when Redis is configured: BullMQ costs every process that never uses it ~0.2 s to load.
    const { BullmqJobQueue } = await import('./bullmq-queue');
    return BullmqJobQueue.open({ redisUrl: options.redisUrl, prefix: options.prefix, logger: options.logger, onError: options.onError });
  }
  return new InProcessJobQueue(options.db, { logger: options.logger, onError: options.onError });
}
