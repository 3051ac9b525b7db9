// The broker outage both Kafka scenarios (kafka-outage.ts, kafka-split.ts) put the ingest through: the
// broker stopped for 10 s under redirect load, with what must hold meanwhile, and the wait for the spill
// to reach Kafka once it is back.
import type { FaultServices } from './fault-services';
import type { Figures } from './figures';
import type { RedirectLoad } from './redirect-load';
import type { AdminSession } from './session';
import { sleep, waitFor } from './wait';

interface SpillRead {
  spills: Array<{ records: number }>;
}
const spilled = (body: unknown) => ((body as SpillRead | null)?.spills ?? []).reduce((sum, s) => sum + s.records, 0);

/** Stops the broker for 10 s: redirects must keep being answered and the admin read must show the spill.
 *  Resolves with when the broker stopped; the broker stays stopped. */
export async function stopBrokerUnderLoad(services: FaultServices, load: RedirectLoad, admin: AdminSession, checks: Figures['checks']): Promise<number> {
  await services.down('kafka');
  const downAt = Date.now();
  const answeredAtStop = load.answered.size;
  await sleep(10_000);
  const answeredWhileDown = load.answered.size - answeredAtStop;
  checks.push({ what: `redirects answered while the broker was down (${answeredWhileDown} in 10 s)`, ok: answeredWhileDown > 500 });
  const warned = await waitFor(async () => spilled((await admin.get('/api/event-log-spills')).body) > 0, 'the spill in the admin read', 15_000);
  checks.push({ what: 'GET /api/event-log-spills shows the spill while the broker is down', ok: warned });
  return downAt;
}

/** Waits until the admin read shows no spill left: everything spilled reached Kafka. */
export function spillForwarded(admin: AdminSession): Promise<boolean> {
  return waitFor(async () => {
    const read = await admin.get('/api/event-log-spills');
    return read.status === 200 && spilled(read.body) === 0;
  }, 'the spill to be forwarded', 120_000);
}
