// Chooses the event log engine: Kafka when brokers are configured (KAFKA_BROKERS), else the embedded
// segment-file log in a folder under DATA_DIR. Callers see only the EventLog interface.
import type { Logger } from '../logger';
import type { EventLog } from './event-log';
import { openEmbeddedLog } from './embedded-log';
import { openKafkaLog } from './kafka-log';

export interface OpenEventLogOptions {
  kafka?: { brokers: string[]; topic: string; partitions: number; clientId?: string };
  /** The embedded log's folder; required when `kafka` is absent. */
  dir?: string;
  /** Told what the embedded log repairs on open. */
  logger?: Logger;
}

export async function openEventLog(options: OpenEventLogOptions): Promise<EventLog> {
  if (options.kafka) return openKafkaLog(options.kafka);
  if (!options.dir) throw new Error('openEventLog needs either kafka options or a dir for the embedded log');
  return openEmbeddedLog({ dir: options.dir, logger: options.logger });
}
