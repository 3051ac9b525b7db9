// Starts the capabilities of one mode in this process and stops them in order on SIGTERM/SIGINT:
// stop accepting requests, drain in-flight work, flush the log, close the stores, release DATA_DIR.
import os from 'node:os';
import path from 'node:path';
import {
  addConsumerLagGauges,
  addIngestLossGauges,
  addParkedConversionsGauge,
  addQueueJobsGauge,
  addSpillGauges,
  addSyncSuccessGauge,
  ConfigError,
  createHttpServer,
  createLogger,
  createMetrics,
  instrumentHttp,
  listSyncSuccesses,
  lockDataDir,
  observePublishes,
  openStores,
  registerMetricsRoute,
  registerReadiness,
  resolveSecrets,
  serveBackupControl,
  spillStatusOf,
  writeBackup,
  storeChecks,
  type Config,
  type HttpServer,
  type Metrics,
  type Stores,
} from '@tracker/core';
import { ensureAdmin, evaluateEnabledRules, optimizeCampaignFlows, registerApi, type AdminOutcome } from '@tracker/api';
import { registerIngest, type Ingest } from '@tracker/ingest';
import { DEFAULT_GROUP as PROJECTOR_GROUP, startProjector } from '@tracker/projector';
import { registerProcessors } from '@tracker/workers';
import { DEFAULT_NOTIFY_OPTIONS, domainAutomationFromConfig } from '@tracker/integrations';
import { capabilitiesByMode, missingServerEngines, servesHttp, storeNeeds, type ServiceMode } from './capabilities';

export interface RunningServices {
  url?: string;
  admin?: AdminOutcome;
  /** The stores this process opened (benchmarks and tests read them directly). */
  stores: Stores;
  /** The ingest of this process, when it runs one (its catalog and counters). */
  ingest?: Ingest;
  /** This process's Prometheus registry (what /metrics answers). */
  metrics: Metrics;
  /** The METRICS_PORT listener's URL, when configured. */
  metricsUrl?: string;
  stop(): Promise<void>;
}

/**
 * Secrets a split mode must be given. Generated ones would differ per host: sessions signed by one
 * api process would be refused by the next, and tokens sealed by one key unreadable with another.
 * `tracker all` owns its DATA_DIR and may generate them there.
 */
function missingSecrets(mode: ServiceMode, config: Config): string[] {
  if (mode === 'all') return [];
  const capabilities = capabilitiesByMode[mode];
  const missing: string[] = [];
  if (capabilities.includes('api') && !config.sessionSecret) missing.push('SESSION_SECRET');
  // The api seals API tokens, the workers open them.
  if ((capabilities.includes('api') || capabilities.includes('workers')) && !config.secretsKey) {
    missing.push('SECRETS_KEY');
  }
  // With Cloudflare configured, custom domains work: the api and workers deploy the edge worker with this
  // secret, and the ingest believes only requests carrying it. Said now, not at the first Configure DNS.
  if (config.cloudflare.apiToken && !config.edgeWorkerSecret && capabilities.some((c) => c === 'api' || c === 'workers' || c === 'ingest')) {
    missing.push('EDGE_WORKER_SECRET');
  }
  return missing;
}

const localUrl = (address: string) => address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');

