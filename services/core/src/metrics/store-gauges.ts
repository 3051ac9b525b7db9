// Gauges (and the counters of ingest losses and spill events) read at scrape time: how far the projector is
// behind, parked conversions, queue jobs by state. Each process adds the ones of the capabilities it runs.
import { isNull, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/entities';
import { parkedConversions } from '../db/schema';
import type { EventLog } from '../eventlog/event-log';
import type { SpillStatus } from '../eventlog/spilling-log';
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

/** Parked conversions: waiting for their click, or set aside as unreadable (the metrics and the status page). */
export async function countParkedConversions(db: Db): Promise<{ waiting: number; unreadable: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${isNull(parkedConversions.unreadable)})::int`,
      unreadable: sql<number>`count(*) filter (where ${isNotNull(parkedConversions.unreadable)})::int`,
    })
    .from(parkedConversions);
  return { waiting: row?.waiting ?? 0, unreadable: row?.unreadable ?? 0 };
}

export function addParkedConversionsGauge(metrics: Metrics, db: Db): void {
  metrics.addGauge({
    name: 'tracker_parked_conversions',
    help: 'Conversions waiting for their click (state="waiting") or set aside as unreadable (state="unreadable").',
    labelNames: ['state'] as const,
    read: async () => {
      const { waiting, unreadable } = await countParkedConversions(db);
      return [
        { labels: { state: 'waiting' }, value: waiting },
        { labels: { state: 'unreadable' }, value: unreadable },
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

/** The local spill of an ingest on Kafka: how much waits for the broker, and how the forwarder fares. */
export function addSpillGauges(metrics: Metrics, status: () => SpillStatus | undefined): void {
  metrics.addGauge({
    name: 'tracker_spill_records',
    help: 'Events in the local spill, not yet acknowledged by Kafka (0 in normal operation).',
    read: async () => [{ value: status()?.records ?? 0 }],
  });
  metrics.addGauge({
    name: 'tracker_spill_bytes',
    help: 'Key and value bytes of the events in the local spill.',
    read: async () => [{ value: status()?.bytes ?? 0 }],
  });
  metrics.addCounter({
    name: 'tracker_spill_events_total',
    help: 'Events this process spilled (outcome="spilled"), forwarded to Kafka ("forwarded"), or could store nowhere ("refused").',
    labelNames: ['outcome'] as const,
    read: () => {
      const s = status();
      return [
        { labels: { outcome: 'spilled' }, value: s?.spilledTotal ?? 0 },
        { labels: { outcome: 'forwarded' }, value: s?.forwardedTotal ?? 0 },
        { labels: { outcome: 'refused' }, value: s?.refusedTotal ?? 0 },
      ];
    },
  });
  metrics.addGauge({
    name: 'tracker_spill_last_forward_timestamp_seconds',
    help: 'When the forwarder last moved a batch from the spill into Kafka, Unix seconds.',
    read: async () => {
      const at = status()?.lastForwardedAt;
      return at === undefined ? [] : [{ value: at / 1000 }];
    },
  });
}

/** What an ingest answered without recording it: the losses an operator must see. */
export interface IngestLosses {
  unrecordedClicks: number;
  unrecordedExits: number;
  refusedPostbacks: number;
}

export function addIngestLossGauges(metrics: Metrics, stats: IngestLosses): void {
  metrics.addCounter({
    name: 'tracker_ingest_unrecorded_total',
    help: 'Requests answered although neither the log nor its spill took the event: clicks and exits still redirected (kind="click"|"exit"), postbacks answered 503 for the network to retry (kind="postback").',
    labelNames: ['kind'] as const,
    read: () => [
      { labels: { kind: 'click' }, value: stats.unrecordedClicks },
      { labels: { kind: 'exit' }, value: stats.unrecordedExits },
      { labels: { kind: 'postback' }, value: stats.refusedPostbacks },
    ],
  });
}
