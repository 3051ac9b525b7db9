// Gauges read from the stores at scrape time: how far the projector is behind, parked conversions,
// and queue jobs by state. Each process adds the ones of the capabilities it runs.
import { isNull, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/entities';
import { parkedConversions } from '../db/schema';
import type { EventLog } from '../eventlog/event-log';
import type { JobQueue } from '../queue/job-queue';
import type { Metrics } from './metrics';

/** What the metrics need of a log consumer (the projector): its group and how far it has got. */
export interface ConsumerProgress {
  group: string;
  /** Per partition, the publish time (epoch ms) of the last record the consumer finished. */
  projectedUpTo: ReadonlyMap<number, number>;
}

/**
 * Lag in events is exact: end minus committed offsets. Lag in seconds is an upper bound on the age of
 * the oldest event not projected yet, per partition the smaller of two bounds: the time since the
 * last projected record was published (tight under steady traffic), and the time since a scrape last
 * saw the partition caught up (tight after an idle spell, when the first bound would overstate).
 */
export function addConsumerLagGauges(
  metrics: Metrics,
  log: EventLog,
  consumer: ConsumerProgress,
  now: () => number = Date.now,
): void {
  const startedAt = now();
  const caughtUpAt = new Map<number, number>();
  let last: Promise<{ events: number; seconds: number }> | undefined;
  // Both gauges are read in one scrape; they share one positions() call.
  const measure = () => {
    last ??= (async () => {
      const at = now();
      let events = 0;
      let seconds = 0;
      for (const { partition, committed, end } of await log.positions(consumer.group)) {
        const behind = Math.max(0, end - committed);
        events += behind;
        if (behind === 0) {
          caughtUpAt.set(partition, at);
          continue;
        }
        const sinceProjected = at - (consumer.projectedUpTo.get(partition) ?? startedAt);
        const sinceCaughtUp = at - (caughtUpAt.get(partition) ?? startedAt);
        seconds = Math.max(seconds, Math.max(0, Math.min(sinceProjected, sinceCaughtUp)) / 1000);
      }
      return { events, seconds };
    })().finally(() => setTimeout(() => (last = undefined), 100).unref());
    return last;
  };
  metrics.addGauge({
    name: 'tracker_projector_lag_events',
    help: 'Events published to the log and not yet projected into the analytics store.',
    read: async () => [{ value: (await measure()).events }],
  });
  metrics.addGauge({
    name: 'tracker_projector_lag_seconds',
    help: 'Upper bound on the age of the oldest event not yet projected (0 when caught up).',
    read: async () => [{ value: (await measure()).seconds }],
  });
}

export function addParkedConversionsGauge(metrics: Metrics, db: Db): void {
  metrics.addGauge({
    name: 'tracker_parked_conversions',
    help: 'Conversions waiting for their click (state="waiting") or set aside as unreadable (state="unreadable").',
    labelNames: ['state'] as const,
    read: async () => {
      const [row] = await db
        .select({
          waiting: sql<number>`count(*) filter (where ${isNull(parkedConversions.unreadable)})::int`,
          unreadable: sql<number>`count(*) filter (where ${isNotNull(parkedConversions.unreadable)})::int`,
        })
        .from(parkedConversions);
      return [
        { labels: { state: 'waiting' }, value: row?.waiting ?? 0 },
        { labels: { state: 'unreadable' }, value: row?.unreadable ?? 0 },
      ];
    },
  });
}

export function addQueueJobsGauge(metrics: Metrics, queue: JobQueue): void {
  metrics.addGauge({
    name: 'tracker_queue_jobs',
    help: 'Background jobs by job name and state (waiting, delayed, active, completed, failed).',
    labelNames: ['name', 'state'] as const,
    read: async () =>
      (await queue.counts()).map(({ name, status, count }) => ({ labels: { name, state: status }, value: count })),
  });
}

/** A background sync's last success, as a Unix time in seconds (absent until it has succeeded once). */
export function addSyncSuccessGauge(
  metrics: Metrics,
  read: () => Promise<Array<{ sync: string; source: string; succeededAt: Date | null }>>,
): void {
  metrics.addGauge({
    name: 'tracker_sync_last_success_timestamp_seconds',
    help: 'When each background sync (TikTok spend per account, CAKE, mail) last succeeded, Unix seconds.',
    labelNames: ['sync', 'source'] as const,
    read: async () =>
      (await read())
        .filter((row) => row.succeededAt !== null)
        .map((row) => ({ labels: { sync: row.sync, source: row.source }, value: row.succeededAt!.getTime() / 1000 })),
  });
}
