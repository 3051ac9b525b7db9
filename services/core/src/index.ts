// services/core: configuration, logging, secrets, the four stores behind their interfaces, HTTP basics.
export * from './config/config';
export * from './logger';
export * from './secrets';
export * from './data-dir-lock';
export * from './stores';
export * from './http/http-error';
export * from './http/create-http-server';
export * from './net/outgoing-guard';
export * from './net/outgoing-request';
export * from './net/url-credentials';
export type { Analytics, InsertOptions, JsonLinesOptions, QueryParams } from './analytics/analytics';
export { yieldToEventLoop } from './analytics/analytics';
export * from './split-test/split-test-verdict';
export * from './split-test/optimize-weights';
export { migrateAnalytics } from './analytics/migrate-analytics';
export { applyRawRetention, rawKeptFrom, readRawRetention, RAW_RETENTION_TABLES } from './analytics/raw-retention';
export { openAnalytics } from './analytics/open-analytics';
export { processThreads, type ProcessThread } from './analytics/engine-thread-priority';
export { recordSpend, replaceAdvertiserSpend, type SpendInput } from './analytics/record-spend';
export { reexpressSpend, replaceAdvertiserAdSpend, type AdSpendInput } from './analytics/record-ad-spend';
export { reexpressPayouts, type PayoutReexpression } from './fx-rates/reexpress-payouts';
export { listWaitingSpend, rateSettled, MoneyConverter, workspaceCurrency, type Converted, type PayoutConversion, type SpendConversion, type WaitingSpend } from './fx-rates/spend-conversion';
export { insertClicks } from './analytics/insert-clicks';
export { clickDimensionsOf, type ClickIndexRow, type ClickRow } from './analytics/click-row';
export { listSpendSyncTimes, type SpendSyncTime } from './db/spend-sync-times';
export type { Entities, Db } from './db/entities';
export * as schema from './db/schema';
export { ensurePostbackKey, POSTBACK_KEY_SETTING } from './db/postback-key';
export { CATALOG_CHANNEL, type ChangeFeed } from './db/change-feed';
export * from './eventlog/tracking-events';
export type { EventLog, LogBatch, LogRecord, PublishRecord, Subscription } from './eventlog/event-log';
export { JOB_STATUSES } from './queue/job-queue';
export type { JobQueue, JobContext, JobCount, JobInfo, JobOptions, JobProcessor, JobStatus } from './queue/job-queue';
export * from './metrics/metrics';
export * from './metrics/store-gauges';
export * from './metrics/sync-times';
export * from './http/probes';
export { waitForJob, type WaitForJobOptions } from './queue/wait-for-job';
export { SpillFullError, spillStatusOf, type SpillStatus } from './eventlog/spilling-log';
export {
  transitionDomain,
  recordDomainProgress,
  findDomain,
  listDomainTransitions,
  type DomainRow,
  type DomainTransitionRow,
  type TransitionInput,
} from './domains/domain-state';
export { statementUploadsOf, type StatementUploads } from './db/statement-uploads';
export { recordAlertEvent, reconcileAlerts, listFiringAlerts, describeDuration, type AlertInput, type FiringAlert, type RecordedAlertEvent } from './alerts/alert-state';
export { claimAlertDeliveries, settleAlertDelivery, releaseAlertDeliveries, type ClaimedDelivery } from './alerts/alert-deliveries';
export {
  saveEcbRates,
  saveManualRate,
  deleteManualRate,
  latestEcbDay,
  listFxRates,
  eurRateOn,
  crossRateOn,
  MAX_RATE_AGE_DAYS,
  type PublishedDay,
  type FxRateRow,
  type FxRateSource,
  type RateOnDay,
  type CrossRate,
} from './fx-rates/fx-rates';
export { TRACKER_VERSION } from './version';
export { addDays, dayInZone, utcDay, zonedHourToUtc } from './time/zoned-time';
export { writeBackup, readLastBackup, type BackupSources, type LastBackup } from './backup/write-backup';
export { restoreBackup, RestoreRefusedError, type RestoreOutcome } from './backup/restore-backup';
export { DamagedArchiveError } from './backup/tar-archive';
export { serveBackupControl, requestBackup } from './backup/backup-control';
export type { BackupManifest } from './backup/backup-manifest';
export { writeScheduledBackup, type ScheduledBackup } from './backup/scheduled-backup';
