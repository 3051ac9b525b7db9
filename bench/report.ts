// make bench-report: GET /api/reports over 30 days of a 90-day store, for every grouping, and the Click
// Log's page query, on the embedded engines; then the same report computed by PostgreSQL from raw rows.
//
//   npx tsx bench/report.ts [--clicks 10000000] [--days 90] [--runs 20] [--pg-clicks 1000000] [--query-log FILE]
//                           [--store DIR] [--only groupings|views|clicklog]
//
// --store DIR keeps the loaded stores (chDB, the entities, the baseline) in DIR, and a later run with the
// same DIR times them again without loading: a 10 M store takes minutes to build. --only times the
// groupings (with their baselines), the filtered and drill-down views, or the Click Log's pages alone.
// --query-log FILE appends every analytics query of the API that took over 15 ms (time, variable, SQL head):
// which of a report's concurrent queries decides its time.
//
// Load: synthetic clicks (2 % of them convert, 30 % exit) built into rows exactly as the projector
// builds them (services/projector/src/analytics-rows.ts) and inserted through the Analytics store in
// batches of 100 k with deduplication tokens, so the materialized views fill the rollups; 90 days of
// spend through recordSpend. Then the real API (registerApi, an admin session, app.inject), 2 warm-up
// calls and --runs timed calls per query: p50 / p95, and the first call's time (cold: the engine
// compiles a new query's expressions on its third run). Every query is timed before any baseline runs.
// Baseline: PostgreSQL (DATABASE_URL, else PGlite in a temporary folder) holding a uniform sample of
// --pg-clicks of the same clicks and their conversions plus the same spend, indexed on the click time,
// computing the same report (rows with the same pro-rata spend, and the daily series) in SQL. Its time is
// scaled linearly to the full click count when only a sample is loaded (the queries scan the range).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Analytics, createLogger, type Db, insertClicks, loadConfig, makeEvent, migrateAnalytics, type QueryParams, recordSpend, schema, type SpendInput } from '@tracker/core';
import { openChdbAnalytics, openEntities } from '@tracker/core/testing';
import { hashPassword } from '@tracker/api';
import { chTime, clickRow, dimensionColumns, exitRow } from '@tracker/projector';
import { clickLogCursor, REPORT_GROUP_BY, type ClickEvent, type ClickLogResponse, type ReportGroupBy } from '@tracker/schemas';
import { BENCH_ADMIN, startReportApi } from './report-api';

const { values: args } = parseArgs({
  options: {
    clicks: { type: 'string', default: '10000000' },
    days: { type: 'string', default: '90' },
    runs: { type: 'string', default: '20' },
    'pg-clicks': { type: 'string', default: '1000000' },
    'query-log': { type: 'string' },
    store: { type: 'string' },
    only: { type: 'string' },
  },
});
const CLICKS = Number(args.clicks);
const DAYS = Number(args.days);
const RUNS = Number(args.runs);
const PG_CLICKS = Math.min(CLICKS, Number(args['pg-clicks']));
const BATCH = 100_000;
const ONLY = args.only;
if (ONLY !== undefined && ONLY !== 'groupings' && ONLY !== 'views' && ONLY !== 'clicklog') throw new Error('--only takes groupings, views or clicklog');

const TIMEZONE = 'America/New_York';
const END = Date.parse('2026-03-31T05:00:00Z'); // midnight in New York
const START = END - DAYS * 86_400_000;
const REPORT_END = '2026-03-30';
const REPORT_START = '2026-03-01';
const TARGET_P95_MS = 150;

/** With --query-log: the store, its queries over 15 ms appended to `file`. */
function logSlowQueries(analytics: Analytics, file: string | undefined): Analytics {
  if (!file) return analytics;
  const query = analytics.query.bind(analytics);
  return {
    ...analytics,
    async query<T>(sql: string, params?: QueryParams) {
      const started = performance.now();
      const rows = await query<T>(sql, params);
      const ms = performance.now() - started;
      if (ms > 15) fs.appendFileSync(file, `${ms.toFixed(0)} ms ${params?.variable ?? '-'} ${sql.replace(/\s+/g, ' ').slice(0, 160)}\n`);
      return rows;
    },
  };
}

