// Opens the backing stores a process needs, each on its server engine when configured, else on
// its embedded twin under DATA_DIR (pg/, ch/, log/). Nothing outside core knows which it got.
import path from 'node:path';
import type { Analytics } from './analytics/analytics';
import { migrateAnalytics } from './analytics/migrate-analytics';
import { openAnalytics } from './analytics/open-analytics';
import { applyRawRetention } from './analytics/raw-retention';
import type { Config } from './config/config';
import { lockDataDir } from './data-dir-lock';
import { openEntities, type Entities } from './db/entities';
import type { EventLog } from './eventlog/event-log';
import { openEventLog } from './eventlog/open-event-log';
import type { Logger } from './logger';
import type { JobQueue } from './queue/job-queue';
import { openJobQueue } from './queue/open-job-queue';

export interface StoreNeeds {
  entities?: boolean;
  analytics?: boolean;
  eventLog?: boolean;
  /** Publishes to the log: on Kafka, a local spill under DATA_DIR/spill takes what Kafka does not acknowledge. */
  spill?: boolean;
  /** The queue records in-process jobs in the entity store, so it opens that too. */
  queue?: boolean;
}

export interface Stores {
  entities?: Entities;
  analytics?: Analytics;
  eventLog?: EventLog;
  queue?: JobQueue;
  /** Closes in reverse order of dependency: queue, log, analytics, entities. */
  close(): Promise<void>;
}

export function embeddedPaths(dataDir: string) {
  return {
    pg: path.join(dataDir, 'pg'),
    ch: path.join(dataDir, 'ch'),
    log: path.join(dataDir, 'log'),
    spill: path.join(dataDir, 'spill'),
  };
}

/** `logger` receives the stores' own failures: lost connections, queue outages, a torn log tail. */
export async function openStores(config: Config, needs: StoreNeeds, logger?: Logger): Promise<Stores> {
  const paths = embeddedPaths(config.dataDir);
  let releaseSpill = () => {};
  const stores: Stores = {
    async close() {
      const errors: unknown[] = [];
      for (const closer of [stores.queue, stores.eventLog, stores.analytics, stores.entities]) {
        try {
          await closer?.close();
        } catch (error) {
          errors.push(error);
        }
      }
      releaseSpill();
      if (errors.length > 0) throw new AggregateError(errors, 'Some stores did not close cleanly');
    },
  };
  try {
    if (needs.entities || needs.queue) {
      stores.entities = await openEntities({ databaseUrl: config.databaseUrl, pgliteDir: paths.pg, logger });
    }
    if (needs.analytics) {
      stores.analytics = await openAnalytics({ clickhouseUrl: config.clickhouseUrl, dir: paths.ch, backgroundNice: config.backgroundNice });
      await migrateAnalytics(stores.analytics);
      await applyRawRetention(stores.analytics, config.rawRetentionDays);
    }
    if (needs.eventLog) {
      // The spill is one process's segment log, like the embedded log: its folder is locked.
      const spill = needs.spill && config.kafka ? { dir: path.join(paths.spill, 'log'), ...config.spill } : undefined;
      if (spill) releaseSpill = lockDataDir(paths.spill);
      stores.eventLog = await openEventLog({ kafka: config.kafka, dir: paths.log, spill, logger });
    }
    if (needs.queue) {
      stores.queue = await openJobQueue({ redisUrl: config.redisUrl, db: stores.entities!.db, logger });
    }
  } catch (error) {
    await stores.close().catch(() => {});
    throw error;
  }
  return stores;
}
