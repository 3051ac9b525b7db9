// `@tracker/core/testing`: what tests, benchmarks and the test-support workspace need from core beyond
// its public index: each store opened on a chosen engine, and the helpers of the real-engine suites.
export { describeWithRealEngine, realEngineUrls, type RealEngine } from './real-engines';
export { createTemporaryDatabase } from './temporary-database';
export { startChdbHttpProcess, type ChdbHttpProcess } from './chdb-http';
export { openChdbAnalytics } from '../analytics/chdb-analytics';
export { openMigratedChdbAnalytics } from './open-migrated-analytics';
export { openEntities, openScratchEntities } from './open-test-entities';
export type { EntitiesOptions } from '../db/entities';
export { openEventLog, type OpenEventLogOptions } from '../eventlog/open-event-log';
export { openEmbeddedLog, type EmbeddedLogOptions } from '../eventlog/embedded-log';
export type { KafkaLogOptions } from '../eventlog/kafka-log';
import type { KafkaEventLog, KafkaLogOptions } from '../eventlog/kafka-log';

/** The Kafka log, its client loaded on the first call (most test files never open one). */
export async function openKafkaLog(options: KafkaLogOptions): Promise<KafkaEventLog> {
  return (await import('../eventlog/kafka-log')).openKafkaLog(options);
}
export { openJobQueue, type OpenJobQueueOptions } from '../queue/open-job-queue';
export { captureLogger, LEVEL } from './captured-logger';
export { copyEntityMigrations, writeEarlierEntityStore, type MigrationFolderOptions } from './entity-migration-folders';
export { entityMigrationsFolder } from '../db/entities';
export { migrateEntities } from '../db/migrate-entities';
export { analyticsMigrationsDir, readMigrations } from '../analytics/migrate-analytics';
export { simulateSplitTests, type SimulationOptions, type SimulationResult } from '../split-test/simulate-split-tests';
