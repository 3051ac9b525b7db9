// How the projector logs failures its event-log subscription keeps retrying (a lost broker, an
// unreadable segment): the first at once, then at most one line per interval saying how many followed.
import type { Logger } from '@tracker/core';

export function consumerErrorLog(logger: Logger, intervalMs = 60_000, now: () => number = Date.now): (error: unknown) => void {
  let failures = 0;
  let loggedAt = -Infinity;
  return (error) => {
    failures++;
    if (now() - loggedAt < intervalMs) return;
    logger.error({ err: error, failures }, 'event log consumer failing: retrying');
    loggedAt = now();
    failures = 0;
  };
}
