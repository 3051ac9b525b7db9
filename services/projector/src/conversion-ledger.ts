// The conversions ledger in the entity store decides what each conversion event means: a new
// transaction (+1 row), a replay (nothing), or a revision of status or payout (-1 of the old values,
// +1 of the new). Each event's outcome is kept as the analytics rows it produced, so projecting the
// same event again, after a crash or in a replay of the whole log, writes the same rows; a second copy
// of the event at another log position writes none.
import { inArray, sql } from 'drizzle-orm';
import { schema, utcDay, type Db, type PayoutConversion } from '@tracker/core';
import { TRACKING_VARIABLES, type ConversionEvent, type TrackingVariableColumn } from '@tracker/schemas';
import { selectInChunks, writeInChunks } from './bounded-statements';
import { EMPTY_AUDIENCE, deriveClickAudience } from '@tracker/core/click-audience';
import { EMPTY_DIMENSIONS, chTime, dimensionColumns, type LogPosition, type ResolvedClick } from './analytics-rows';
import { PayoutRates } from './payout-rates';

export type ConversionRow = schema.ConversionRow;

export interface PendingConversion {
  event: ConversionEvent;
  at: LogPosition;
  /** The click, or null when it is unknown and the conversion counts as unattributed. */
  click: ResolvedClick | null;
  /** When the event was parked waiting for its click, if it was (the conversion log shows it). */
  parkedAt?: Date;
  /** It waited parked for its payout's reference rate. */
  waitedForRate?: boolean;
}

/** An event held back until the reference rate of its payout's currency on its transaction's day is known. */
export interface WaitingForRate {
  pending: PendingConversion;
  currency: string;
  day: string;
}

export interface LedgerOutcome {
  revisions: Revision[];
  /** In log order; a click's later events wait behind its first waiting one. */
  waiting: WaitingForRate[];
}

export interface Revision {
  event: ConversionEvent;
  rows: ConversionRow[];
  /** This event made the transaction approved (new, or from pending/rejected): a pixel event is due. */
  becameApproved: boolean;
  campaignId: string;
  /** The currency of the rows' payout: the workspace's. */
  currency: string;
}

function becameApproved(rows: ConversionRow[]): boolean {
  const added = rows.find((r) => r.sign === 1);
  const removed = rows.find((r) => r.sign === -1);
  return added?.status === 'approved' && removed?.status !== 'approved';
}

/** `payout` is the amount in the workspace currency (converted when the offer pays in another). */
function positiveRow(p: PendingConversion, previous: ConversionRow | null, payout: string): ConversionRow {
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
    payout,
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
  /** The currency `payout` is in (null on rows from before currencies: taken as the workspace's). */
  payoutCurrency: string | null;
  /** The payout as received and its currency, and the rate that converted it; null when none was needed. */
  originalPayout: string | null;
  originalCurrency: string | null;
  fxRate: string | null;
  fxRateDay: string | null;
  /** Re-expressed into a workspace currency whose rate is not known yet: `payout` counts 0 until it is. */
  fxPending: boolean;
}

/** numeric(10, 2) as the store gives it back: an event's '012.50' is stored and compared as '12.50'. */
const storedAmount = (payout: string) => payout.replace(/^0+(?=\d)/, '');

/**
 * Applies the events to the ledger in order, in one transaction, and returns each one's rows. The
 * ledger is read and written in bounded statements (bounded-statements.ts), never one per event.
 */
