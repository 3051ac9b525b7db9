// The CAKE sync job: pulls the network's conversions and per-sub-id daily stats for a day range, in
// windows CAKE accepts, and upserts them into cake_conversions (on conversion id) and cake_stats (on day,
// offer and sub ids), so a re-pull of a revised day leaves exactly CAKE's new figures. Every run, good or
// failed, is recorded on the cake_integration row for the Settings card.
import { eq, sql } from 'drizzle-orm';
import { decryptSecret, schema, type Db, type JobProcessor, type Logger, type OutgoingPolicy } from '@tracker/core';
import { cakeWindows, fetchCakeConversions, fetchCakeSubIdStats, type CakeCredentials } from '@tracker/integrations';
import { cakeSyncJobSchema, type CakeSyncJob, type CakeSyncResult } from '@tracker/schemas';

export interface CakeSyncDeps {
  db: Db;
  secretsKey: Buffer;
  logger: Logger;
  /** Which addresses the CAKE base URL may reach (OUTGOING_ALLOW_PRIVATE); absent: public ones only. */
  outgoing?: OutgoingPolicy;
}

const BATCH = 500;

async function readCredentials(db: Db, secretsKey: Buffer): Promise<CakeCredentials> {
  const [row] = await db.select().from(schema.cakeIntegration).where(eq(schema.cakeIntegration.id, 1));
  if (!row) throw new Error('CAKE is not configured: save its base URL, API key and affiliate id first');
  return { baseUrl: row.baseUrl, affiliateId: row.affiliateId, apiKey: decryptSecret(secretsKey, row.apiKeyEncrypted) };
}

async function upsertWindow(db: Db, creds: CakeCredentials, window: CakeSyncJob, outgoing: OutgoingPolicy | undefined): Promise<{ stats: number; conversions: number }> {
  const [conversions, stats] = await Promise.all([
    fetchCakeConversions(creds, window.startDate, window.endDate, outgoing),
    fetchCakeSubIdStats(creds, window.startDate, window.endDate, outgoing),
  ]);
  await db.transaction(async (tx) => {
    for (let i = 0; i < conversions.length; i += BATCH) {
      const t = schema.cakeConversions;
      await tx
        .insert(t)
        .values(
          conversions.slice(i, i + BATCH).map((c) => ({
            conversionId: c.conversionId,
            conversionDate: new Date(c.conversionDate),
            offerId: c.offerId,
            offerName: c.offerName,
            subid1: c.subid1,
            subid2: c.subid2,
            subid3: c.subid3,
            revenue: c.price,
          })),
        )
        .onConflictDoUpdate({
          target: t.conversionId,
          set: {
            conversionDate: sql`excluded.conversion_date`,
            offerId: sql`excluded.offer_id`,
            offerName: sql`excluded.offer_name`,
            subid1: sql`excluded.subid1`,
            subid2: sql`excluded.subid2`,
            subid3: sql`excluded.subid3`,
            revenue: sql`excluded.revenue`,
          },
        });
    }
    // Summary rows of one sub id may repeat within a day (one per offer is the key): sum exact duplicates.
    const merged = new Map<string, (typeof stats)[number]>();
    for (const s of stats) {
      const key = [s.date, s.offerId, s.subid1, s.subid2, s.subid3].join('\u0000');
      const prev = merged.get(key);
      if (!prev) merged.set(key, { ...s });
      else {
        prev.clicks += s.clicks;
        prev.conversions += s.conversions;
        prev.revenue = (Number(prev.revenue) + Number(s.revenue)).toFixed(2);
      }
    }
    const rows = [...merged.values()];
    for (let i = 0; i < rows.length; i += BATCH) {
      const t = schema.cakeStats;
      await tx
        .insert(t)
        .values(rows.slice(i, i + BATCH))
        .onConflictDoUpdate({
          target: [t.date, t.offerId, t.subid1, t.subid2, t.subid3],
          set: {
            offerName: sql`excluded.offer_name`,
            clicks: sql`excluded.clicks`,
            conversions: sql`excluded.conversions`,
            revenue: sql`excluded.revenue`,
          },
        });
    }
  });
  return { stats: stats.length, conversions: conversions.length };
}

export async function syncCake(deps: CakeSyncDeps, range: CakeSyncJob): Promise<CakeSyncResult> {
  const started = Date.now();
  const record = (values: Partial<typeof schema.cakeIntegration.$inferInsert>) =>
    deps.db.update(schema.cakeIntegration).set({ lastRunAt: new Date(), lastDurationMs: Date.now() - started, ...values }).where(eq(schema.cakeIntegration.id, 1));
  try {
    const creds = await readCredentials(deps.db, deps.secretsKey);
    let statsRows = 0;
    let conversionRows = 0;
    for (const window of cakeWindows(range.startDate, range.endDate)) {
      const written = await upsertWindow(deps.db, creds, window, deps.outgoing);
      statsRows += written.stats;
      conversionRows += written.conversions;
    }
    const rows = statsRows + conversionRows;
    await record({ lastRows: rows, lastError: null, lastSuccessAt: new Date() });
    deps.logger.info({ ...range, rows }, 'CAKE sync done');
    return { ...range, rows, statsRows, conversionRows, durationMs: Date.now() - started };
  } catch (error) {
    const message = (error as Error).message;
    await record({ lastRows: 0, lastError: message }).catch((recordError: unknown) =>
      deps.logger.error({ err: recordError }, 'could not record the failed CAKE sync on its card'),
    );
    deps.logger.warn({ ...range, err: error }, 'CAKE sync failed');
    throw error;
  }
}

export function runCakeSync(deps: CakeSyncDeps): JobProcessor<CakeSyncJob, CakeSyncResult> {
  return async (job) => syncCake(deps, cakeSyncJobSchema.parse(job.data));
}
