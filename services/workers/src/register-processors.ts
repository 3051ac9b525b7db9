// Every job processor the workers capability runs, registered on the queue before it starts.
import type { EventLog, JobQueue } from '@tracker/core';
import { DEFAULT_NOTIFY_OPTIONS, unconfiguredDomainAutomation, type DomainAutomation, type NotifyOptions } from '@tracker/integrations';
import {
  ALERT_CHECK_JOB,
  BACKUP_JOB,
  CAKE_SYNC_JOB,
  DOMAIN_CONFIGURE_JOB,
  DOMAIN_JOB_ATTEMPTS,
  DOMAIN_PURCHASE_JOB,
  FLOW_OPTIMIZE_JOB,
  FX_RATES_JOB,
  SPEND_REEXPRESS_JOB,
  INVOICE_PDF_JOB,
  PIXEL_EVENT_JOB,
  RULE_EVALUATION_JOB,
  STATEMENT_IMPORT_JOB,
  TIKTOK_SPEND_SYNC_JOB,
} from '@tracker/schemas';
import { runAlertChecks } from './alerts/run-alert-checks';
import { scheduleAlertChecks } from './alerts/schedule-alert-checks';
import { makeInvoicePdf } from './invoice-pdf/make-invoice-pdf';
import { configureDomainJob } from './domains/configure-domain-job';
import { purchaseDomainJob } from './domains/purchase-domain-job';
import { registerCodesJobs, type CodesJobDeps } from './codes/register-codes-jobs';
import { scheduleCakeSync } from './cake/schedule-cake-sync';
import { backupJob, type WriteBackup } from './backup/backup-job';
import { scheduleBackup } from './backup/schedule-backup';
import { runCakeSync } from './cake/sync-cake';
import { fetchFxRatesJob, reexpressSpendJob } from './fx-rates/fetch-fx-rates';
import { scheduleFxRates } from './fx-rates/schedule-fx-rates';
import { optimizeFlowsJob, type OptimizeFlows } from './flow-optimizer/optimize-flows-job';
import { scheduleFlowOptimization } from './flow-optimizer/schedule-flow-optimization';
import { sendPixelEvent, type PixelEventDeps } from './send-pixel-event';
import { ruleEvaluationJob, type EvaluateRules } from './rules/rule-evaluation-job';
import { scheduleRuleEvaluation } from './rules/schedule-rule-evaluation';
import { importStatement } from './statement-import/import-statement';
import { scheduleSpendSync } from './tiktok-spend/schedule-spend-sync';
import { syncTiktokSpend, type SpendSyncDeps } from './tiktok-spend/sync-tiktok-spend';

export type WorkerDeps = PixelEventDeps &
  SpendSyncDeps &
  CodesJobDeps & {
    /** The registrar and Cloudflare clients of the domain automation jobs; absent: none configured. */
    domains?: DomainAutomation;
    /** The attempts domain jobs are enqueued with (the api's DOMAIN_JOB_ATTEMPTS). */
    domainJobAttempts?: number;
    /** How often the spend and CAKE syncs repeat; 0 or absent: never (they still run on demand). */
    tiktokSpendSyncMinutes?: number;
    cakeSyncIntervalMs?: number;
    /** The auto-optimiser's run over every campaign (the api's campaigns feature, given by the process); absent:
     *  no auto-optimiser job. */
    optimizeFlows?: OptimizeFlows;
    /** Every enabled automation rule evaluated once (the api's rules engine, given by the process); absent: no rules job. */
    evaluateRules?: EvaluateRules;
    /** Where alerts are sent from (NOTIFY_ALLOW_PRIVATE, TELEGRAM_API_URL); absent: public addresses and api.telegram.org. */
    notify?: NotifyOptions;
    /** How often the alert checks run; 0 or absent: never. */
    alertCheckMinutes?: number;
    /** The event log, for the projector-lag check; absent: that check is skipped. */
    eventLog?: EventLog;
    /** Where the ECB's reference rates are read (FX_RATES_URL) and how often to look (0: never scheduled);
     *  absent: no reference rates job. */
    fxRates?: { url: string; intervalMs: number };
    /** BACKUP_SCHEDULE=daily on the embedded stores: how the process writes an archive, where, and how many are kept. */
    backup?: { writeBackup: WriteBackup; dir: string; keep: number };
  };

/** Registers every processor; `startSchedules` starts the repeatable jobs once the queue has started, and
 *  answers the function that stops what it started. */