export async function reviseConversions(db: Db, pending: PendingConversion[]): Promise<LedgerOutcome> {
  if (pending.length === 0) return { revisions: [], waiting: [] };
  return db.transaction(async (tx) => {
    const rates = await PayoutRates.open(tx);
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
      stored.map((r) => [
        r.transactionId,
        {
          ...r,
          payout: storedAmount(r.payout),
          originalPayout: r.originalPayout === null ? null : storedAmount(r.originalPayout),
          metadata: r.metadata!,
          changed: false,
        },
      ]),
    );

    const revisions: Revision[] = [];
    const waiting: WaitingForRate[] = [];
    const waitingClicks = new Set<string>();
    const written: Array<typeof schema.conversionRevisions.$inferInsert> = [];
    for (const p of pending) {
      const { event } = p;
      // A click's conversions stay in log order: behind one that waits for a rate, the later ones wait too.
      if (waitingClicks.has(event.data.clickId) && !done.has(event.id)) {
        const { currency, day } = waiting.find((w) => w.pending.event.data.clickId === event.data.clickId)!;
        waiting.push({ pending: p, currency, day });
        continue;
      }
      let rows = done.get(event.id);
      if (rows) {
        // Written from another log position: this is a second copy of the event (a publish retried
        // after its answer was lost), already counted. The same position is a re-sent batch.
        if (rows.length > 0 && (rows[0]!.log_partition !== p.at.partition || rows[0]!.log_offset !== p.at.offset)) continue;
      } else {
        const applied = await applyToLedger(ledger, p, rates);
        if ('waitingFor' in applied) {
          waiting.push({ pending: p, ...applied.waitingFor });
          waitingClicks.add(event.data.clickId);
          continue;
        }
        rows = applied.rows;
        written.push(logEntry(p, rows, ledger.get(event.data.transactionId)!, rates));
        done.set(event.id, rows);
      }
      const current = rows.find((r) => r.sign === 1);
      revisions.push({
        event,
        rows,
        becameApproved: becameApproved(rows),
        campaignId: current?.campaign_id ?? '',
        currency: rates.workspace,
      });
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
            payoutCurrency: e.payoutCurrency,
            originalPayout: e.originalPayout,
            originalCurrency: e.originalCurrency,
            fxRate: e.fxRate,
            fxRateDay: e.fxRateDay,
            fxPending: e.fxPending,
          })),
        ),
    );
    await writeInChunks(
      changed.filter((e) => e.id !== undefined),
      (entries) => {
        const values = sql.join(
          entries.map(
            (e) =>
              sql`(${e.id}::integer, ${e.status}, ${e.payout}::numeric, ${JSON.stringify(e.metadata)}::jsonb, ${e.payoutCurrency}::text, ${e.originalPayout}::numeric, ${e.originalCurrency}::text, ${e.fxRate}::numeric, ${e.fxRateDay}::date, ${e.fxPending}::boolean)`,
          ),
          sql`, `,
        );
        return tx
          .update(schema.postbackConversions)
          .set({
            status: sql`v.status`,
            payout: sql`v.payout`,
            metadata: sql`v.metadata`,
            updatedAt: sql`now()`,
            payoutCurrency: sql`v.payout_currency`,
            originalPayout: sql`v.original_payout`,
            originalCurrency: sql`v.original_currency`,
            fxRate: sql`v.fx_rate`,
            fxRateDay: sql`v.fx_rate_day`,
            fxPending: sql`v.fx_pending`,
          })
          .from(
            sql`(VALUES ${values}) AS v(id, status, payout, metadata, payout_currency, original_payout, original_currency, fx_rate, fx_rate_day, fx_pending)`,
          )
          .where(sql`${schema.postbackConversions.id} = v.id`);
      },
    );
    await writeInChunks(written, (rows) => tx.insert(schema.conversionRevisions).values(rows));
    return { revisions, waiting };
  });
}

/** The event as the conversion log lists it: what was received, and what it did to the ledger. */
function logEntry(
  p: PendingConversion,
  rows: ConversionRow[],
  entry: LedgerEntry,
  rates: PayoutRates,
): typeof schema.conversionRevisions.$inferInsert {
  const d = p.event.data;
  const current = entry.metadata.lastRow;
  const received = entry.originalCurrency ?? entry.payoutCurrency;
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
    waitedForRate: p.waitedForRate ?? false,
    payoutCurrency: received && received !== rates.workspace ? received : null,
  };
}

/** The payout's conversion for an event (schema columns of the same names), or the rate it must wait for. */
async function convertedPayout(
  received: string,
  currency: string,
  day: string,
  rates: PayoutRates,
): Promise<PayoutConversion | { waitingFor: { currency: string; day: string } }> {
  const converted = await rates.convertPayout(received, currency, day);
  if (!converted) return { waitingFor: { currency, day } };
  return { ...converted, payout: storedAmount(converted.payout) };
}

/**
 * The event's outcome against the ledger as the events before it left it, applied to `ledger`; or the rate
 * it waits for (the ledger untouched). A transaction's payouts all take the rate of its first postback's UTC
 * day, so a revised payout never moves money through a rate change.
 */
async function applyToLedger(
  ledger: Map<string, LedgerEntry>,
  p: PendingConversion,
  rates: PayoutRates,
): Promise<{ rows: ConversionRow[] } | { waitingFor: { currency: string; day: string } }> {
  const { event } = p;
  const d = event.data;
  const received = storedAmount(d.payout);
  const existing = ledger.get(d.transactionId);
  if (!existing) {
    const converted = await convertedPayout(received, rates.currencyOf(p.click?.offerId ?? null), utcDay(event.at), rates);
    if ('waitingFor' in converted) return converted;
    const row = positiveRow(p, null, converted.payout);
    ledger.set(d.transactionId, {
      ...converted,
      transactionId: d.transactionId,
      clickId: d.clickId,
      offerId: d.offerId || null,
      offerName: d.offerName || null,
      status: d.status,
      metadata: { lastRow: row, source: d.source },
      receivedAt: new Date(event.at),
      updatedAt: new Date(event.at),
      changed: true,
    });
    return { rows: [row] };
  }
  if (existing.status === d.status && (existing.originalPayout ?? existing.payout) === received) return { rows: [] };
  // Rows from before currencies were written in the workspace currency of their day.
  const currency = existing.originalCurrency ?? existing.payoutCurrency ?? rates.workspace;
  const converted = await convertedPayout(received, currency, utcDay(existing.receivedAt), rates);
  if ('waitingFor' in converted) return converted;
  // Every ledger row is written here, always with its metadata.
  const previous = existing.metadata.lastRow;
  const row = positiveRow(p, previous, converted.payout);
  const undo: ConversionRow = {
    ...previous,
    event_id: event.id,
    sign: -1,
    converted_at: chTime(event.at),
    log_partition: p.at.partition,
    log_offset: p.at.offset,
  };
  Object.assign(existing, converted);
  existing.status = d.status;
  existing.metadata = { lastRow: row, source: d.source };
  existing.updatedAt = new Date();
  existing.changed = true;
  return { rows: [undo, row] };
}