// ---- a deterministic synthetic world ----
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const int = (n: number) => Math.floor(random() * n);
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const CAMPAIGNS = 50;
const TIKTOK_CAMPAIGNS = 200;
const PLACEMENTS = ['TikTok', 'Pangle', 'Global App Bundle', 'TopBuzz'];
// United States, Germany, United Kingdom, Brazil; an iPhone in TikTok, Android Chrome, Windows Chrome.
const AUDIENCE_IPS = ['8.8.8.8', '2a00:1450:4001::1', '81.2.69.142', '200.160.2.3'];
const AUDIENCE_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.1.0',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
];
interface World {
  landerIds: number[];
  offerIds: number[];
  campaignSpark: string[];
}

function randomClick(world: World, at: number): ClickEvent {
  const organic = random() < 0.1;
  const tt = int(TIKTOK_CAMPAIGNS);
  const campaign = organic ? int(CAMPAIGNS) : tt % CAMPAIGNS;
  const adGroup = `${tt}${pad(int(3))}`;
  const creative = `${adGroup}${pad(int(4))}`;
  return makeEvent(
    'click',
    {
      campaignId: `cmp-${pad(campaign)}`,
      landerId: world.landerIds[campaign % world.landerIds.length]!,
      offerId: world.offerIds[campaign % world.offerIds.length]!,
      sparkId: world.campaignSpark[campaign]!,
      tiktokCampaignId: organic ? '' : `17${pad(tt, 6)}`,
      tiktokAdGroupId: organic ? '' : `18${adGroup}`,
      tiktokCreativeId: organic ? '' : `19${creative}`,
      placement: organic ? '' : PLACEMENTS[int(PLACEMENTS.length)]!,
      campaignName: organic ? '' : `Spring push ${tt}`,
      adGroupName: organic ? '' : `Audience ${adGroup}`,
      creativeName: organic ? '' : `Video ${creative}`,
      // The bench's campaigns have no rules: every click takes the default path.
      rule: '',
      ttclid: organic ? '' : `E.C.P.${int(1e9)}`,
      // The audience varies with the click time, not the random stream, so every other dimension stays as it was.
      ip: at % 5 < 3 ? AUDIENCE_IPS[at % AUDIENCE_IPS.length]! : `10.${int(256)}.${int(256)}.${int(256)}`,
      userAgent: AUDIENCE_AGENTS[at % AUDIENCE_AGENTS.length]!,
      referrer: '',
      bot: random() < 0.05 ? 'link-preview' : '',
    },
    { at },
  );
}

