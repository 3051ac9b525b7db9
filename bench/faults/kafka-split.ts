// Split mode on Kafka, as a production site runs it: `tracker ingest`, `tracker projector` and `tracker api`, each
// a process of its own, on the suite's PostgreSQL and Kafka and one ClickHouse store. This machine has no
// ClickHouse server, so the store is ClickHouse's HTTP interface served by chDB in a further process
// (@tracker/core/testing's startChdbHttpProcess): the engine is ClickHouse's, and the processes reach it
// through @clickhouse/client exactly as they would a server.
//   - The broker stopped for 10 s under redirect load and started again: the ingest spills and keeps
//     answering 302, the api shows the spill, the forwarder drains it.
//   - The projector SIGKILLed mid-batch: its first insert of clicks after the broker is back is stored, but
//     the store holds back the answer, so the projector is stuck inside the unit, its offsets uncommitted,
//     when it dies (an answer lost with its process). The restarted projector must send the unit again, and
//     its deduplication tokens must make it count once; the spill it then projects too.
// Every click answered must be stored exactly once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTemporaryDatabase, startChdbHttpProcess } from '@tracker/core/testing';
import type { FaultServices } from './fault-services';
import { stopBrokerUnderLoad, spillForwarded } from './broker-outage';
import { redirectFigures, type Figures } from './figures';
import { RedirectLoad } from './redirect-load';
import { AdminSession } from './session';
import { seedCampaign, storedClicks, withTracker } from './stored-clicks';
import { TrackerChild } from './tracker-child';
import { sleep, waitFor } from './wait';

export async function kafkaSplit(ports: { ingest: number; api: number }, services: FaultServices, urls: { databaseUrl: string; brokers: string }): Promise<Figures> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-split-'));
  const clickhouse = await startChdbHttpProcess(path.join(root, 'clickhouse'));
  const database = await createTemporaryDatabase(urls.databaseUrl);
  const shared = {
    DATABASE_URL: database.url,
    CLICKHOUSE_URL: clickhouse.url,
    KAFKA_BROKERS: urls.brokers,
    KAFKA_TOPIC: `faults.split.${Date.now()}`,
    KAFKA_PARTITIONS: '3',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password',
    SESSION_SECRET: 'fault-suite-session-secret-of-32-chars-at-least',
    SECRETS_KEY: 'a'.repeat(64),
  };
  // Each process its own DATA_DIR, as on separate hosts: the ingest's spill is its own.
  const dataDir = (name: string) => {
    fs.mkdirSync(path.join(root, name), { recursive: true });
    return path.join(root, name);
  };
  const ingestEnv = { ...shared, DATA_DIR: dataDir('ingest'), PORT: String(ports.ingest) };
  const campaign = 'faultSplit';
  const checks: Figures['checks'] = [];
  const notes: string[] = [`ClickHouse store: chDB behind ClickHouse's HTTP interface at ${clickhouse.url}`];
  const ingest = new TrackerChild('ingest', ingestEnv);
  const projector = new TrackerChild('projector', { ...shared, DATA_DIR: dataDir('projector') });
  const api = new TrackerChild('api', { ...shared, DATA_DIR: dataDir('api'), PORT: String(ports.api) });
  try {
    await withTracker({ ...shared, DATA_DIR: dataDir('seed') }, (r) => seedCampaign(r.stores, campaign));
    await Promise.all([ingest.start(), projector.start(), api.start()]);
    const admin = new AdminSession(`http://127.0.0.1:${ports.api}`);
    await admin.signIn('admin', 'admin-password');
    const load = new RedirectLoad(() => `http://127.0.0.1:${ports.ingest}/r/${campaign}`, { connections: 8, perSecond: 300 });
    load.start();
    await sleep(3000);

    const downAt = await stopBrokerUnderLoad(services, load, admin, checks);

    // The projector's next insert of clicks (the broker is back by then): its answer is held, and the
    // projector killed while it waits for it.
    const held = clickhouse.holdNextAnswer('clicks');
    await services.up('kafka');
    notes.push(`broker down for ${((Date.now() - downAt) / 1000).toFixed(1)} s (10 s stopped, then its start-up)`);
    const stuck = await Promise.race([held, sleep(60_000).then(() => undefined)]);
    await projector.kill();
    stuck?.release();
    const killedUnit = stuck?.token;
    checks.push({ what: `tracker projector SIGKILLed mid-batch, its insert of clicks stored but not answered (unit ${killedUnit})`, ok: stuck !== undefined });
    const restart = await projector.startSupervised();
    if (restart.failedStarts > 0) notes.push(`the projector's restart failed ${restart.failedStarts}× before it ran (${restart.lastFailure})`);
    // Its offsets were not committed, so the restarted projector must send that unit again, whole, under the
    // same token (which the engine then drops): the re-send is what this scenario is about.
    const resent = await waitFor(
      () => clickhouse.tokensOf('clicks').filter((t) => t === killedUnit).length >= 2,
      'the restarted projector to send the killed unit again',
      90_000,
    );
    checks.push({ what: 'the restarted projector sent the killed unit again under the same token', ok: resent });

    checks.push({ what: 'the spill is forwarded to Kafka', ok: await spillForwarded(admin) });
    notes.push(`spill forwarded ${((Date.now() - downAt) / 1000).toFixed(1)} s after the broker stopped`);
    await sleep(2000);
    await load.stop();
    await Promise.all([ingest.stop(), projector.stop(), api.stop()]);
    // Read through a tracker on the ingest's DATA_DIR: it would forward anything still spilled there.
    const stored = await withTracker(ingestEnv, (r) => storedClicks(r, campaign));
    const figures = redirectFigures(
      'split mode on Kafka (ingest, projector, api): broker stopped 10 s under load, projector SIGKILLed mid-batch',
      load,
      stored,
      checks,
      notes,
    );
    if (figures.lost > 0 || figures.doubled > 0) {
      const logFile = path.join(os.tmpdir(), `faults-split-${Date.now()}.log`);
      fs.writeFileSync(logFile, [ingest, projector, api].map((p) => `=== tracker ${p.mode}\n${p.history}`).join('\n'));
      figures.notes.push(`the processes' output of every start is in ${logFile}`);
    }
    return figures;
  } finally {
    await Promise.all([ingest.kill(), projector.kill(), api.kill()]);
    await clickhouse.stop();
    await database.drop().catch(() => {});
    fs.rmSync(root, { recursive: true, force: true });
  }
}
