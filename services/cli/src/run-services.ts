// Starts the capabilities of one mode in this process and stops them in order on SIGTERM/SIGINT:
// stop accepting requests, drain in-flight work, flush the log, close the stores, release DATA_DIR.
import path from 'node:path';
import {
  ConfigError,
  createHttpServer,
  createLogger,
  lockDataDir,
  openStores,
  resolveSecrets,
  type Config,
  type HttpServer,
  type Stores,
} from '@tracker/core';
import { ensureAdmin, registerApi, type AdminOutcome } from '@tracker/api';
import { registerIngest, type Ingest } from '@tracker/ingest';
import { startProjector } from '@tracker/projector';
import { registerProcessors } from '@tracker/workers';
import { capabilitiesByMode, missingServerEngines, servesHttp, storeNeeds, type ServiceMode } from './capabilities';

export interface RunningServices {
  url?: string;
  admin?: AdminOutcome;
  /** The stores this process opened (benchmarks and tests read them directly). */
  stores: Stores;
  /** The ingest of this process, when it runs one (its catalog and counters). */
  ingest?: Ingest;
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
  return missing;
}

export async function runServices(mode: ServiceMode, config: Config): Promise<RunningServices> {
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
    const running: RunningServices = { stores, stop };

    if (capabilities.includes('api')) running.admin = await ensureAdmin(stores.entities!.db, config.admin);

    if (capabilities.includes('workers')) {
      registerProcessors(stores.queue!, {
        db: stores.entities!.db,
        analytics: stores.analytics!,
        secretsKey: secrets.secretsKey,
        tiktokApiUrl: config.tiktokApiUrl,
        logger,
      });
      await stores.queue!.start();
    }

    if (capabilities.includes('projector')) {
      const projector = await startProjector({
        eventLog: stores.eventLog!,
        analytics: stores.analytics!,
        db: stores.entities!.db,
        queue: stores.queue,
        logger,
      });
      // Stopped after the HTTP server; whatever it has not projected yet stays in the log for the next start.
      stops.push(() => projector.stop());
    }

    let server: HttpServer | undefined;
    if (servesHttp(capabilities)) {
      server = createHttpServer({ logger, trustProxy: config.trustProxy });
      if (capabilities.includes('ingest')) {
        const ingest = await registerIngest(server, {
          db: stores.entities!.db,
          changes: stores.entities!.changes,
          eventLog: stores.eventLog!,
          analytics: stores.analytics!,
          logger,
        });
        running.ingest = ingest;
        stops.push(async () => ingest.stop());
      }
      if (capabilities.includes('api')) {
        await registerApi(server, {
          db: stores.entities!.db,
          analytics: stores.analytics!,
          changes: stores.entities!.changes,
          sessionSecret: secrets.sessionSecret,
          secretsKey: secrets.secretsKey,
          tiktokApiUrl: config.tiktokApiUrl,
          logger,
          webDist: config.webDist,
          queue: stores.queue,
          uploadDir: path.join(config.dataDir, 'uploads'),
        });
      }
      const address = await server.listen({ port: config.port, host: config.host });
      // Closing the server first stops new requests and lets in-flight ones finish.
      stops.push(() => server!.close());
      running.url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
    }
    logger.info({ mode, capabilities, url: running.url }, 'tracker started');
    return running;
  } catch (error) {
    await stop();
    throw error;
  }
}
