// `tracker all` publishing to Kafka: the broker stopped for 10 s and started again under redirect load (the
// ingest spills, still answers 302, the Settings read shows the spill, the forwarder drains it once the
// broker is back), then the process SIGKILLed while the projector works through that backlog: nothing
// answered may be lost, nothing doubled. The same faults in split mode, each service a process of its own:
// kafka-split.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FaultServices } from './fault-services';
import { stopBrokerUnderLoad, spillForwarded } from './broker-outage';
import { redirectFigures, type Figures } from './figures';
import { RedirectLoad } from './redirect-load';
import { AdminSession } from './session';
import { seedCampaign, storedClicks, withTracker } from './stored-clicks';
import { TrackerChild } from './tracker-child';
import { sleep } from './wait';

export async function kafkaOutage(port: number, services: FaultServices, brokers: string): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-kafka-'));
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    KAFKA_BROKERS: brokers,
    KAFKA_TOPIC: `faults.${Date.now()}`,
    KAFKA_PARTITIONS: '3',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password',
  };
  const campaign = 'faultKafka';
  const checks: Figures['checks'] = [];
  const notes: string[] = [];
  try {
    await withTracker(env, (r) => seedCampaign(r.stores, campaign));
    const tracker = new TrackerChild('all', env);
    await tracker.start();
    const admin = new AdminSession(`http://127.0.0.1:${port}`);
    await admin.signIn('admin', 'admin-password');
    const load = new RedirectLoad(() => `http://127.0.0.1:${port}/r/${campaign}`, { connections: 8, perSecond: 300 });
    load.start();
    await sleep(3000);

    const downAt = await stopBrokerUnderLoad(services, load, admin, checks);

    await services.up('kafka');
    notes.push(`broker down for ${((Date.now() - downAt) / 1000).toFixed(1)} s (10 s stopped, then its start-up)`);
    // While the forwarder moves the spill into Kafka and the projector works through it: kill both.
    const killAfter = 500 + Math.round(Math.random() * 1500);
    await sleep(killAfter);
    await tracker.kill();
    const restart = await tracker.startSupervised();
    notes.push(`SIGKILLed ${killAfter} ms after the broker was back, while forwarding and projecting the spill`);
    if (restart.failedStarts > 0) {
      // Joining the consumer group waits for the killed member's session (30 s) to expire.
      notes.push(`the restart failed ${restart.failedStarts}× before it served (${restart.lastFailure}); a supervisor starts it again`);
    }
    checks.push({ what: 'the spill is forwarded to Kafka after the restart', ok: await spillForwarded(admin) });
    notes.push(`spill forwarded ${((Date.now() - downAt) / 1000).toFixed(1)} s after the broker stopped`);
    await sleep(2000);
    await load.stop();
    await tracker.stop();
    const stored = await withTracker(env, (r) => storedClicks(r, campaign));
    const figures = redirectFigures(
      'tracker all on Kafka: broker stopped 10 s under load, then SIGKILLed while projecting the spill',
      load,
      stored,
      checks,
      notes,
      'requests failed (the SIGKILL)',
    );
    if (figures.lost > 0 || figures.doubled > 0) {
      const logFile = path.join(os.tmpdir(), `faults-kafka-${Date.now()}.log`);
      fs.writeFileSync(logFile, tracker.history);
      figures.notes.push(`the tracker's output of every start is in ${logFile}`);
    }
    return figures;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