function conversionRow(click: ClickEvent, n: number) {
  const roll = random();
  return {
    event_id: `bench-conversion-${n}`,
    sign: 1,
    transaction_id: `bench-tx-${n}`,
    click_id: click.id,
    converted_at: chTime(click.at + int(7_200_000)),
    clicked_at: chTime(click.at),
    attributed: 1,
    ...dimensionColumns(click.data),
    status: roll < 0.85 ? 'approved' : roll < 0.95 ? 'pending' : 'rejected',
    payout: `${1 + int(50)}.${pad(int(100))}`,
    network_offer_id: '',
    network_offer_name: '',
    log_partition: 0,
    log_offset: n,
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

// ---- the PostgreSQL baseline ----
interface Sql {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

interface Baseline {
  sql: Sql;
  kind: string;
}

async function openBaseline(databaseUrl: string | undefined, dir: string): Promise<Baseline> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const schemaName = `bench_report_${Date.now()}`;
    await client.query(`CREATE SCHEMA ${schemaName}`);
    await client.query(`SET search_path TO ${schemaName}`);
    return {
      kind: 'PostgreSQL server (DATABASE_URL)',
      sql: {
        query: async (text, params) => ({ rows: (await client.query(text, params as unknown[])).rows as Record<string, unknown>[] }),
        close: async () => {
          await client.query(`DROP SCHEMA ${schemaName} CASCADE`);
          await client.end();
        },
      },
    };
  }
  const db = new PGlite(path.join(dir, 'pg-baseline'));
  return {
    kind: 'PGlite (no DATABASE_URL)',
    sql: { query: async (text, params) => ({ rows: (await db.query(text, params as unknown[])).rows as Record<string, unknown>[] }), close: () => db.close() },
  };
}

const PG_CLICK_COLUMNS = ['click_id', 'clicked_at', 'campaign_id', 'lander_id', 'offer_id', 'spark_id', 'tiktok_campaign_id', 'tiktok_ad_group_id', 'tiktok_creative_id', 'placement', 'campaign_name', 'ad_group_name', 'creative_name', 'bot'];
const PG_CONVERSION_COLUMNS = ['click_id', 'clicked_at', 'campaign_id', 'lander_id', 'offer_id', 'spark_id', 'tiktok_campaign_id', 'tiktok_ad_group_id', 'tiktok_creative_id', 'placement', 'campaign_name', 'ad_group_name', 'creative_name', 'status', 'sign', 'payout'];
const PG_TYPES: Record<string, string> = { date: 'date', spend: 'numeric(12,2)', clicked_at: 'timestamptz', lander_id: 'int', offer_id: 'int', sign: 'smallint', payout: 'numeric(12,2)' };

async function createBaselineTables(sql: Sql) {
  const columns = (names: string[]) => names.map((c) => `${c} ${PG_TYPES[c] ?? 'text'} NOT NULL`).join(', ');
  await sql.query(`CREATE TABLE clicks (${columns(PG_CLICK_COLUMNS)})`);
  await sql.query(`CREATE TABLE conversions (${columns(PG_CONVERSION_COLUMNS)})`);
  await sql.query('CREATE TABLE spend (date date NOT NULL, tiktok_campaign_id text NOT NULL, spend numeric(12,2) NOT NULL, PRIMARY KEY (date, tiktok_campaign_id))');
}

async function insertBaseline(sql: Sql, table: string, columns: string[], rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 20_000) {
    const chunk = rows.slice(i, i + 20_000);
    const arrays = columns.map((c) => chunk.map((r) => (c === 'clicked_at' ? `${r[c]}Z` : r[c])));
    await sql.query(
      `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${columns.map((c, k) => `$${k + 1}::${PG_TYPES[c] ?? 'text'}[]`).join(', ')})`,
      arrays,
    );
  }
}

const PG_KEYS: Record<ReportGroupBy, string> = {
  campaign: 'x.campaign_id',
  spark: 'x.spark_id',
  offer: "CASE WHEN x.offer_id = 0 THEN '' ELSE x.offer_id::text END",
  lander: "CASE WHEN x.lander_id = 0 THEN '' ELSE x.lander_id::text END",
  // Filled in main() with the spark → media buyer mapping, as the API passes it to ClickHouse.
  mediabuyer: "''",
  tiktokCampaignId: 'x.tiktok_campaign_id',
  tiktokAdGroupId: 'x.tiktok_ad_group_id',
  tiktokCreativeId: 'x.tiktok_creative_id',
  placement: 'x.placement',
  // The bulk-loaded clicks bypass the projector, so they carry no audience: every row is 'Unknown'.
  country: "''",
  device: "''",
  os: "''",
  browser: "''",
  rule: "''",
  campaignName: 'x.campaign_name',
  adGroupName: 'x.ad_group_name',
  creativeName: 'x.creative_name',
};

/** The report of GET /api/reports in PostgreSQL: rows (visits, conversions, revenue, pro-rata spend by
 *  largest remainder) and the daily series, over the same range and time zone. */
