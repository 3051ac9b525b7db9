// make bench-ingest: the click redirect under load, beside a bare Fastify 302 server measured in the
// same run. Then the check that matters most: every click answered 302 is in the analytics store.
// Then the mixed load: the redirect at a moderate fixed rate, alone and beside a flood of postbacks.
//
//   npx tsx bench/ingest.ts [--seconds 15] [--connections 50] [--calibrate] [--only throughput|mixed]
//                           [--postback-rate 1000] [--redirect-rate 200]
//
// --calibrate also measures the baseline server spending a fixed CPU time on each request (10 and 25
// microseconds of busy-waiting before its 302): what share of the baseline any server doing that much work
// per request can reach on this machine, whatever the work is.
//
// The servers run in this process; autocannon runs as its own process so it does not share their
// event loop (the postback flood too: this file forked with --postback-flood-worker). With KAFKA_BROKERS
// set, the tracker is measured a second time on Kafka.
import { execFile, fork } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { count, like } from 'drizzle-orm';
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
const POSTBACK_RATE = option('postback-rate', 1000);
const REDIRECT_RATE = option('redirect-rate', 200);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
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


// ---- Mixed load: does a postback flood slow the redirect down? ----

interface RateLoad {
  p50: number;
  p99: number;
  max: number;
  answered: number;
  errors: number;
}

const REDIRECT_CONNECTIONS = 10;
const FLOOD_CONNECTIONS = 20;
const REAL_CLICKS = 2000;

/** autocannon at a fixed overall rate; its latencies are corrected for coordinated omission. */
async function loadAtRate(url: string, seconds: number, rate: number): Promise<RateLoad> {
  const { stdout } = await run(
    process.execPath,
    [autocannonBin, '-c', String(REDIRECT_CONNECTIONS), '-R', String(rate), '-d', String(seconds), '-j', url],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const r = JSON.parse(stdout) as {
    latency: { p50: number; p99: number; max: number };
    '3xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    answered: r['3xx'],
    errors: r.errors + r.timeouts + (r.non2xx - r['3xx']),
  };
}

interface FloodSpec {
  origin: string;
  key: string;
  clickIds: string[];
  rate: number;
  seconds: number;
  prefix: string;
}

interface FloodResult {
  sent: number;
  ok: number;
  errors: number;
  p99: number;
  max: number;
}

/** The flood, in a child process: each postback a new transaction of one of the real clicks. */
async function postbackFloodWorker(spec: FloodSpec): Promise<void> {
  type Request = { method: string; path: string };
  const autocannon = createRequire(import.meta.url)('autocannon') as (options: object) => Promise<{
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
    latency: { p99: number; max: number };
  }>;
  let sent = 0;
  const r = await autocannon({
    url: spec.origin,
    connections: FLOOD_CONNECTIONS,
    duration: spec.seconds,
    overallRate: spec.rate,
    requests: [
      {
        method: 'GET',
        setupRequest: (request: Request): Request => {
          const n = sent++;
          const clickId = spec.clickIds[n % spec.clickIds.length]!;
          return {
            ...request,
            path: `/postback?key=${encodeURIComponent(spec.key)}&transaction_id=${spec.prefix}-${n}&click_id=${clickId}&payout=1.25`,
          };
        },
      },
    ],
  });
  const result: FloodResult = { sent, ok: r['2xx'], errors: r.errors + r.timeouts + r.non2xx, p99: r.latency.p99, max: r.latency.max };
  await new Promise((resolve) => process.send!(result, undefined, {}, resolve));
}

function postbackFlood(spec: FloodSpec): Promise<FloodResult> {
  const child = fork(process.argv[1]!, ['--postback-flood-worker'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send(spec);
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as FloodResult));
    child.once('exit', (code) => reject(new Error(`postback flood worker exited with ${code}`)));
  });
}

/** The tracker's own event loop delay while a load runs, in ms. */
async function withLoopDelay<T>(work: () => Promise<T>): Promise<[T, { p99: number; max: number }]> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    const result = await work();
    return [result, { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 }];
  } finally {
    histogram.disable();
  }
}

