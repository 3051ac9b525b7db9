// The conversions ledger in the entity store decides what each conversion event means: a new
// transaction (+1 row), a replay (nothing), or a revision of status or payout (-1 of the old values,
// +1 of the new). Each event's outcome is kept as the analytics rows it produced, so projecting the
// same event again, after a crash or in a replay of the whole log, writes the same rows; a second copy
// of the event at another log position writes none.
import { eq, inArray, sql } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import type { ConversionEvent } from '@tracker/schemas';
import { EMPTY_DIMENSIONS, chTime, dimensionColumns, type LogPosition, type ResolvedClick } from './analytics-rows';

export type ConversionRow = schema.ConversionRow;

export interface PendingConversion {
  event: ConversionEvent;
  at: LogPosition;
  /** The click, or null when it is unknown and the conversion counts as unattributed. */
  click: ResolvedClick | null;
}

export interface Revision {
  event: ConversionEvent;
  rows: ConversionRow[];
  /** This event made the transaction approved (new, or from pending/rejected): a pixel event is due. */
  becameApproved: boolean;
  campaignId: string;
}

function becameApproved(rows: ConversionRow[]): boolean {
  const added = rows.find((r) => r.sign === 1);
  const removed = rows.find((r) => r.sign === -1);
  return added?.status === 'approved' && removed?.status !== 'approved';
}

function positiveRow(p: PendingConversion, previous: ConversionRow | null): ConversionRow {
  const { event, at, click } = p;
  // A revision keeps the attribution the transaction was first written with.
  const attribution = previous
    ? {
        click_id: previous.click_id,
        clicked_at: previous.clicked_at,
        attributed: previous.attributed,
        ...dimensionColumnsOfRow(previous),
      }
    : {
        click_id: event.data.clickId,
        clicked_at: chTime(click?.clickedAt ?? event.at),
        attributed: (click ? 1 : 0) as 0 | 1,
        ...dimensionColumns(click ?? EMPTY_DIMENSIONS),
      };
  return {
    event_id: event.id,
    sign: 1,
    transaction_id: event.data.transactionId,
    converted_at: chTime(event.at),
    ...attribution,
    status: event.data.status,
    payout: event.data.payout,
    network_offer_id: event.data.offerId,
    network_offer_name: event.data.offerName,
    log_partition: at.partition,
    log_offset: at.offset,
  };
}

function dimensionColumnsOfRow(row: ConversionRow) {
  const { campaign_id, lander_id, offer_id, spark_id, tiktok_campaign_id, tiktok_ad_group_id, tiktok_creative_id,
    placement, campaign_name, ad_group_name, creative_name } = row;
  return { campaign_id, lander_id, offer_id, spark_id, tiktok_campaign_id, tiktok_ad_group_id, tiktok_creative_id,
    placement, campaign_name, ad_group_name, creative_name };
}

/** Applies the events to the ledger in order, in one transaction, and returns each one's rows. */
export async function reviseConversions(db: Db, pending: PendingConversion[]): Promise<Revision[]> {
  if (pending.length === 0) return [];
  return db.transaction(async (tx) => {
    const done = new Map(
      (
        await tx
          .select()
          .from(schema.conversionRevisions)
          .where(inArray(schema.conversionRevisions.eventId, pending.map((p) => p.event.id)))
      ).map((r) => [r.eventId, r.rows]),
    );
    const revisions: Revision[] = [];
    for (const p of pending) {
      const { event } = p;
      let rows = done.get(event.id);
      if (rows) {
        // Written from another log position: this is a second copy of the event (a publish retried
        // after its answer was lost), already counted. The same position is a re-sent batch.
        if (rows.length > 0 && (rows[0]!.log_partition !== p.at.partition || rows[0]!.log_offset !== p.at.offset)) continue;
      } else {
        rows = await applyToLedger(tx as unknown as Db, p);
        await tx
          .insert(schema.conversionRevisions)
          .values({ eventId: event.id, transactionId: event.data.transactionId, rows });
        done.set(event.id, rows);
      }
      const current = rows.find((r) => r.sign === 1);
      revisions.push({ event, rows, becameApproved: becameApproved(rows), campaignId: current?.campaign_id ?? '' });
    }
    return revisions;
  });
}

async function applyToLedger(tx: Db, p: PendingConversion): Promise<ConversionRow[]> {
  const { event } = p;
  const d = event.data;
  const [existing] = await tx
    .select()
    .from(schema.postbackConversions)
    .where(eq(schema.postbackConversions.transactionId, d.transactionId))
    .for('update');
  if (!existing) {
    const row = positiveRow(p, null);
    const metadata: schema.LedgerMetadata = { lastRow: row, source: d.source };
    await tx.insert(schema.postbackConversions).values({
      transactionId: d.transactionId,
      clickId: d.clickId,
      payout: d.payout,
      offerId: d.offerId || null,
      offerName: d.offerName || null,
      status: d.status,
      metadata,
      receivedAt: new Date(event.at),
      updatedAt: new Date(event.at),
    });
    return [row];
  }
  if (existing.status === d.status && existing.payout === d.payout) return [];
  // Every ledger row is written here, always with its metadata.
  const previous = existing.metadata!.lastRow;
  const row = positiveRow(p, previous);
  const undo: ConversionRow = {
    ...previous,
    event_id: event.id,
    sign: -1,
    converted_at: chTime(event.at),
    log_partition: p.at.partition,
    log_offset: p.at.offset,
  };
  const metadata: schema.LedgerMetadata = { lastRow: row, source: d.source };
  await tx
    .update(schema.postbackConversions)
    .set({ status: d.status, payout: d.payout, metadata, updatedAt: sql`now()` })
    .where(eq(schema.postbackConversions.id, existing.id));
  return [undo, row];
}