async function baselineReport(sql: Sql, groupBy: ReportGroupBy): Promise<number> {
  const key = PG_KEYS[groupBy];
  const range = `x.clicked_at >= ($1::date)::timestamp AT TIME ZONE $3 AND x.clicked_at < ($2::date + 1)::timestamp AT TIME ZONE $3`;
  const params = [REPORT_START, REPORT_END, TIMEZONE];
  const started = performance.now();
  await sql.query(
    `WITH v AS (SELECT ${key} AS key, count(*) AS clicks, count(*) FILTER (WHERE x.bot <> '') AS bots FROM clicks x WHERE ${range} GROUP BY 1),
          c AS (SELECT ${key} AS key, sum(x.sign) FILTER (WHERE x.status = 'approved') AS conversions,
                       sum(x.sign * x.payout) FILTER (WHERE x.status = 'approved') AS revenue
                FROM conversions x WHERE ${range} GROUP BY 1),
          visits AS (SELECT (x.clicked_at AT TIME ZONE $3)::date AS day, x.tiktok_campaign_id AS tt, ${key} AS key, count(*) AS n
                     FROM clicks x WHERE ${range} AND x.tiktok_campaign_id <> '' GROUP BY 1, 2, 3),
          shares AS (SELECT v.key, v.day, v.tt, (s.spend * 100)::bigint AS cents, v.n, sum(v.n) OVER (PARTITION BY v.day, v.tt) AS total
                     FROM visits v JOIN spend s ON s.date = v.day AND s.tiktok_campaign_id = v.tt),
          split AS (SELECT key, day, tt, cents, (cents * n) / total AS base, (cents * n) % total AS rem FROM shares),
          ranked AS (SELECT key, base, cents - sum(base) OVER (PARTITION BY day, tt) AS leftover,
                            row_number() OVER (PARTITION BY day, tt ORDER BY rem DESC, key) AS place FROM split),
          sp AS (SELECT key, sum(base + CASE WHEN place <= leftover THEN 1 ELSE 0 END) AS spend FROM ranked GROUP BY key)
     SELECT coalesce(v.key, c.key) AS key, v.clicks, v.bots, c.conversions, c.revenue, sp.spend
     FROM v FULL JOIN c ON c.key = v.key LEFT JOIN sp ON sp.key = coalesce(v.key, c.key)`,
    params,
  );
  await sql.query(
    `WITH v AS (SELECT (x.clicked_at AT TIME ZONE $3)::date AS day, count(*) AS clicks FROM clicks x WHERE ${range} GROUP BY 1),
          c AS (SELECT (x.clicked_at AT TIME ZONE $3)::date AS day, sum(x.sign) FILTER (WHERE x.status = 'approved') AS conversions,
                       sum(x.sign * x.payout) FILTER (WHERE x.status = 'approved') AS revenue FROM conversions x WHERE ${range} GROUP BY 1),
          s AS (SELECT date AS day, sum(spend) AS spend FROM spend WHERE date BETWEEN $1::date AND $2::date GROUP BY 1)
     SELECT v.day, v.clicks, c.conversions, c.revenue, s.spend FROM v LEFT JOIN c USING (day) LEFT JOIN s USING (day) ORDER BY v.day`,
    params,
  );
  return performance.now() - started;
}

/** Seeds the entities and loads the synthetic clicks into chDB and their sample into the baseline;
 *  returns how many clicks the baseline holds. */
