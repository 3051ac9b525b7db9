// Waiting for the projector in end-to-end suites: done when the consumer group has committed everything
// published to the log so far, failed with the positions when it lags past the timeout.
import type { EventLog } from '@tracker/core';

export async function waitForProjection(eventLog: EventLog, group: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const positions = await eventLog.positions(group);
    if (positions.every((p) => p.committed >= p.end)) return;
    if (Date.now() > deadline) throw new Error(`projector lag: ${JSON.stringify(positions)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
