// The conversions ledger in the entity store decides what each conversion event means: a new
// transaction (+1 row), a replay (nothing), or a revision of status or payout (-1 of the old values,
// +1 of the new). Each event's outcome is kept as the analytics rows it produced, so projecting the
// same event again, after a crash or in a replay of the whole log, writes the same rows; a second copy
// of the event at another log position writes none.
import { inArray, sql } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import { TRACKING_VARIABLES, type ConversionEvent, type TrackingVariableColumn } from '@tracker/schemas';
import { selectInChunks, writeInChunks } from './bounded-statements';
import { EMPTY_AUDIENCE, deriveClickAudience } from '@tracker/core/click-audience';
import { EMPTY_DIMENSIONS, chTime, dimensionColumns, type LogPosition, type ResolvedClick } from './analytics-rows';

export type ConversionRow = schema.ConversionRow;

export interface PendingConversion {
  event: ConversionEvent;
  at: LogPosition;
  /** The click, or null when it is unknown and the conversion counts as unattributed. */
  click: ResolvedClick | null;
  /** When the event was parked waiting for its click, if it was (the conversion log shows it). */
  parkedAt?: Date;
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
        // Derived from the click's IP and user agent as its own row was, so a conversion groups with its click.
        ...(click ? deriveClickAudience(click.ip, click.userAgent) : EMPTY_AUDIENCE),
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
  const { campaign_id, lander_id, offer_id, spark_id } = row;
  const variables = {} as Record<TrackingVariableColumn, string>;
  for (const { column } of TRACKING_VARIABLES) variables[column] = row[column] ?? '';
  return { campaign_id, lander_id, offer_id, spark_id, ...variables };
}

/** A transaction's ledger row as this batch leaves it. */
interface LedgerEntry {
  /** Set for a row that was in the ledger before this batch. */
  id?: number;
  transactionId: string;
  clickId: string;
  payout: string;
  offerId: string | null;
  offerName: string | null;
  status: (typeof schema.postbackConversions.$inferSelect)['status'];
  metadata: schema.LedgerMetadata;
  receivedAt: Date;
  /** A new row's first event's time; a revision writes the time it was made (`now()` on a stored row). */
  updatedAt: Date;
  /** This batch changed the row. */
  changed: boolean;
}

/** numeric(10, 2) as the store gives it back: an event's '012.50' is stored and compared as '12.50'. */
const storedAmount = (payout: string) => payout.replace(/^0+(?=\d)/, '');

/**
 * Applies the events to the ledger in order, in one transaction, and returns each one's rows. The
 * ledger is read and written in bounded statements (bounded-statements.ts), never one per event.
 */