async function loadStores(db: Db, analytics: Analytics, baseline: Baseline): Promise<number> {
  const landers = await db.insert(schema.landers).values(Array.from({ length: 10 }, (_, i) => ({ name: `Lander ${i}`, url: `https://l.example/${i}` }))).returning();
  const offers = await db.insert(schema.offers).values(Array.from({ length: 10 }, (_, i) => ({ name: `Offer ${i}`, url: `https://o.example/${i}` }))).returning();
  await db.insert(schema.campaigns).values(Array.from({ length: CAMPAIGNS }, (_, i) => ({ id: `cmp-${pad(i)}`, name: `Campaign ${i}`, landerId: landers[i % 10]!.id })));
  const sparks = await db.insert(schema.sparks).values(Array.from({ length: 20 }, (_, i) => ({ name: `Spark ${i}`, code: 'x', sparkId: `spark-${pad(i)}` }))).returning();
  const hash = await hashPassword(BENCH_ADMIN.password);
  const buyers = await db.insert(schema.users).values(Array.from({ length: 8 }, (_, i) => ({ username: `buyer${i}`, password: hash }))).returning();
  await db.insert(schema.userSparkAssignments).values(sparks.slice(0, 16).map((s, i) => ({ userId: buyers[i % 8]!.id, sparkId: s.id })));
  await db.insert(schema.users).values({ username: BENCH_ADMIN.username, password: hash, role: 'admin' });
  await db.insert(schema.settings).values({ key: 'report_timezone', value: TIMEZONE });
  const world: World = {
    landerIds: landers.map((l) => l.id),
    offerIds: offers.map((o) => o.id),
    campaignSpark: Array.from({ length: CAMPAIGNS }, (_, i) => (i % 5 === 4 ? '' : sparks[i % 20]!.sparkId)),
  };

  await createBaselineTables(baseline.sql);

  // ---- load ----
  const sampleEvery = CLICKS / PG_CLICKS;
  let loaded = 0;
  let conversions = 0;
  let pgLoaded = 0;
  let chMs = 0;
  let pgMs = 0;
  const loadStarted = performance.now();
  for (let batch = 0; loaded < CLICKS; batch++) {
    const size = Math.min(BATCH, CLICKS - loaded);
    const sliceStart = START + ((END - START) * loaded) / CLICKS;
    const sliceLength = ((END - START) * size) / CLICKS;
    const clickRows = [];
    const exitRows = [];
    const conversionRows = [];
    const pgClicks: Record<string, unknown>[] = [];
    const pgConversions: Record<string, unknown>[] = [];
    for (let i = 0; i < size; i++) {
      const click = randomClick(world, Math.floor(sliceStart + random() * sliceLength));
      const at = { partition: 0, offset: loaded + i };
      const row = clickRow(click, at);
      clickRows.push(row);
      if (random() < 0.3) {
        const { ttclid: _t, referrer: _r, bot: _b, ...dimensions } = click.data;
        exitRows.push(exitRow(makeEvent('lander_click', { ...dimensions, clickId: click.id, clickedAt: click.at }, { at: click.at + 1000 + int(120_000) }), at));
      }
      const converted = random() < 0.02;
      const conversion = converted ? conversionRow(click, conversions++) : undefined;
      if (conversion) conversionRows.push(conversion);
      if (Math.floor((loaded + i + 1) / sampleEvery) > Math.floor((loaded + i) / sampleEvery)) {
        pgClicks.push(row);
        if (conversion) pgConversions.push(conversion);
      }
    }
    let t = performance.now();
    await insertClicks(analytics, clickRows, { dedupToken: `bench/clicks/${batch}` });
    await analytics.insert('exits', exitRows, { dedupToken: `bench/exits/${batch}` });
    await analytics.insert('conversions', conversionRows, { dedupToken: `bench/conversions/${batch}` });
    chMs += performance.now() - t;
    t = performance.now();
    await insertBaseline(baseline.sql, 'clicks', PG_CLICK_COLUMNS, pgClicks);
    await insertBaseline(baseline.sql, 'conversions', PG_CONVERSION_COLUMNS, pgConversions);
    pgMs += performance.now() - t;
    pgLoaded += pgClicks.length;
    loaded += size;
    if (batch % 10 === 9 || loaded === CLICKS) {
      process.stdout.write(`\r  loaded ${loaded.toLocaleString('en-US')} clicks (${conversions.toLocaleString('en-US')} conversions), ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);
    }
  }
  console.log(
    `\n  chDB: ${(chMs / 1000).toFixed(1)} s inserting clicks, exits and conversions (${Math.round(CLICKS / (chMs / 1000)).toLocaleString('en-US')} clicks/s with the rollup views); ` +
      `${baseline.kind}: ${pgLoaded.toLocaleString('en-US')} sampled clicks in ${(pgMs / 1000).toFixed(1)} s`,
  );

  const spend: SpendInput[] = [];
  for (let d = 0; d < DAYS; d++) {
    const date = new Date(START + d * 86_400_000 + 12 * 3_600_000).toISOString().slice(0, 10);
    for (let tt = 0; tt < TIKTOK_CAMPAIGNS + 10; tt++) {
      // Ten TikTok campaigns spend without any click: the Unattributed row.
      spend.push({ date, tiktokCampaignId: `17${pad(tt, 6)}`, campaignName: `Spring push ${tt}`, spend: `${20 + int(400)}.${pad(int(100))}`, impressions: int(1e5) });
    }
  }
  await recordSpend(db, analytics, spend);
  await insertBaseline(baseline.sql, 'spend', ['date', 'tiktok_campaign_id', 'spend'], spend.map((s) => ({ date: s.date, tiktok_campaign_id: s.tiktokCampaignId, spend: s.spend })));
  await baseline.sql.query('CREATE INDEX ON clicks (clicked_at)');
  await baseline.sql.query('CREATE INDEX ON conversions (clicked_at)');
  await baseline.sql.query('ANALYZE');
  return pgLoaded;
}

type Timer = (url: string) => Promise<{ first: number; p50: number; p95: number; body: string }>;

/** Every grouping over the range and the Click Log's pages, then the PostgreSQL baselines. */
async function timeGroupings(time: Timer, baseline: Baseline, pgLoaded: number) {
  const scale = CLICKS / Math.max(1, pgLoaded);
  let worstP95 = 0;
  let worstRatio = Infinity;
  // Every API timing first, then the PostgreSQL baselines: the baseline's minute of work per grouping
  // (in this process when it is PGlite) would otherwise run right before the next timing.
  const timings = new Map<ReportGroupBy, { first: number; p50: number; p95: number; rows: number }>();
  for (const groupBy of REPORT_GROUP_BY) {
    const r = await time(`/api/reports?groupBy=${groupBy}&startDate=${REPORT_START}&endDate=${REPORT_END}`);
    timings.set(groupBy, { first: r.first, p50: r.p50, p95: r.p95, rows: (JSON.parse(r.body) as { rows: unknown[] }).rows.length });
  }
  const printClickLog = await timeClickLog(time);
  for (const [groupBy, r] of timings) {
    await baselineReport(baseline.sql, groupBy);
    const pgSamples = [];
    for (let i = 0; i < 3; i++) pgSamples.push(await baselineReport(baseline.sql, groupBy));
    const pgMedian = pgSamples.sort((a, b) => a - b)[1]! * scale;
    worstP95 = Math.max(worstP95, r.p95);
    worstRatio = Math.min(worstRatio, pgMedian / r.p50);
    console.log(
      `${`report groupBy=${groupBy}`.padEnd(34)} ${ms(r.first)} ${ms(r.p50)} ${ms(r.p95)}   ${ms(pgMedian)}  ${(pgMedian / r.p50).toFixed(0).padStart(4)}x   (${r.rows} rows)`,
    );
  }
  printClickLog();

  console.log(
    `\nPostgreSQL: ${baseline.kind}, ${pgLoaded.toLocaleString('en-US')} clicks loaded` +
      (scale > 1 ? `, times scaled ×${scale.toFixed(1)} to ${CLICKS.toLocaleString('en-US')} clicks (median of 3)` : ' (median of 3)'),
  );
  console.log(`target p95 <= ${TARGET_P95_MS} ms for every grouping: ${worstP95 <= TARGET_P95_MS ? 'met' : 'NOT met'} (worst ${worstP95.toFixed(1)} ms)`);
  console.log(`target >= 10x faster than PostgreSQL: ${worstRatio >= 10 ? 'met' : 'NOT met'} (lowest ${worstRatio.toFixed(0)}x)`);
}

/** The Click Log's pages (the first, a jump, the last) timed; prints them when called. */
async function timeClickLog(time: Timer): Promise<() => void> {
  // The Click Log pages by position: page 1 pins the snapshot (asOf); a jump of 4 pages and the
  // oldest page (Last) are what a user deep in the log asks for. Pages are asked as the web asks for them, without
  // the cards (summary=false); the cards are one request of their own per range (and poll).
  const clicksUrl = `/api/clicks?startDate=${REPORT_START}&endDate=${REPORT_END}&limit=100&summary=false`;
  const cards = await time(`/api/clicks/summary?startDate=${REPORT_START}&endDate=${REPORT_END}`);
  const firstPage = await time(clicksUrl);
  const page1 = JSON.parse(firstPage.body) as ClickLogResponse;
  const lastOfPage1 = page1.rows.at(-1)!;
  const pinned = `${clicksUrl}&asOf=${encodeURIComponent(page1.asOf!)}`;
  const jumpPage = await time(`${pinned}&after=${encodeURIComponent(clickLogCursor(lastOfPage1))}&skip=300`);
  const lastPage = await time(`${pinned}&last=true`);
  return () => {
    console.log(`${'click log, first page of 100'.padEnd(34)} ${ms(firstPage.first)} ${ms(firstPage.p50)} ${ms(firstPage.p95)}`);
    console.log(`${'click log, 4 pages on from page 1'.padEnd(34)} ${ms(jumpPage.first)} ${ms(jumpPage.p50)} ${ms(jumpPage.p95)}`);
    console.log(`${'click log, last page'.padEnd(34)} ${ms(lastPage.first)} ${ms(lastPage.p50)} ${ms(lastPage.p95)}`);
    console.log(`${'click log, its cards (per range)'.padEnd(34)} ${ms(cards.first)} ${ms(cards.p50)} ${ms(cards.p95)}`);
  };
}

/** The filtered and drill-down views. */
async function timeViews(time: Timer) {
  // Audience filters (variable rollups for one, raw facts for combinations) and
  // drill-downs (a rollup pair as before, a tracking variable under another from the raw facts).
  const range = `startDate=${REPORT_START}&endDate=${REPORT_END}`;
  const topCreative = (JSON.parse((await time(`/api/reports?groupBy=creativeName&${range}`)).body) as { rows: Array<{ key: string }> }).rows[0]!.key;
  const audienceQueries: Array<[string, string]> = [
    ['campaign, country=US', 'groupBy=campaign&country=US'],
    ['placement, os=iOS', 'groupBy=placement&os=iOS'],
    ['campaign, country=US & os=iOS', 'groupBy=campaign&country=US&os=iOS'],
    ['lander, device=Mobile', 'groupBy=lander&device=Mobile'],
    ['drill campaign → placement', 'groupBy=campaign&then=placement&parent=cmp-01'],
    ['drill ad name → placement', `groupBy=creativeName&then=placement&parent=${encodeURIComponent(topCreative)}`],
    ['drill country → os, browser=Chrome', 'groupBy=country&then=os&parent=US&browser=Chrome'],
    ['audience values of the range', ''],
  ];
  const audienceTimings: Array<[string, { first: number; p50: number; p95: number }]> = [];
  for (const [name, query] of audienceQueries) {
    audienceTimings.push([name, await time(query ? `/api/reports?${range}&${query}` : `/api/reports/audience?${range}`)]);
  }
  for (const [name, r] of audienceTimings) console.log(`${name.padEnd(34)} ${ms(r.first)} ${ms(r.p50)} ${ms(r.p95)}`);
}

async function main() {
  const config = loadConfig(process.env);
  const dir = args.store ? path.resolve(args.store) : fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-bench-report-'));
  fs.mkdirSync(dir, { recursive: true });
  const logger = createLogger('silent');
  console.log(
    `report benchmark: ${CLICKS.toLocaleString('en-US')} clicks over ${DAYS} days, reports over ${REPORT_START}..${REPORT_END} ` +
      `in ${TIMEZONE}, ${RUNS} runs per query, ${os.cpus().length} cores`,
  );
  const entities = await openEntities({ pgliteDir: path.join(dir, 'pg') });
  const analytics = logSlowQueries(await openChdbAnalytics(path.join(dir, 'ch')), args['query-log']);
  // A kept store keeps its baseline beside it, in PGlite: a server's schema is dropped after the run.
  const baseline = await openBaseline(args.store ? undefined : config.databaseUrl, dir);
  try {
    await migrateAnalytics(analytics);
    const db = entities.db;
    const marker = path.join(dir, 'loaded.json');
    let pgLoaded: number;
    if (fs.existsSync(marker)) {
      const stored = JSON.parse(fs.readFileSync(marker, 'utf8')) as { pgLoaded: number; clicks?: number; days?: number };
      if (stored.clicks !== CLICKS || stored.days !== DAYS) {
        throw new Error(`The store in ${dir} holds ${stored.clicks} clicks over ${stored.days} days: run with those --clicks and --days, or another --store`);
      }
      pgLoaded = stored.pgLoaded;
      console.log(`  the store in ${dir} is loaded already (${pgLoaded.toLocaleString('en-US')} baseline clicks)`);
    } else {
      pgLoaded = await loadStores(db, analytics, baseline);
      if (args.store) fs.writeFileSync(marker, JSON.stringify({ pgLoaded, clicks: CLICKS, days: DAYS }));
    }
    const sparks = await db.select().from(schema.sparks).orderBy(schema.sparks.id);
    PG_KEYS.mediabuyer = `CASE x.spark_id ${sparks
      .slice(0, 16)
      .map((s, i) => `WHEN '${s.sparkId}' THEN 'buyer${i % 8}'`)
      .join(' ')} ELSE '' END`;

    // Let background merges settle, as they would on a store that has been running.
    const settleStarted = Date.now();
    while (Date.now() - settleStarted < 120_000) {
      const [{ n }] = (await analytics.query<{ n: number }>('SELECT count() AS n FROM system.merges')) as [{ n: number }];
      if (Number(n) === 0) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const parts = await analytics.query<{ table: string; rows: number; parts: number }>(
      `SELECT table, sum(rows) AS rows, count() AS parts FROM system.parts
       WHERE active AND database = currentDatabase() AND (table LIKE 'report_%' OR table IN ('clicks', 'exits', 'conversions'))
       GROUP BY table ORDER BY table`,
    );
    console.log('  stored rows (parts):', parts.map((p) => `${p.table} ${Number(p.rows).toLocaleString('en-US')} (${p.parts})`).join(', '));

    // ---- the API ----
    const { app, cookie } = await startReportApi(entities, analytics, logger);

    async function time(url: string): Promise<{ first: number; p50: number; p95: number; body: string }> {
      let body = '';
      let first = 0;
      for (let i = 0; i < 2; i++) {
        const started = performance.now();
        body = (await app.inject({ method: 'GET', url, headers: { cookie } })).body;
        if (i === 0) first = performance.now() - started;
      }
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        samples.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      }
      samples.sort((a, b) => a - b);
      return { first, p50: percentile(samples, 50), p95: percentile(samples, 95), body };
    }

    console.log(`\n${'query'.padEnd(34)} ${'first call'.padStart(10)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}   ${'PostgreSQL'.padStart(10)}  ratio (PostgreSQL / p50)`);
    // The views first: the groupings end with their PostgreSQL baselines and the targets' summary.
    if (ONLY === 'clicklog') (await timeClickLog(time))();
    if (ONLY === undefined || ONLY === 'views') await timeViews(time);
    if (ONLY === undefined || ONLY === 'groupings') await timeGroupings(time, baseline, pgLoaded);
    await app.close();
  } finally {
    await baseline.sql.close().catch(() => {});
    await analytics.close();
    await entities.close();
    if (!args.store) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