export function registerProcessors(queue: JobQueue, deps: WorkerDeps): { startSchedules: () => Promise<() => Promise<void>> } {
  // TikTok allows 1,000 events/s per app; a few at a time is plenty and keeps retries gentle.
  queue.register(PIXEL_EVENT_JOB, sendPixelEvent(deps), { concurrency: 4 });
  // One sync at a time: reporting allows 10 QPS per app, and two runs would race on the same days.
  queue.register(TIKTOK_SPEND_SYNC_JOB, syncTiktokSpend(deps), { concurrency: 1 });
  // Rendering is CPU work on this process's event loop: two at a time keeps requests answered meanwhile.
  queue.register(INVOICE_PDF_JOB, makeInvoicePdf(deps), { concurrency: 2 });
  // Registrar and Cloudflare calls are few and slow; one domain step at a time per job name is plenty.
  const domainDeps = { db: deps.db, domains: deps.domains ?? unconfiguredDomainAutomation(), logger: deps.logger, attempts: deps.domainJobAttempts ?? DOMAIN_JOB_ATTEMPTS };
  queue.register(DOMAIN_PURCHASE_JOB, purchaseDomainJob(domainDeps), { concurrency: 1 });
  queue.register(DOMAIN_CONFIGURE_JOB, configureDomainJob(domainDeps), { concurrency: 1 });
  // One CAKE sync at a time: two would pull and upsert the same days.
  queue.register(CAKE_SYNC_JOB, runCakeSync(deps), { concurrency: 1 });
  // One statement at a time: each holds one database transaction for its whole file.
  queue.register(STATEMENT_IMPORT_JOB, importStatement(deps), { concurrency: 1 });
  // One auto-optimiser run at a time: two would weigh the same flows and the second's save be refused as stale.
  const optimizeFlows = deps.optimizeFlows;
  if (optimizeFlows) queue.register(FLOW_OPTIMIZE_JOB, optimizeFlowsJob({ optimizeFlows, logger: deps.logger }), { concurrency: 1 });
  // One check run at a time: two would race to fire the same alerts (the states keep it to one send, but the work doubles).
  queue.register(ALERT_CHECK_JOB, runAlertChecks({
      db: deps.db,
      analytics: deps.analytics,
      eventLog: deps.eventLog,
      secretsKey: deps.secretsKey,
      notify: deps.notify ?? DEFAULT_NOTIFY_OPTIONS,
      logger: deps.logger,
    }), { concurrency: 1 });
  // One rules run at a time: two would judge and claim the same objects (the claims are locked, but the work doubles).
  const evaluateRules = deps.evaluateRules;
  if (evaluateRules) queue.register(RULE_EVALUATION_JOB, ruleEvaluationJob({ evaluateRules, logger: deps.logger }), { concurrency: 1 });
  // One fetch at a time: two would fetch and write the same days.
  const fxRates = deps.fxRates;
  if (fxRates) queue.register(FX_RATES_JOB, fetchFxRatesJob({ db: deps.db, analytics: deps.analytics, fxRatesUrl: fxRates.url, outgoing: deps.outgoing, logger: deps.logger }), { concurrency: 1 });
  // One re-expression at a time: two would rewrite the same advertiser days.
  queue.register(SPEND_REEXPRESS_JOB, reexpressSpendJob(deps), { concurrency: 1 });
  // One backup at a time: each holds the projector while it copies the stores.
  const backup = deps.backup;
  if (backup) queue.register(BACKUP_JOB, backupJob({ ...backup, logger: deps.logger }), { concurrency: 1 });
  const startCodes = registerCodesJobs(queue, deps);
  // Every repeatable job starts here, once the queue runs.
  const startSchedules = async () => {
    const stopCodes = await startCodes();
    const stopSpend = scheduleSpendSync(queue, { everyMinutes: deps.tiktokSpendSyncMinutes ?? 0, logger: deps.logger });
    const stopCake = scheduleCakeSync(queue, { db: deps.db, logger: deps.logger }, deps.cakeSyncIntervalMs ?? 0);
    const stopOptimizer = optimizeFlows ? scheduleFlowOptimization(queue, deps.logger) : () => {};
    const stopAlerts = scheduleAlertChecks(queue, { everyMinutes: deps.alertCheckMinutes ?? 0, logger: deps.logger });
    const stopRules = evaluateRules ? scheduleRuleEvaluation(queue, { logger: deps.logger }) : () => {};
    const stopFxRates = fxRates ? scheduleFxRates(queue, { db: deps.db, logger: deps.logger, everyMs: fxRates.intervalMs }) : () => {};
    const stopBackup = backup ? scheduleBackup(queue, deps.logger) : () => {};
    return async () => {
      stopFxRates();
      stopBackup();
      stopRules();
      stopSpend();
      stopCake();
      stopOptimizer();
      stopAlerts();
      await stopCodes();
    };
  };
  return { startSchedules };
}
