// make bench-ingest: the click redirect under load, beside a bare Fastify 302 server measured in the
// same run. Then the check that matters most: every click answered 302 is in the analytics store.
//
//   npx tsx bench/ingest.ts [--seconds 15] [--connections 50] [--calibrate]
//
// --calibrate also measures the baseline server spending a fixed CPU time on each request (10 and 25
// microseconds of busy-waiting before its 302): what share of the baseline any server doing that much work
// per request can reach on this machine, whatever the work is.
//
// The servers run in this process; autocannon runs as its own process so it does not share their
// event loop. With KAFKA_BROKERS set, the tracker is measured a second time on Kafka.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { CATALOG_CHANNEL, loadConfig, schema } from '@tracker/core';
import { runServices } from '@tracker/cli';

const run = promisify(execFile);
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const SECONDS = option('seconds', 15);
const CONNECTIONS = option('connections', 50);
const WARMUP_SECONDS = 3;
// Resolved as a dependency of this workspace, wherever npm put it.
const autocannonBin = fileURLToPath(import.meta.resolve('autocannon'));

interface Load {
  reqPerSec: number;
  p50: number;
  p99: number;
  redirects: number;
  errors: number;
}

async function load(url: string, seconds: number): Promise<Load> {
  const { stdout } = await run(process.execPath, [autocannonBin, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', url], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const r = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    '3xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    redirects: r['3xx'],
    errors: r.errors + r.timeouts + (r.non2xx - r['3xx']),
  };
}

async function measure(url: string): Promise<{ result: Load; redirects: number }> {
  const warm = await load(url, WARMUP_SECONDS);
  const result = await load(url, SECONDS);
  return { result, redirects: warm.redirects + result.redirects };
}

async function baseline(busyMicroseconds = 0): Promise<Load> {
  const app = Fastify({ logger: false });
  app.get('/r/:campaignId', (_request, reply) => {
    const until = performance.now() + busyMicroseconds / 1000;
    while (performance.now() < until);
    return reply.redirect('https://lander.example/?clickId=x', 302);
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return (await measure(`${address}/r/bench?cid=1&ad=2&cr=3&plc=feed`)).result;
  } finally {
    await app.close();
  }
}

async function tracker(label: string, env: Record<string, string | undefined>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-bench-'));
  const config = loadConfig({ ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const running = await runServices('all', config);
  try {
    const { entities, eventLog, analytics } = running.stores;
    const db = entities!.db;
    const [lander] = await db.insert(schema.landers).values({ name: 'Bench', url: 'https://lander.example/quiz?src=tt' }).returning();
    await db.insert(schema.campaigns).values({ id: 'benchCampaign', name: 'Bench', landerId: lander!.id });
    await entities!.changes.notify(CATALOG_CHANNEL);
    await new Promise((r) => setTimeout(r, 300));

    const url = `${running.url}/r/benchCampaign?cid=1788&ad=2&cr=3&plc=feed&cname=Spring&aname=Group&crname=Video`;
    const { result, redirects } = await measure(url);

    const waitStarted = Date.now();
    for (;;) {
      const positions = await eventLog!.positions('projector');
      if (positions.every((p) => p.committed >= p.end)) break;
      if (Date.now() - waitStarted > 120_000) throw new Error('projector did not catch up in 120 s');
      await new Promise((r) => setTimeout(r, 200));
    }
    const [{ n }] = (await analytics!.query<{ n: number }>(
      "SELECT count() AS n FROM clicks FINAL WHERE campaign_id = 'benchCampaign'",
    )) as [{ n: number }];
    // The server's own count: autocannon leaves out the requests in flight when it stops.
    const answered = running.ingest!.stats.clicks;
    return { label, result, redirects, answered, stored: Number(n), catchUpMs: Date.now() - waitStarted };
  } finally {
    await running.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const row = (name: string, r: Load, base?: Load) =>
  `${name.padEnd(42)} ${r.reqPerSec.toFixed(0).padStart(8)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms` +
  (base ? `  ${((r.reqPerSec / base.reqPerSec) * 100).toFixed(0).padStart(3)} % of baseline` : '') +
  (r.errors ? `  errors ${r.errors}` : '');

async function main() {
  console.log(`ingest benchmark: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s, ${os.cpus().length} cores`);
  const base = await baseline();
  console.log(row('baseline: bare Fastify 302', base));
  if (args.includes('--calibrate')) {
    for (const busy of [10, 25]) console.log(row(`calibration: baseline + ${busy} us CPU/request`, await baseline(busy), base));
  }

  const env = loadConfig(process.env);
  const runs = [await tracker('tracker all (embedded)', { KAFKA_BROKERS: undefined })];
  console.log(row(runs[0]!.label, runs[0]!.result, base));
  if (env.kafka) {
    const kafkaRun = await tracker('tracker all (Kafka)', {
      KAFKA_BROKERS: env.kafka.brokers.join(','),
      KAFKA_TOPIC: `tracker.bench.${Date.now()}`,
    });
    runs.push(kafkaRun);
    console.log(row(kafkaRun.label, kafkaRun.result, base));
  }

  let ok = true;
  for (const r of runs) {
    const lost = r.answered - r.stored;
    console.log(
      `${r.label}: ${r.answered} clicks answered 302 by the server (${r.redirects} counted by autocannon), ` +
        `${r.stored} in the analytics store: ${lost === 0 ? 'none lost, none doubled' : `${lost} MISSING`}; ` +
        `the projector caught up ${r.catchUpMs} ms after the load`,
    );
    const target = r.result.reqPerSec >= base.reqPerSec * 0.5 && r.result.p99 <= 20 && lost === 0;
    console.log(`  target >= 50 % of baseline, p99 <= 20 ms, zero lost: ${target ? 'met' : 'NOT met'}`);
    ok &&= lost === 0;
  }
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
