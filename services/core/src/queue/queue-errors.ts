// Failures of the queue machinery itself (polling, heartbeats, Redis connections), as opposed to a
// job's own failure: logged once per outage through the process logger, and the recovery logged too.
import type { Logger } from '../logger';

export interface QueueErrors {
  /** A failure; only the first of an outage is logged, the rest would repeat it every poll. */
  report(error: unknown): void;
  /** The queue works again: ends the outage, so the next failure is logged. */
  recovered(): void;
}

export function queueErrors(logger: Logger, onError?: (error: unknown) => void): QueueErrors {
  let failing = 0;
  return {
    report(error) {
      failing++;
      if (onError) onError(error);
      else if (failing === 1) logger.error({ err: error }, 'job queue: failing; retrying until it works again');
    },
    recovered() {
      if (failing === 0) return;
      if (!onError) logger.info({ failures: failing }, 'job queue: working again');
      failing = 0;
    },
  };
}
