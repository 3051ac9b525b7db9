// npx tsx bench/response-serialize.ts [--runs 200]: what answering through a zod response schema costs on
// the largest JSON answers (a report of thousands of rows, a full Click Log page): the same answer from two
// routes of one server (createHttpServer, the API's serializer), one declaring the route's response schema
// and one declaring none (Fastify's own JSON.stringify, as before), called in turn; the medians of the CPU
// time of the serializing step alone.
import { deepStrictEqual } from 'node:assert/strict';
import { parseArgs } from 'node:util';
import { createHttpServer, createLogger } from '@tracker/core';
import { clickLogResponseSchema, computeMetrics, moneyFromCents, reportResponseSchema, type ClickLogResponse, type ReportResponse, type ReportRow } from '@tracker/schemas';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '200' } } });
const RUNS = Number(args.runs);
const WARMUP = 10;

function reportRow(i: number): ReportRow {
  const clicks = 1000 + i;
  const revenueCents = 12_345 + i;
  const spendCents = 9_876 + i;
  return {
    key: `ad-${i}`,
    label: `Creative ${i} — hook v${i % 7}`,
    clicks,
    botClicks: i % 13,
    conversions: i % 40,
    revenue: moneyFromCents(revenueCents),
    spend: moneyFromCents(spendCents),
    linkClicks: clicks,
    exitClicks: Math.floor(clicks / 3),
    landerCtr: 1 / 3,
    pendingConversions: i % 5,
    pendingPayout: moneyFromCents(i * 3),
    rejectedConversions: i % 3,
    rejectedPayout: moneyFromCents(i),
    ...computeMetrics({ clicks, conversions: i % 40, revenueCents, spendCents, exitClicks: Math.floor(clicks / 3) }),
  };
}

function report(rows: number): ReportResponse {
  return {
    groupBy: 'tiktokCreativeId',
    startDate: '2025-04-01',
    endDate: '2026-03-31',
    timezone: 'America/New_York',
    granularity: 'day',
    rows: Array.from({ length: rows }, (_, i) => reportRow(i)),
    totals: reportRow(rows),
    series: Array.from({ length: 366 }, (_, d) => ({ bucket: `day-${d}`, visits: d * 10, conversions: d, revenue: '12.34', spend: '5.67', profit: '6.67' })),
    inexactSpendDays: [],
  };
}

function clickLog(rows: number): ClickLogResponse {
  return {
    rows: Array.from({ length: rows }, (_, i) => ({
      clickId: `0190a1b2-c3d4-7e5f-8a9b-${String(i).padStart(12, '0')}`,
      campaignId: 'cmp1',
      campaignName: 'Campaign one',
      clickedAt: '2026-03-30T12:34:56.789Z',
      exitedAt: i % 3 === 0 ? '2026-03-30T12:35:10.000Z' : null,
      conversions: i % 50 === 0 ? 1 : 0,
      revenue: i % 50 === 0 ? '12.50' : '0.00',
      pendingConversions: 0,
      pendingPayout: '0.00',
      rejectedConversions: 0,
      tiktokCampaignId: '1790000000000000',
      tiktokCampaignName: 'US broad',
      tiktokAdGroupId: '1790000000000001',
      adGroupName: 'Adset 1',
      tiktokCreativeId: '1790000000000002',
      creativeName: 'Hook v2',
      placement: 'TikTok',
      sparkId: 'spk_1',
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      country: 'US',
      device: 'Mobile',
      os: 'iOS',
      browser: 'Safari',
      rule: i % 4 === 0 ? 'Germany' : '',
      bot: '',
    })),
    total: 123_456,
    asOf: '2026-03-30T12:34:56.789Z_0190a1b2-c3d4-7e5f-8a9b-000000000000',
    newer: 0,
    summary: { totalClicks: 123_456, exitClicks: 40_000, convertedClicks: 2_000, conversionRate: 0.016, landerCtr: 0.32 },
    timezone: 'America/New_York',
    rawRetention: { days: 400, keptFrom: '2025-02-24' },
  };
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The serializing alone: from Fastify's preSerialization hook (the handler's object) to its onSend hook (the text). */
async function compare(name: string, schema: typeof reportResponseSchema | typeof clickLogResponseSchema, data: unknown): Promise<void> {
  const app = createHttpServer({ logger: createLogger('silent'), trustProxy: false });
  // CPU time, not wall time: a busy machine's waits for a core are not the serializer's.
  let started = process.cpuUsage();
  let took = 0;
  app.addHook('preSerialization', async (_request, _reply, payload) => {
    started = process.cpuUsage();
    return payload;
  });
  app.addHook('onSend', async (_request, _reply, payload) => {
    const used = process.cpuUsage(started);
    took = (used.user + used.system) / 1000;
    return payload;
  });
  app.get('/plain', async () => data);
  app.get('/schema', { schema: { response: { 200: schema } } }, async () => data as never);
  await app.ready();
  const [plainBody, schemaBody] = [(await app.inject('/plain')).body, (await app.inject('/schema')).body];
  // The same answer, its fields perhaps in the schema's order.
  deepStrictEqual(JSON.parse(schemaBody), JSON.parse(plainBody), `${name}: the schema's answer differs`);
  const plain: number[] = [];
  const zod: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    await app.inject('/plain');
    if (i >= WARMUP) plain.push(took);
    await app.inject('/schema');
    if (i >= WARMUP) zod.push(took);
  }
  await app.close();
  const [p, s] = [median(plain), median(zod)];
  console.log(
    `${name.padEnd(24)} ${(plainBody.length / 1024).toFixed(0).padStart(6)} KB   no schema ${p.toFixed(2).padStart(7)} ms   schema ${s.toFixed(2).padStart(7)} ms   +${(s - p).toFixed(2)} ms`,
  );
}

for (const rows of [100, 1_000, 5_000, 10_000]) await compare(`report, ${rows} rows`, reportResponseSchema, report(rows));
for (const rows of [100, 1_000]) await compare(`click log, ${rows} rows`, clickLogResponseSchema, clickLog(rows));
