// What Settings → Status shows: the process, each store (engine, reachability, size on disk), free disk
// space, the pipeline (projector lag, spill, parked conversions, queue jobs, firing alerts) and each sync's
// last success. It reads what the readiness probe, the metrics and the alert checks already read, and
// says what to do where a person is needed.
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  countParkedConversions,
  describeDuration,
  embeddedPaths,
  listFiringAlerts,
  listSyncSuccesses,
  rawKeptFrom,
  readRawRetention,
  readLastBackup,
  schema,
  storeChecks,
  TRACKER_VERSION,
  withTimeout,
  type Db,
  type Stores,
} from '@tracker/core';
import { SPEND_SYNC_FAILING_MS, type Status, type StatusItem, type StatusLevel } from '@tracker/schemas';

export interface StatusSources {
  startedAt: number;
  /** DATA_DIR: the embedded stores' folders, and the disk whose free space matters. */
  dataDir?: string;
  /** The stores this process opened; one it did not open (an api-only process has no log) is left out. */
  stores: Omit<Stores, 'close'>;
  projectorGroup: string;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;
/** Below these the disk is amber, then red: the embedded stores stop writing on a full disk. */
const DISK_AMBER = { bytes: 5 * GB, share: 0.1 };
const DISK_RED = { bytes: 1 * GB, share: 0.03 };

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < GB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${(bytes / GB).toFixed(1)} GB`;
}

/** Bytes of the files under a folder (0 when it does not exist). */
async function folderSize(dir: string): Promise<number> {
  let total = 0;
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await folderSize(full);
    else if (entry.isFile()) total += (await fs.stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

const ENGINE_LABELS = {
  entities: { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' },
  analytics: { chdb: 'chDB (embedded)', clickhouse: 'ClickHouse' },
  eventLog: { embedded: 'embedded log', kafka: 'Kafka' },
  queue: { 'in-process': 'in-process queue', bullmq: 'Redis (BullMQ)' },
} as const;

const STORE_LABELS = { entities: 'Entity store', analytics: 'Analytics store', eventLog: 'Event log', queue: 'Job queue' } as const;

const STORE_ACTIONS = {
  entities: { local: 'Read the tracker log for the PGlite error; a full disk under DATA_DIR is the usual cause.', server: 'Check that PostgreSQL at DATABASE_URL is running and accepts this server.' },
  analytics: { local: 'Read the tracker log for the chDB error; a full disk under DATA_DIR is the usual cause.', server: 'Check that ClickHouse at CLICKHOUSE_URL is running and accepts this server.' },
  eventLog: { local: 'Read the tracker log for the event log error; a full disk under DATA_DIR is the usual cause.', server: 'Check that the brokers in KAFKA_BROKERS are running and reachable from this server.' },
  queue: { local: 'The in-process queue lives in the entity store: fix that first.', server: 'Check that Redis at REDIS_URL is running and reachable from this server.' },
} as const;

type StoreName = keyof typeof STORE_LABELS;

async function storeItems(sources: StatusSources): Promise<StatusItem[]> {
  const checks = storeChecks({ ...sources.stores, close: async () => {} }, sources.projectorGroup);
  const paths = sources.dataDir ? embeddedPaths(sources.dataDir) : undefined;
  const items: StatusItem[] = [];
  for (const store of Object.keys(STORE_LABELS) as StoreName[]) {
    const opened = sources.stores[store];
    const check = checks[store];
    if (!opened || !check) continue;
    const kind = opened.kind as keyof (typeof ENGINE_LABELS)[typeof store];
    const engine = ENGINE_LABELS[store][kind] as string;
    const local = kind === 'pglite' || kind === 'chdb' || kind === 'embedded' || kind === 'in-process';
    // The embedded stores' folders; on Kafka the spill folder is this server's share of the log.
    const folder =
      paths === undefined
        ? undefined
        : kind === 'pglite' ? paths.pg : kind === 'chdb' ? paths.ch : kind === 'embedded' ? paths.log : kind === 'kafka' ? paths.spill : undefined;
    const reachable = await withTimeout(check).then(
      () => true,
      () => false,
    );
    const size = folder === undefined ? undefined : await folderSize(folder);
    const where = kind === 'in-process' ? 'kept in the entity store' : size === undefined ? undefined : `${formatBytes(size)} on disk${kind === 'kafka' ? ' (local spill)' : ''}`;
    items.push({
      id: `store:${store}`,
      group: 'stores',
      label: STORE_LABELS[store],
      value: [engine, reachable ? 'reachable' : 'not reachable', where].filter(Boolean).join(', '),
      level: reachable ? 'green' : 'red',
      action: reachable ? null : STORE_ACTIONS[store][local ? 'local' : 'server'],
    });
  }
  return items;
}

/** Red under 1 GB or 3 % free, amber under 5 GB or 10 %: whichever comes first on this disk's size. */
export function diskLevel(free: number, total: number): StatusLevel {
  const share = total > 0 ? free / total : 0;
  if (free < DISK_RED.bytes || share < DISK_RED.share) return 'red';
  if (free < DISK_AMBER.bytes || share < DISK_AMBER.share) return 'amber';
  return 'green';
}

async function diskItem(dataDir: string): Promise<StatusItem> {
  const stats = await fs.statfs(dataDir);
  const free = stats.bavail * stats.bsize;
  const total = stats.blocks * stats.bsize;
  const share = total > 0 ? free / total : 0;
  const level = diskLevel(free, total);
  return {
    id: 'disk',
    group: 'stores',
    label: 'Free disk space',
    value: `${formatBytes(free)} free of ${formatBytes(total)} (${Math.round(share * 100)}%) under ${dataDir}`,
    level,
    action:
      level === 'green'
        ? null
        : level === 'red'
          ? 'The stores under DATA_DIR stop writing when the disk fills: free space or move DATA_DIR to a larger disk now.'
          : 'Free space on this disk, or plan moving DATA_DIR to a larger one, before it fills.',
  };
}

async function pipelineItems(db: Db, sources: StatusSources, now: number): Promise<StatusItem[]> {
  const firing = await listFiringAlerts(db);
  const items: StatusItem[] = [];

  // The projector-lag alert dates the lag; the log's positions count what waits (as the lag gauge does).
  const lagAlert = firing.find((a) => a.kind === 'projector-lag');
  const log = sources.stores.eventLog;
  const waiting = log
    ? await log.positions(sources.projectorGroup).then(
        (positions) => positions.reduce((sum, p) => sum + Math.max(0, p.end - p.committed), 0),
        () => undefined,
      )
    : undefined;
  items.push({
    id: 'projector-lag',
    group: 'pipeline',
    label: 'Projector lag',
    value: [
      waiting === undefined ? (log ? 'the event log did not answer' : undefined) : waiting === 0 ? 'caught up, every event is in the reports' : `${waiting} events not in the reports yet`,
      lagAlert ? `behind for ${describeDuration(now - lagAlert.since.getTime())}` : undefined,
    ]
      .filter(Boolean)
      .join('; ') || 'no alert: the reports are current',
    level: lagAlert ? 'red' : 'green',
    action: lagAlert ? lagAlert.text : null,
  });

  const spills = await db.select().from(schema.eventLogSpills);
  const spilled = spills.filter((s) => s.records > 0);
  const records = spilled.reduce((sum, s) => sum + s.records, 0);
  const bytes = spilled.reduce((sum, s) => sum + s.bytes, 0);
  items.push({
    id: 'spill',
    group: 'pipeline',
    label: 'Spill',
    value: spills.length === 0 ? 'none, events go straight to the log' : records === 0 ? '0 bytes waiting for Kafka' : `${formatBytes(bytes)} (${records} events) waiting for Kafka`,
    level: records > 0 ? 'red' : 'green',
    action:
      records > 0
        ? `Kafka does not take events from ${spilled.map((s) => s.instance).join(', ')}${spilled[0]?.lastError ? ` (${spilled[0].lastError})` : ''}: check the brokers are up and reachable from there; the spill forwards itself once they are.`
        : null,
  });

  const parked = await countParkedConversions(db);
  items.push({
    id: 'parked-conversions',
    group: 'pipeline',
    label: 'Parked conversions',
    value: `${parked.waiting} waiting for their click, ${parked.unreadable} unreadable`,
    level: parked.unreadable > 0 ? 'amber' : 'green',
    action:
      parked.unreadable > 0
        ? 'Unreadable ones are kept for a person and no longer retried: the projector’s log says why each could not be read back.'
        : null,
  });

  const queue = sources.stores.queue;
  if (queue) {
    const counts = await queue.counts();
    const byState = new Map<string, number>();
    for (const { status, count } of counts) byState.set(status, (byState.get(status) ?? 0) + count);
    const failedNames = [...new Set(counts.filter((c) => c.status === 'failed' && c.count > 0).map((c) => c.name))];
    items.push({
      id: 'queue',
      group: 'pipeline',
      label: 'Queue jobs',
      value: ['waiting', 'active', 'delayed', 'completed', 'failed'].map((state) => `${byState.get(state) ?? 0} ${state}`).join(', '),
      level: failedNames.length > 0 ? 'amber' : 'green',
      action: failedNames.length > 0 ? `Jobs failed (${failedNames.join(', ')}): the workers’ log says why; scheduled ones run again on their next turn.` : null,
    });
  }

  // The other alerts the checks keep firing (conversions stopped, domains): their own texts say what to do.
  const others = firing.filter((a) => a.kind !== 'projector-lag' && a.kind !== 'event-log-spill' && a.kind !== 'spend-sync');
  items.push({
    id: 'alerts',
    group: 'pipeline',
    label: 'Other alerts',
    value: others.length === 0 ? 'none firing' : others.map((a) => a.title).join('; '),
    level: others.length > 0 ? 'amber' : 'green',
    action: others.length > 0 ? 'Settings → Alerts lists each one with what it found.' : null,
  });
  return items;
}

const SYNC_LABELS = { tiktok_spend: 'TikTok spend', cake: 'CAKE conversions', mail: 'Codes mail' } as const;
const SYNC_FIXES = {
  tiktok_spend: 'reconnect the ad account in Settings → Integrations if its token expired',
  cake: 'check the CAKE API key and address in Settings → Integrations',
  mail: 'check the mailbox address and password in CODES_IMAP_URL',
} as const;

async function syncItems(db: Db, now: number): Promise<StatusItem[]> {
  // The inbound mail hook is posted to, never polled: it has no runs that succeed or fail.
  const syncs = (await listSyncSuccesses(db)).filter((s) => !(s.sync === 'mail' && s.source === 'inbound'));
  if (syncs.length === 0) {
    return [{ id: 'syncs', group: 'syncs', label: 'TikTok spend, CAKE, codes mail', value: 'none set up yet', level: 'green', action: null }];
  }
  return syncs.map((sync): StatusItem => {
    const since = sync.succeededAt ? now - sync.succeededAt.getTime() : undefined;
    const last = since === undefined ? 'never succeeded' : `last success ${describeDuration(since)} ago`;
    // Failing for longer than the spend-sync alert waits is red; a fresh failure may pass on the next run.
    const level: StatusLevel = sync.lastError === null ? (since === undefined ? 'amber' : 'green') : since === undefined || since > SPEND_SYNC_FAILING_MS ? 'red' : 'amber';
    return {
      id: `sync:${sync.sync}:${sync.source}`,
      group: 'syncs',
      label: `${SYNC_LABELS[sync.sync]}: ${sync.name}`,
      value: sync.lastError === null ? last : `${last}; the last run failed`,
      level,
      action:
        sync.lastError !== null
          ? `Last error: ${sync.lastError}. ${SYNC_FIXES[sync.sync][0]!.toUpperCase()}${SYNC_FIXES[sync.sync].slice(1)}.`
          : since === undefined
            ? 'It has not run yet: it runs on the workers’ schedule; if this stays, check that the workers are running.'
            : null,
    };
  });
}

/** A backup older than this is amber: a daily schedule has missed a day. */
export const BACKUP_STALE_MS = 48 * 3600_000;

/** The embedded stores' last backup (DATA_DIR/last-backup.json, written by every `tracker backup`). */
async function backupItem(dataDir: string, now: number): Promise<StatusItem> {
  const last = await readLastBackup(dataDir);
  const base = { id: 'backup', group: 'stores' as const, label: 'Last backup' };
  if (!last) {
    return {
      ...base,
      value: 'none yet',
      level: 'amber',
      action: 'Nothing protects DATA_DIR yet: run `tracker backup FILE`, or set BACKUP_SCHEDULE=daily (docs/backup.md).',
    };
  }
  const age = now - last.at;
  const value = `${describeDuration(Math.max(0, age))} ago, ${formatBytes(last.bytes)}, ${last.file}`;
  return age > BACKUP_STALE_MS
    ? { ...base, value, level: 'amber', action: 'The last backup is over two days old: check the backup job in the queue, or run `tracker backup FILE` now.' }
    : { ...base, value, level: 'green', action: null };
}

export async function readStatus(db: Db, sources: StatusSources, now = Date.now()): Promise<Status> {
  const items = [
    ...(await storeItems(sources)),
    ...(sources.dataDir ? [await diskItem(sources.dataDir)] : []),
    ...(sources.dataDir && sources.stores.entities?.kind === 'pglite' ? [await backupItem(sources.dataDir, now)] : []),
    ...(await pipelineItems(db, sources, now)),
    ...(await syncItems(db, now)),
  ];
  // The store item above already says when the analytics store cannot be reached: the retention is then unknown.
  const analytics = sources.stores.analytics;
  const retentionDays = analytics ? ((await withTimeout(() => readRawRetention(analytics)).catch(() => null)) as number | null) : null;
  return {
    version: TRACKER_VERSION,
    startedAt: sources.startedAt,
    uptimeSeconds: Math.max(0, Math.floor((now - sources.startedAt) / 1000)),
    items,
    rawRetention: retentionDays === null ? null : { days: retentionDays, keptFrom: rawKeptFrom(retentionDays, now)! },
  };
}