export async function runServices(mode: ServiceMode, config: Config): Promise<RunningServices> {
  const startedAt = Date.now();
  const missing = missingServerEngines(mode, config);
  if (missing.length > 0) {
    throw new Error(
      `tracker ${mode} needs ${missing.join(', ')}: the embedded stores belong to one process, ` +
        'so only `tracker all` runs on them. Set the server URLs, or run `tracker all`.',
    );
  }
  const secretsMissing = missingSecrets(mode, config);
  if (secretsMissing.length > 0) {
    throw new ConfigError(
      `tracker ${mode} needs ${secretsMissing.join(' and ')} set: every process of one site must share them, ` +
        'so only `tracker all` generates its own. Set the same values on every host (see README.md).',
    );
  }
  const logger = createLogger(config.logLevel);
  const capabilities = capabilitiesByMode[mode];
  const usesEmbedded = !config.databaseUrl || !config.clickhouseUrl || !config.kafka;
  const releaseLock = usesEmbedded ? lockDataDir(config.dataDir) : () => {};

  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of stops.reverse()) {
      try {
        await step();
      } catch (error) {
        logger.error({ err: error }, 'shutdown step failed');
      }
    }
    releaseLock();
  };

  try {
    const secrets = resolveSecrets(config);
    const stores = await openStores(config, storeNeeds(capabilities), logger);
    stops.push(() => stores.close());
    const metrics = createMetrics();
    const running: RunningServices = { stores, stop, metrics };

    if (capabilities.includes('api')) running.admin = await ensureAdmin(stores.entities!.db, config.admin);

    // On the embedded stores `tracker all` writes the backups: asked by `tracker backup` over its control socket,
    // or daily with BACKUP_SCHEDULE. The projector (started below) is held while the stores are copied.
    const embeddedAll = mode === 'all' && !config.databaseUrl && !config.clickhouseUrl && !config.kafka;
    // A scheduled backup may be due before the projector runs: it waits for it, so the hold covers the whole copy.
    let projectorStarted: (hold: () => Promise<() => Promise<void>>) => void = () => {};
    const holdProjector = new Promise<() => Promise<() => Promise<void>>>((resolve) => (projectorStarted = resolve));
    const writeArchive = (file: string) =>
      writeBackup(
        { dataDir: config.dataDir, entities: stores.entities!, analytics: stores.analytics!, eventLog: stores.eventLog!, hold: async () => (await holdProjector)() },
        file,
      );
    // Stopping before the projector ran: a backup waiting for it fails instead of holding up the queue's close.
    stops.push(async () =>
      projectorStarted(async () => {
        throw new Error('The tracker stopped before its projector started: no backup written');
      }),
    );

    const domains = domainAutomationFromConfig({ ...config, edgeWorkerSecret: secrets.edgeWorkerSecret });
    if (capabilities.includes('workers')) {
      const { startSchedules } = registerProcessors(stores.queue!, {
        domains,
        db: stores.entities!.db,
        analytics: stores.analytics!,
        secretsKey: secrets.secretsKey,
        tiktokApiUrl: config.tiktokApiUrl,
        outgoing: config.outgoing,
        logger,
        codesImapUrl: config.codesImapUrl,
        codesImapPollMs: config.codesImapPollMs,
        tiktokSpendSyncMinutes: config.tiktokSpendSyncMinutes,
        cakeSyncIntervalMs: config.cakeSyncIntervalMs,
        fxRates: config.fxRates,
        // The weighing is the campaigns feature's; the workers only schedule it (they never import the api).
        optimizeFlows: (now) => optimizeCampaignFlows({ db: stores.entities!.db, analytics: stores.analytics!, changes: stores.entities!.changes }, now),
        evaluateRules: (now) =>
          evaluateEnabledRules(
            {
              db: stores.entities!.db,
              analytics: stores.analytics!,
              secretsKey: secrets.secretsKey,
              tiktokApiUrl: config.tiktokApiUrl,
              outgoing: config.outgoing,
              notify: config.notify ?? DEFAULT_NOTIFY_OPTIONS,
              logger,
            },
            now,
          ),
        notify: config.notify,
        alertCheckMinutes: config.alertCheckMinutes,
        eventLog: stores.eventLog,
        backup: embeddedAll && config.backup.every === 'daily' ? { writeBackup: writeArchive, dir: config.backup.dir, keep: config.backup.keep } : undefined,
      });
      await stores.queue!.start();
      addQueueJobsGauge(metrics, stores.queue!);
      const db = stores.entities!.db;
      addSyncSuccessGauge(metrics, () => listSyncSuccesses(db));
      stops.push(await startSchedules());
    }

    if (capabilities.includes('projector')) {
      const projector = await startProjector({
        eventLog: stores.eventLog!,
        analytics: stores.analytics!,
        db: stores.entities!.db,
        queue: stores.queue,
        logger,
      }, { backgroundNice: config.backgroundNice });
      // Stopped after the HTTP server; whatever it has not projected yet stays in the log for the next start.
      stops.push(() => projector.stop());
      addConsumerLagGauges(metrics, stores.eventLog!, projector);
      addParkedConversionsGauge(metrics, stores.entities!.db);
      projectorStarted(() => projector.hold());
      if (embeddedAll) stops.push(await serveBackupControl(config.dataDir, writeArchive, logger));
    }

    const readiness = storeChecks(stores, PROJECTOR_GROUP);
    if (config.metrics.port !== undefined) {
      const probes = createHttpServer({ logger, trustProxy: false });
      registerReadiness(probes, readiness, logger);
      registerMetricsRoute(probes, metrics, { kind: 'open' });
      const address = await probes.listen({ port: config.metrics.port, host: config.host });
      stops.push(() => probes.close());
      running.metricsUrl = localUrl(address);
    }

    let server: HttpServer | undefined;
    if (servesHttp(capabilities)) {
      server = createHttpServer({ logger, trustProxy: config.trustProxy });
      instrumentHttp(server, metrics);
      registerReadiness(server, readiness, logger);
      // With a port of its own, /metrics is served there only.
      if (config.metrics.port === undefined) {
        registerMetricsRoute(server, metrics, config.metrics.token ? { kind: 'token', token: config.metrics.token } : { kind: 'loopback' });
      }
      if (capabilities.includes('ingest')) {
        const ingest = await registerIngest(server, {
          db: stores.entities!.db,
          changes: stores.entities!.changes,
          eventLog: observePublishes(stores.eventLog!, metrics),
          analytics: stores.analytics!,
          logger,
          edgeWorkerSecret: secrets.edgeWorkerSecret,
          spillInstance: `${os.hostname()} ${config.dataDir}`,
        });
        running.ingest = ingest;
        stops.push(async () => ingest.stop());
        addIngestLossGauges(metrics, ingest.stats);
        addSpillGauges(metrics, () => spillStatusOf(stores.eventLog));
      }
      if (capabilities.includes('api')) {
        await registerApi(server, {
          db: stores.entities!.db,
          analytics: stores.analytics!,
          changes: stores.entities!.changes,
          sessionSecret: secrets.sessionSecret,
          secretsKey: secrets.secretsKey,
          tiktokApiUrl: config.tiktokApiUrl,
          outgoing: config.outgoing,
          notify: config.notify,
          queue: stores.queue,
          logger,
          webDist: config.webDist,
          domains,
          codesImapUrl: config.codesImapUrl,
          codesImapPollMs: config.codesImapPollMs,
          status: { startedAt, dataDir: config.dataDir, stores, projectorGroup: PROJECTOR_GROUP },
        });
      }
      const address = await server.listen({ port: config.port, host: config.host });
      // Closing the server first stops new requests and lets in-flight ones finish.
      stops.push(() => server!.close());
      running.url = localUrl(address);
    }
    logger.info({ mode, capabilities, url: running.url }, 'tracker started');
    if (!config.edgeWorkerSecret && config.cloudflare.apiToken) {
      logger.info(`the edge worker's secret was generated into ${path.join(config.dataDir, 'secrets.json')} (edgeWorkerSecret); Configure DNS and Redeploy Worker give it to the worker as EDGE_SECRET`);
    }
    return running;
  } catch (error) {
    await stop();
    throw error;
  }
}
