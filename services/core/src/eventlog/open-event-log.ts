// Chooses the event log engine: Kafka when brokers are configured (KAFKA_BROKERS), else the embedded
// segment-file log in a folder under DATA_DIR. Callers see only the EventLog interface.
import type { Logger } from '../logger';
import type { EventLog } from './event-log';
import { openEmbeddedLog } from './embedded-log';
import { openSpillingLog } from './spilling-log';

export interface OpenEventLogOptions {
  kafka?: { brokers: string[]; topic: string; partitions: number; clientId?: string };
  /** The embedded log's folder; required when `kafka` is absent. */
  dir?: string;
  /** With `kafka`: a local spill for publishes Kafka does not acknowledge in time (ingest processes only). */
  spill?: { dir: string; afterMs: number; maxBytes: number };
  /** Told what the embedded log repairs on open. */
  logger?: Logger;
}

export async function openEventLog(options: OpenEventLogOptions): Promise<EventLog> {
  if (options.kafka) {
    // Loaded only when brokers are configured: the Kafka client costs every process that never uses it ~0.5 s to load.
    const { openKafkaLog } = await import('./kafka-log');
    const kafka = await openKafkaLog(options.kafka);
    if (!options.spill) return kafka;
    try {
      return await openSpillingLog({
        primary: kafka,
        dir: options.spill.dir,
        spillAfterMs: options.spill.afterMs,
        maxBytes: options.spill.maxBytes,
        logger: options.logger,
      });
    } catch (error) {
      await kafka.close().catch(() => {});
      throw error;
    }
  }
  if (!options.dir) throw new Error('openEventLog needs either kafka options or a dir for the embedded log');
  return openEmbeddedLog({ dir: options.dir, logger: options.logger });
}
