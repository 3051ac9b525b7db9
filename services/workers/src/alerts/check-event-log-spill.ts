// Fires per ingest whose spill holds events Kafka has not taken (as the ingest last reported it, the
// same rows as the Settings warning); resolves once the forwarder has emptied it.
import { gt } from 'drizzle-orm';
import { schema, type FiringAlert } from '@tracker/core';
import { formatMoment, type AlertCheck } from './alert-check';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const eventLogSpillCheck: AlertCheck = {
  kind: 'event-log-spill',
  async run({ db, timezone }) {
    const spills = await db.select().from(schema.eventLogSpills).where(gt(schema.eventLogSpills.records, 0));
    return spills.map(
      (spill): FiringAlert => ({
        key: `event-log-spill:${spill.instance}`,
        kind: 'event-log-spill',
        title: `Events waiting in the spill of ${spill.instance}`,
        text:
          `${spill.records} events (${megabytes(spill.bytes)}) have not reached Kafka yet, as reported ${formatMoment(spill.updatedAt, timezone)}: ` +
          `clicks and conversions are safe on that ingest's disk but missing from reports until they are forwarded.` +
          (spill.lastError ? ` Last error: ${spill.lastError}` : ''),
      }),
    );
  },
};
