// Projects one unit of log records: clicks and exits become rows as they are (second copies of an
// event skipped, see event-copies.ts), clicks also rows of the click rollups; conversions go
// through the ledger (or wait, parked, for a click not seen yet). Rows are inserted per table under
// the unit's deduplication tokens; due TikTok pixel events become jobs.
import { createHash } from 'node:crypto';
import { and, inArray, isNull } from 'drizzle-orm';
import { schema, type Analytics, type Db, type JobQueue, type Logger } from '@tracker/core';
import { CLICK_ROLLUP_TABLES } from '@tracker/core/click-rollups';
import { PIXEL_EVENT_JOB, type ClickEvent, type ConversionEvent, type PixelEventJob } from '@tracker/schemas';
import { resolvedFromClickEvent, type LogPosition } from './analytics-rows';
import { unitToken, type Unit } from './batch-ranges';
import { selectInChunks, writeInChunks } from './bounded-statements';
import type { ClickResolver } from './click-resolver';
import { keptClickRollups, keptLines } from './decode-unit';
import { keptRows } from './event-copies';
import type { UnitDecoder } from './unit-decoder';
import { reviseConversions, type PendingConversion, type Revision } from './conversion-ledger';

export interface ProjectionContext {
  group: string;
  db: Db;
  analytics: Analytics;
  queue?: JobQueue;
  clicks: ClickResolver;
  /** Decodes and encodes units off the event loop. */
  decoder: UnitDecoder;
  logger: Logger;
  /** A conversion whose click stays unknown this long after it happened counts as unattributed. */
  unattributedAfterMs: number;
  now?: () => number;
}

export interface UnitOutcome {
  clicks: number;
  exits: number;
  /** Second copies of clicks and exits, skipped. */
  copies: number;
  conversions: number;
  parked: number;
  invalid: number;
}

export async function projectUnit(ctx: ProjectionContext, unit: Unit): Promise<UnitOutcome> {
  const decoded = await ctx.decoder.decode(unit.partition, unit.records);
  for (const offset of decoded.invalid) {
    ctx.logger.error({ partition: unit.partition, offset }, 'not a tracking event: skipped');
  }
  const { clicks, exits, conversions } = decoded;
  const [kept, { revisions, parked }] = await Promise.all([
    keptRows(ctx.analytics, unit.partition, { clicks, exits }, unit.recorded),
    decideConversions(ctx, conversions, decoded.unitClicks, unit.recorded),
  ]);
  const keptClicks = kept.clicks;
  const keptExits = kept.exits;
  const clicksKept = keptClicks?.size ?? clicks.count;
  const exitsKept = keptExits?.size ?? exits.count;
  const clickLines = keptLines(clicks, keptClicks);
  const exitLines = keptLines(exits, keptExits);
  const clickRollups = keptClicks ? keptClickRollups(clicks, keptClicks) : decoded.clickRollups;

  // Clicks first: a conversion of a later batch looks its click up in click_index.
  await ctx.analytics.insertJsonLines('clicks', clickLines, { columns: clicks.columns, dedupToken: unitToken(ctx.group, unit, 'clicks') });
  for (const table of CLICK_ROLLUP_TABLES) {
    await ctx.analytics.insert(table, clickRollups[table], { dedupToken: unitToken(ctx.group, unit, table) });
  }
  await ctx.analytics.insertJsonLines('exits', exitLines, { columns: exits.columns, dedupToken: unitToken(ctx.group, unit, 'exits') });
  await ctx.analytics.insert('conversions', revisions.flatMap((r) => r.rows), {
    dedupToken: unitToken(ctx.group, unit, 'conversions'),
  });
  await enqueuePixelEvents(ctx, revisions);
  return {
    clicks: clicksKept,
    exits: exitsKept,
    copies: clicks.count - clicksKept + exits.count - exitsKept,
    conversions: conversions.length - parked,
    parked,
    invalid: decoded.invalid.length,
  };
}

