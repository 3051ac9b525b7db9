// `make test-faults`: the pipeline under faults, on real processes and real servers.
// Starts its own PostgreSQL, Redis and Kafka (scripts/services.sh, own SERVICES_DIR and ports), runs
// each scenario, prints sent / answered / stored / lost / doubled, stops the servers, exits 1 on a failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FaultServices } from './faults/fault-services';
import { passed, printFigures, type Figures } from './faults/figures';
import { kafkaOutage } from './faults/kafka-outage';
import { kafkaSplit } from './faults/kafka-split';
import { killedEmbedded } from './faults/killed-embedded';
import { postgresRestart } from './faults/postgres-restart';
import { redisRestart } from './faults/redis-restart';

/** Ports of the tracker processes the suite starts (3120 and up: this suite's own range). */
const PORTS = { embedded: 3121, kafka: 3122, postgres: 3123, splitIngest: 3124, splitApi: 3125 };

async function main(): Promise<number> {
  const started = Date.now();
  const only = process.argv.slice(2);
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  const servicesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fault-services-'));
  const services = new FaultServices(servicesDir);
  const results: Figures[] = [];
  const run = async (name: string, scenario: () => Promise<Figures>) => {
    if (!wanted(name)) return;
    const t0 = Date.now();
    try {
      const figures = await scenario();
      figures.notes.push(`took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      results.push(figures);
      printFigures(figures);
    } catch (error) {
      const failed: Figures = { scenario: name, sent: 0, answered: 0, stored: 0, lost: 0, doubled: 0, checks: [{ what: `ran to the end: ${(error as Error).stack}`, ok: false }], notes: [] };
      results.push(failed);
      printFigures(failed);
    }
  };
  try {
    // The servers start (Kafka takes a while) while the embedded scenario, which needs none, runs.
    const urls = services.up();
    urls.catch(() => {});
    await run('embedded', () => killedEmbedded(PORTS.embedded));
    const { DATABASE_URL, REDIS_URL, KAFKA_BROKERS } = await urls;
    console.log(`\nown servers: ${DATABASE_URL} ${REDIS_URL} ${KAFKA_BROKERS} (state in ${servicesDir})`);
    await run('kafka', () => kafkaOutage(PORTS.kafka, services, KAFKA_BROKERS!));
    await run('split', () =>
      kafkaSplit({ ingest: PORTS.splitIngest, api: PORTS.splitApi }, services, { databaseUrl: DATABASE_URL!, brokers: KAFKA_BROKERS! }),
    );
    await run('postgres', () => postgresRestart(PORTS.postgres, services, DATABASE_URL!));
    await run('redis', () => redisRestart(services, REDIS_URL!));
  } finally {
    await services.down().catch((error: unknown) => console.error(`stopping the suite's servers failed: ${(error as Error).message}`));
    fs.rmSync(servicesDir, { recursive: true, force: true });
  }
  const failures = results.filter((r) => !passed(r));
  console.log(`\nfault suite: ${results.length - failures.length} of ${results.length} scenarios passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
