// Tells the entity store how this ingest's spill stands (events Kafka did not acknowledge in time), so an
// admin on any api process sees a warning while it is not empty. Only ingest processes on Kafka have a spill.
import { schema, spillStatusOf, type Db, type EventLog, type Logger, type SpillStatus } from '@tracker/core';

/** Often enough for an operator watching the Settings page; one small upsert per interval at most. */
const REPORT_INTERVAL_MS = 5_000;

export interface SpillReporter {
  /** Writes the current status now (tests, and a final report on shutdown). */
  report(): Promise<void>;
  stop(): void;
}

export function reportSpill(deps: { db: Db; eventLog: EventLog; instance: string; logger: Logger }): SpillReporter | undefined {
  if (!spillStatusOf(deps.eventLog)) return undefined;
  let reported: string | undefined;
  let failing = false;

  const report = async () => {
    const status = spillStatusOf(deps.eventLog) as SpillStatus;
    const fingerprint = `${status.records}/${status.forwardedTotal}/${status.refusedTotal}/${status.lastError ?? ''}`;
    // An empty spill that was already reported empty needs no write; a non-empty one refreshes its time.
    if (fingerprint === reported && status.records === 0) return;
    const row = {
      records: status.records,
      bytes: status.bytes,
      forwardedTotal: status.forwardedTotal,
      refusedTotal: status.refusedTotal,
      lastForwardedAt: status.lastForwardedAt === undefined ? null : new Date(status.lastForwardedAt),
      lastError: status.lastError ?? null,
      updatedAt: new Date(),
    };
    try {
      await deps.db
        .insert(schema.eventLogSpills)
        .values({ instance: deps.instance, ...row })
        .onConflictDoUpdate({ target: schema.eventLogSpills.instance, set: row });
      reported = fingerprint;
      failing = false;
    } catch (error) {
      // The entity store may be down too; the spill itself does not depend on this report.
      if (!failing) deps.logger.warn({ err: error }, 'could not report the spill status to the entity store; retrying');
      failing = true;
    }
  };

  const timer = setInterval(() => void report(), REPORT_INTERVAL_MS);
  timer.unref();
  void report();
  return { report, stop: () => clearInterval(timer) };
}