export async function reviseConversions(db: Db, pending: PendingConversion[]): Promise<Revision[]> {
  if (pending.length === 0) return [];
  return db.transaction(async (tx) => {
    const done = new Map(
      (
        await selectInChunks(new Set(pending.map((p) => p.event.id)), (ids) =>
          tx
            .select({ eventId: schema.conversionRevisions.eventId, rows: schema.conversionRevisions.rows })
            .from(schema.conversionRevisions)
            .where(inArray(schema.conversionRevisions.eventId, ids)),
        )
      ).map((r) => [r.eventId, r.rows]),
    );

    const fresh = pending.filter((p) => !done.has(p.event.id)).map((p) => p.event.data.transactionId);
    // Locked in one order by every projector process, so two of them never wait on each other crosswise.
    const stored = await selectInChunks([...new Set(fresh)].sort(), (transactionIds) =>
      tx
        .select()
        .from(schema.postbackConversions)
        .where(inArray(schema.postbackConversions.transactionId, transactionIds))
        .for('update'),
    );
    const ledger = new Map<string, LedgerEntry>(
      stored.map((r) => [r.transactionId, { ...r, payout: storedAmount(r.payout), metadata: r.metadata!, changed: false }]),
    );

    const revisions: Revision[] = [];
    const written: Array<typeof schema.conversionRevisions.$inferInsert> = [];
    for (const p of pending) {
      const { event } = p;
      let rows = done.get(event.id);
      if (rows) {
        // Written from another log position: this is a second copy of the event (a publish retried
        // after its answer was lost), already counted. The same position is a re-sent batch.
        if (rows.length > 0 && (rows[0]!.log_partition !== p.at.partition || rows[0]!.log_offset !== p.at.offset)) continue;
      } else {
        rows = applyToLedger(ledger, p);
        written.push(logEntry(p, rows, ledger.get(event.data.transactionId)!));
        done.set(event.id, rows);
      }
      const current = rows.find((r) => r.sign === 1);
      revisions.push({ event, rows, becameApproved: becameApproved(rows), campaignId: current?.campaign_id ?? '' });
    }

    const changed = [...ledger.values()].filter((e) => e.changed);
    await writeInChunks(
      changed.filter((e) => e.id === undefined),
      (entries) =>
        tx.insert(schema.postbackConversions).values(
          entries.map((e) => ({
            transactionId: e.transactionId,
            clickId: e.clickId,
            payout: e.payout,
            offerId: e.offerId,
            offerName: e.offerName,
            status: e.status,
            metadata: e.metadata,
            receivedAt: e.receivedAt,
            updatedAt: e.updatedAt,
          })),
        ),
    );
    await writeInChunks(
      changed.filter((e) => e.id !== undefined),
      (entries) => {
        const values = sql.join(
          entries.map((e) => sql`(${e.id}::integer, ${e.status}, ${e.payout}::numeric, ${JSON.stringify(e.metadata)}::jsonb)`),
          sql`, `,
        );
        return tx
          .update(schema.postbackConversions)
          .set({ status: sql`v.status`, payout: sql`v.payout`, metadata: sql`v.metadata`, updatedAt: sql`now()` })
          .from(sql`(VALUES ${values}) AS v(id, status, payout, metadata)`)
          .where(sql`${schema.postbackConversions.id} = v.id`);
      },
    );
    await writeInChunks(written, (rows) => tx.insert(schema.conversionRevisions).values(rows));
    return revisions;
  });
}

/** The event as the conversion log lists it: what was received, and what it did to the ledger. */
function logEntry(p: PendingConversion, rows: ConversionRow[], entry: LedgerEntry): typeof schema.conversionRevisions.$inferInsert {
  const d = p.event.data;
  const current = entry.metadata.lastRow;
  return {
    eventId: p.event.id,
    transactionId: d.transactionId,
    rows,
    clickId: d.clickId,
    status: d.status,
    payout: storedAmount(d.payout),
    receivedAt: new Date(p.event.at),
    outcome: rows.length === 0 ? 'replay' : rows.length === 1 ? 'new' : 'revised',
    attributed: current.attributed === 1,
    campaignId: current.campaign_id || null,
    source: d.source,
    parkedAt: p.parkedAt ?? null,
  };
}

/** The event's outcome against the ledger as the events before it left it, applied to `ledger`. */
function applyToLedger(ledger: Map<string, LedgerEntry>, p: PendingConversion): ConversionRow[] {
  const { event } = p;
  const d = event.data;
  const existing = ledger.get(d.transactionId);
  if (!existing) {
    const row = positiveRow(p, null);
    ledger.set(d.transactionId, {
      transactionId: d.transactionId,
      clickId: d.clickId,
      payout: storedAmount(d.payout),
      offerId: d.offerId || null,
      offerName: d.offerName || null,
      status: d.status,
      metadata: { lastRow: row, source: d.source },
      receivedAt: new Date(event.at),
      updatedAt: new Date(event.at),
      changed: true,
    });
    return [row];
  }
  if (existing.status === d.status && existing.payout === storedAmount(d.payout)) return [];
  // Every ledger row is written here, always with its metadata.
  const previous = existing.metadata.lastRow;
  const row = positiveRow(p, previous);
  const undo: ConversionRow = {
    ...previous,
    event_id: event.id,
    sign: -1,
    converted_at: chTime(event.at),
    log_partition: p.at.partition,
    log_offset: p.at.offset,
  };
  existing.status = d.status;
  existing.payout = storedAmount(d.payout);
  existing.metadata = { lastRow: row, source: d.source };
  existing.updatedAt = new Date();
  existing.changed = true;
  return [undo, row];
}