async function untilProjected(eventLog: NonNullable<Awaited<ReturnType<typeof runServices>>['stores']['eventLog']>) {
  const started = Date.now();
  for (;;) {
    const positions = await eventLog.positions('projector');
    if (positions.every((p) => p.committed >= p.end)) return Date.now() - started;
    if (Date.now() - started > 120_000) throw new Error('projector did not catch up in 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function mixed(): Promise<boolean> {
  const seconds = Math.min(SECONDS, 30);
  console.log(
    `\nmixed load: /r at ${REDIRECT_RATE} req/s over ${REDIRECT_CONNECTIONS} connections for ${seconds} s, alone and beside ` +
      `${POSTBACK_RATE} postbacks/s over ${FLOOD_CONNECTIONS} connections (new transactions of ${REAL_CLICKS} real clicks)`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const running = await runServices('all', config);
  try {
    const { entities, eventLog, analytics } = running.stores;
    const db = entities!.db;
    const [lander] = await db.insert(schema.landers).values({ name: 'Bench', url: 'https://lander.example/quiz?src=tt' }).returning();
    await db.insert(schema.campaigns).values({ id: 'benchCampaign', name: 'Bench', landerId: lander!.id });
    await entities!.changes.notify(CATALOG_CHANNEL);
    await new Promise((r) => setTimeout(r, 300));
    const url = `${running.url}/r/benchCampaign?cid=1788&ad=2&cr=3&plc=feed&cname=Spring&aname=Group&crname=Video`;

    const clickIds: string[] = [];
    while (clickIds.length < REAL_CLICKS) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, async () => {
          const response = await fetch(url, { redirect: 'manual' });
          return new URL(response.headers.get('location')!).searchParams.get('clickId')!;
        }),
      );
      clickIds.push(...batch);
    }
    await untilProjected(eventLog!);

    await loadAtRate(url, WARMUP_SECONDS, REDIRECT_RATE);
    const [alone, aloneLoop] = await withLoopDelay(() => loadAtRate(url, seconds, REDIRECT_RATE));

    const conversionsBefore = running.ingest!.stats.conversions;
    const prefix = `bench${Date.now()}`;
    const [[flood, beside], floodLoop] = await withLoopDelay(() =>
      Promise.all([
        postbackFlood({ origin: running.url!, key: running.ingest!.catalog.current.postbackKey, clickIds, rate: POSTBACK_RATE, seconds: seconds + 2, prefix }),
        // The redirect load starts once the flood is up to speed, and ends before it.
        new Promise((r) => setTimeout(r, 1000)).then(() => loadAtRate(url, seconds, REDIRECT_RATE)),
      ]),
    );
    const catchUpMs = await untilProjected(eventLog!);
    // Read after the catch-up: requests in flight when autocannon stopped are answered by now.
    const answered = running.ingest!.stats.conversions - conversionsBefore;
    const [ledger] = await db
      .select({ n: count() })
      .from(schema.postbackConversions)
      .where(like(schema.postbackConversions.transactionId, `${prefix}-%`));
    const [facts] = await analytics!.query<{ n: number; attributed: number }>(
      'SELECT sum(sign) AS n, sumIf(sign, attributed = 1) AS attributed FROM conversions FINAL WHERE startsWith(transaction_id, {prefix:String})',
      { prefix: `${prefix}-` },
    );

    const line = (name: string, r: RateLoad, loop: { p99: number; max: number }) =>
      `${name.padEnd(34)} p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(5)} ms  max ${String(r.max).padStart(5)} ms` +
      `  (${r.answered} redirects${r.errors ? `, errors ${r.errors}` : ''}; event loop delay p99 ${loop.p99.toFixed(1)} ms, max ${loop.max.toFixed(1)} ms)`;
    console.log(line('/r alone', alone, aloneLoop));
    console.log(line(`/r beside ${POSTBACK_RATE} postbacks/s`, beside, floodLoop));
    console.log(
      `postbacks: ${flood.sent} sent (${(flood.sent / (seconds + 2)).toFixed(0)}/s), ${answered} answered 200 by the server ` +
        `(${flood.ok} counted by autocannon, errors ${flood.errors}, p99 ${flood.p99} ms, max ${flood.max} ms); ` +
        `${Number(ledger?.n)} in the ledger, ${Number(facts?.n)} in the analytics store (${Number(facts?.attributed)} attributed); ` +
        `the projector caught up ${catchUpMs} ms after the flood`,
    );
    const stored = Number(ledger?.n) === answered && Number(facts?.n) === answered;
    const met = beside.p99 <= 20 && stored && flood.errors === 0;
    console.log(`  target redirect p99 <= 20 ms under the flood, every postback stored once: ${met ? 'met' : 'NOT met'}`);
    return stored;
  } finally {
    await running.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function throughput(): Promise<boolean> {
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
  return ok;
}

async function main() {
  if (args.includes('--postback-flood-worker')) {
    process.once('message', (spec) => void postbackFloodWorker(spec as FloodSpec).then(() => process.exit(0)));
    return;
  }
  let ok = true;
  if (only !== 'mixed') ok &&= await throughput();
  if (only !== 'throughput') ok &&= await mixed();
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