async function decideConversions(
  ctx: ProjectionContext,
  conversions: Array<{ event: ConversionEvent; at: LogPosition }>,
  unitClicks: Map<string, ClickEvent>,
  resent: boolean,
): Promise<{ revisions: Revision[]; parked: number }> {
  if (conversions.length === 0) return { revisions: [], parked: 0 };
  const now = (ctx.now ?? Date.now)();
  const eventIds = conversions.map((c) => c.event.id);
  const clickIds = conversions.map((c) => c.event.data.clickId);
  // The click lookup runs in the analytics engine meanwhile; the entity store is read in bounded statements.
  const [found, [revised, alreadyParked, parkedClicks]] = await Promise.all([
    ctx.clicks.resolve(clickIds.filter((id) => !unitClicks.has(id))),
    (async () =>
      [
        await selectInChunks(eventIds, (ids) =>
          ctx.db
            .select({ id: schema.conversionRevisions.eventId })
            .from(schema.conversionRevisions)
            .where(inArray(schema.conversionRevisions.eventId, ids)),
        ),
        await selectInChunks(eventIds, (ids) =>
          ctx.db
            .select({ id: schema.parkedConversions.eventId })
            .from(schema.parkedConversions)
            .where(inArray(schema.parkedConversions.eventId, ids)),
        ),
        await selectInChunks(new Set(clickIds), (ids) =>
          ctx.db
            .select({ clickId: schema.parkedConversions.clickId })
            .from(schema.parkedConversions)
            // A row set aside as unreadable is never retried, so it holds nothing back.
            .where(and(inArray(schema.parkedConversions.clickId, ids), isNull(schema.parkedConversions.unreadable))),
        ),
      ] as const)(),
  ]);
  const revisedIds = new Set(revised.map((r) => r.id));
  const written = resent ? new Set<string>() : await writtenConversions(ctx.analytics, revisedIds);
  const parkedIds = new Set(alreadyParked.map((r) => r.id));
  const waitingClicks = new Set(parkedClicks.map((r) => r.clickId));

  const pending: PendingConversion[] = [];
  const toPark: typeof conversions = [];
  for (const c of conversions) {
    const clickId = c.event.data.clickId;
    // A parked event belongs to the retry loop: projecting it here too could reorder its revisions.
    if (parkedIds.has(c.event.id)) continue;
    if (written.has(c.event.id)) continue;
    if (revisedIds.has(c.event.id)) {
      pending.push({ ...c, click: null });
      continue;
    }
    const inUnit = unitClicks.get(clickId);
    const click = (inUnit && resolvedFromClickEvent(inUnit)) ?? found.get(clickId) ?? null;
    // Later conversions of a click queue behind its parked ones, so revisions stay in log order.
    if (waitingClicks.has(clickId) || (!click && now - c.event.at < ctx.unattributedAfterMs)) {
      toPark.push(c);
      waitingClicks.add(clickId);
      continue;
    }
    pending.push({ ...c, click });
  }
  await parkConversions(ctx.db, toPark);
  const { revisions, waiting } = await reviseConversions(ctx.db, pending);
  // Waiting for a reference rate: parked like a conversion waiting for its click, retried with them.
  await parkConversions(
    ctx.db,
    waiting.map((w) => ({ ...w.pending, rate: { currency: w.currency, day: w.day } })),
  );
  return { revisions, parked: toPark.length + waiting.length };
}

async function parkConversions(
  db: Db,
  conversions: Array<{ event: ConversionEvent; at: LogPosition; rate?: { currency: string; day: string } }>,
): Promise<void> {
  await writeInChunks(conversions, (chunk) =>
    db
      .insert(schema.parkedConversions)
      .values(
        chunk.map((c) => ({
          eventId: c.event.id,
          clickId: c.event.data.clickId,
          event: c.event,
          logPartition: c.at.partition,
          logOffset: c.at.offset,
          rateCurrency: c.rate?.currency ?? null,
          rateDay: c.rate?.day ?? null,
        })),
      )
      .onConflictDoNothing(),
  );
}

/**
 * Revised events whose rows the analytics store already holds. The ledger writes an event's rows again
 * whenever it is projected again, for a re-sent unit's deduplication tokens to drop; a unit that was not
 * recorded before has new tokens, so there its events already written must be left out. (An empty store,
 * a replay of the whole log, gets every event's rows again.)
 */
async function writtenConversions(analytics: Analytics, revisedIds: Set<string>): Promise<Set<string>> {
  const written = new Set<string>();
  if (revisedIds.size === 0) return written;
  const rows = await analytics.query<{ event_id: string }>(
    'SELECT DISTINCT event_id FROM conversions WHERE event_id IN {ids:Array(String)}',
    { ids: [...revisedIds] },
  );
  for (const row of rows) written.add(row.event_id);
  return written;
}

export async function enqueuePixelEvents(ctx: ProjectionContext, revisions: Revision[]): Promise<void> {
  const due = revisions.filter((r) => r.becameApproved && r.campaignId);
  if (due.length === 0 || !ctx.queue) return;
  const withPixel = new Set(
    (
      await ctx.db
        .select({ id: schema.campaigns.id, pixel: schema.campaigns.tiktokPixelId })
        .from(schema.campaigns)
        .where(inArray(schema.campaigns.id, [...new Set(due.map((r) => r.campaignId))]))
    )
      .filter((c) => c.pixel !== null)
      .map((c) => c.id),
  );
  for (const r of due) {
    if (!withPixel.has(r.campaignId)) continue;
    const job: PixelEventJob = {
      transactionId: r.event.data.transactionId,
      clickId: r.event.data.clickId,
      campaignId: r.campaignId,
      // What the reports count: the payout in the workspace currency (converted when the offer pays in another).
      payout: r.rows.find((row) => row.sign === 1)!.payout,
      currency: r.currency,
      eventTime: r.event.at,
    };
    // One pixel event per transaction, however often its conversion is projected.
    const jobId = `pixel-${createHash('sha256').update(job.transactionId).digest('hex').slice(0, 32)}`;
    await ctx.queue.enqueue(PIXEL_EVENT_JOB, job, { jobId, attempts: 8, backoffMs: 2000 });
  }
}
