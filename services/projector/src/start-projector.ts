// The projector: consumes the event log in batches and writes the analytics store and the
// conversions ledger, idempotently, committing log offsets only after a batch is written. A timer
// retries parked conversions (their click not seen yet, or their payout's reference rate not known yet) until
// they can be attributed and converted, or their click's wait is over.
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { MoneyConverter, newEventId, schema, type Analytics, type Db, type EventLog, type JobQueue, type Logger, type Subscription } from '@tracker/core';
import { conversionEventSchema, type ConversionEvent } from '@tracker/schemas';
import { BatchRanges } from './batch-ranges';
import { ClickResolver } from './click-resolver';
import { consumerErrorLog } from './consumer-error-log';
import { reviseConversions, type PendingConversion, type Revision } from './conversion-ledger';
import { enqueuePixelEvents, projectUnit, type ProjectionContext, type UnitOutcome } from './project-unit';
import { UnitDecoder } from './unit-decoder';

export interface ProjectorDeps {
  eventLog: EventLog;
  analytics: Analytics;
  db: Db;
  queue?: JobQueue;
  logger: Logger;
}

/**
 * Batches of up to half a second. Every insert writes a part to each analytics table it feeds (the
 * raw table and its rollup views), and parts are then merged: at 10k clicks/s, 50 ms batches cost the
 * analytics engine about four times the CPU of 500 ms ones, CPU the click redirect shares on a small
 * machine. Reports poll every 30 s, so half a second of lag is invisible.
 */
export const DEFAULT_MAX_WAIT_MS = 500;
export const DEFAULT_MAX_BATCH_SIZE = 20_000;

export interface ProjectorOptions {
  group?: string;
  maxBatchSize?: number;
  maxWaitMs?: number;
  /** Default 15 minutes. */
  unattributedAfterMs?: number;
  /** Default 5 s; 0 turns the timer off (tests call retryParked). */
  parkedRetryMs?: number;
  now?: () => number;
}

export interface Projector {
  readonly group: string;
  readonly totals: UnitOutcome;
  /** Per partition, the publish time (epoch ms) of the last record projected: how fresh reports are. */
  readonly projectedUpTo: ReadonlyMap<number, number>;
  /** Projects parked conversions whose click is now known or whose wait is over; returns how many. */
  retryParked(): Promise<number>;
  /**
   * Lets the batch in hand finish and commit, then projects nothing (no batch, no parked retry) until the
   * returned function is called: meanwhile the stores agree with the committed offsets (what a backup copies).
   */
  hold(): Promise<() => Promise<void>>;
  stop(): Promise<void>;
}

export const DEFAULT_GROUP = 'projector';

/** Parked rows read per query: the retry walks all of them, a page at a time, so memory stays bounded. */
const PARKED_PAGE_SIZE = 500;

export async function startProjector(deps: ProjectorDeps, options: ProjectorOptions = {}): Promise<Projector> {
  const group = options.group ?? DEFAULT_GROUP;
  const ctx: ProjectionContext = {
    group,
    db: deps.db,
    analytics: deps.analytics,
    queue: deps.queue,
    clicks: new ClickResolver(deps.analytics),
    decoder: new UnitDecoder(),
    logger: deps.logger,
    unattributedAfterMs: options.unattributedAfterMs ?? 15 * 60_000,
    now: options.now,
  };
  const ranges = new BatchRanges(deps.db, group);
  const totals: UnitOutcome = { clicks: 0, exits: 0, copies: 0, conversions: 0, parked: 0, invalid: 0 };
  const projectedUpTo = new Map<number, number>();

  const subscribe = () => deps.eventLog.subscribe({
    group,
    maxBatchSize: options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE,
    maxWaitMs: options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS,
    retryDelayMs: 1000,
    onError: (error, batch) =>
      deps.logger.error({ err: error, partition: batch.partition, from: batch.records[0]?.offset }, 'projection failed: retrying'),
    // A lost broker or an unreadable segment is retried by the log itself, every second or so.
    onConsumerError: consumerErrorLog(deps.logger),
    handle: async (batch) => {
      for (const unit of await ranges.split(batch.partition, batch.records)) {
        if (!unit.recorded) await ranges.record(unit);
        const outcome = await projectUnit(ctx, unit);
        for (const key of Object.keys(totals) as (keyof UnitOutcome)[]) totals[key] += outcome[key];
      }
      const last = batch.records.at(-1);
      if (last) projectedUpTo.set(batch.partition, last.timestamp);
    },
  });
  let subscription: Subscription | undefined = await subscribe();
  /** Holds in force (hold() calls not yet released); the subscription is stopped while above 0. */
  let holds = 0;
  let holding: Promise<void> = Promise.resolve();

  let retrying: Promise<number> | undefined;
  const parked = schema.parkedConversions;

  /** Keeps a row it cannot parse out of the retry, and says so once: the next walk no longer reads it. */
  async function setAside(row: typeof parked.$inferSelect, error: Error) {
    await deps.db.update(parked).set({ unreadable: error.message }).where(eq(parked.eventId, row.eventId));
    deps.logger.error(
      { eventId: row.eventId, clickId: row.clickId, partition: row.logPartition, offset: row.logOffset, err: error },
      'parked conversion cannot be read: set aside (kept in parked_conversions), the others keep retrying',
    );
  }

  /** Writes claimed conversions' analytics rows under their claim's token, enqueues their pixel events, and lets go of
   *  their parked rows. */
  async function writeClaimed(token: string, revisions: Revision[]): Promise<void> {
    await deps.analytics.insert('conversions', revisions.flatMap((r) => r.rows), { dedupToken: token });
    await enqueuePixelEvents(ctx, revisions);
    await deps.db.delete(parked).where(eq(parked.retryToken, token));
  }

  /**
   * The page's conversions ready to be written, written in one insert: an analytics insert costs ~40 ms however few
   * its rows (the conversions table's views are analysed on every insert), so one each made a backlog of a thousand
   * parked conversions a minute's work. The rows are claimed first, in one statement, under a token of this write:
   * a row another projector claimed meanwhile is left to it, and a claim this process does not finish (it stops
   * between the insert and the delete) is finished by the next walk under the same token (`finishClaimed`).
   */
  async function writeRetried(ready: Array<{ eventId: string; revisions: Revision[] }>): Promise<number> {
    if (ready.length === 0) return 0;
    const token = `${group}/parked/${newEventId()}`;
    const claimed = await deps.db
      .update(parked)
      .set({ retryToken: token })
      .where(and(inArray(parked.eventId, ready.map((r) => r.eventId)), isNull(parked.retryToken)))
      .returning({ eventId: parked.eventId });
    const mine = new Set(claimed.map((r) => r.eventId));
    await writeClaimed(token, ready.filter((r) => mine.has(r.eventId)).flatMap((r) => r.revisions));
    return mine.size;
  }

  /**
   * Claims not finished: their projector stopped after claiming, or another projector is writing them now. Every
   * claimed event is in the ledger already (it was revised before the claim), so revising it again gives the rows it
   * was claimed with, and the insert under the claim's token is dropped by the analytics store if it was made before.
   */
  async function finishClaimed(): Promise<number> {
    const rows = await deps.db
      .select()
      .from(parked)
      .where(and(isNotNull(parked.retryToken), isNull(parked.unreadable)))
      .orderBy(asc(parked.logPartition), asc(parked.logOffset));
    const byToken = new Map<string, typeof rows>();
    for (const row of rows) byToken.set(row.retryToken!, [...(byToken.get(row.retryToken!) ?? []), row]);
    let finished = 0;
    for (const [token, claim] of byToken) {
      const pending: PendingConversion[] = [];
      for (const row of claim) {
        const parsed = conversionEventSchema.safeParse(row.event);
        if (!parsed.success) {
          await setAside(row, parsed.error);
          continue;
        }
        pending.push({ event: parsed.data, at: { partition: row.logPartition, offset: row.logOffset }, click: null, parkedAt: row.parkedAt, waitedForRate: row.rateCurrency !== null });
      }
      const found = await ctx.clicks.resolve(pending.map((p) => p.event.data.clickId));
      const { revisions } = await reviseConversions(deps.db, pending.map((p) => ({ ...p, click: found.get(p.event.data.clickId) ?? null })));
      await writeClaimed(token, revisions);
      finished += pending.length;
    }
    return finished;
  }

  async function retryParkedOnce(): Promise<number> {
    const now = (options.now ?? Date.now)();
    // Keep a click's conversions in log order: one still waiting holds back the later ones, on any page.
    const blocked = new Set<string>();
    let rates: Promise<MoneyConverter> | undefined;
    /** A row waiting for a rate still unknown is passed over: read once per walk and (currency, day), not per row. */
    const rateKnown = async (row: typeof parked.$inferSelect) => {
      if (!row.rateCurrency || !row.rateDay) return true;
      rates ??= MoneyConverter.open(deps.db);
      return (await rates).knowsRate(row.rateCurrency, row.rateDay);
    };
    let projected = await finishClaimed();
    let after: { partition: number; offset: number } | undefined;
    for (;;) {
      const page = await deps.db
        .select()
        .from(parked)
        .where(
          and(
            isNull(parked.unreadable),
            after && sql`(${parked.logPartition}, ${parked.logOffset}) > (${after.partition}, ${after.offset})`,
          ),
        )
        .orderBy(asc(parked.logPartition), asc(parked.logOffset))
        .limit(PARKED_PAGE_SIZE);
      if (page.length === 0) break;
      const last = page[page.length - 1]!;
      after = { partition: last.logPartition, offset: last.logOffset };

      const readable: Array<{ row: (typeof page)[number]; event: ConversionEvent }> = [];
      // A row claimed since finishClaimed read them is being written by another projector.
      for (const row of page.filter((r) => r.retryToken === null)) {
        const parsed = conversionEventSchema.safeParse(row.event);
        if (parsed.success) readable.push({ row, event: parsed.data });
        else await setAside(row, parsed.error);
      }
      const found = await ctx.clicks.resolve(readable.map(({ row }) => row.clickId));
      const ready: Array<{ eventId: string; revisions: Revision[] }> = [];
      for (const { row, event } of readable) {
        const click = found.get(row.clickId) ?? null;
        if (
          blocked.has(row.clickId) ||
          (!click && now - event.at < ctx.unattributedAfterMs) ||
          !(await rateKnown(row))
        ) {
          blocked.add(row.clickId);
          continue;
        }
        // Revised one at a time, in log order: the ledger decides each against the ones before it.
        const { revisions, waiting } = await reviseConversions(deps.db, [
          { event, at: { partition: row.logPartition, offset: row.logOffset }, click, parkedAt: row.parkedAt, waitedForRate: row.rateCurrency !== null },
        ]);
        const [rate] = waiting;
        if (rate) {
          // Its click is known now, its payout's rate not yet: it waits on, and says for what.
          blocked.add(row.clickId);
          if (row.rateCurrency !== rate.currency || row.rateDay !== rate.day) {
            await deps.db.update(parked).set({ rateCurrency: rate.currency, rateDay: rate.day }).where(eq(parked.eventId, event.id));
          }
          continue;
        }
        ready.push({ eventId: event.id, revisions });
      }
      projected += await writeRetried(ready);
      if (page.length < PARKED_PAGE_SIZE) break;
    }
    totals.parked -= projected;
    totals.conversions += projected;
    return projected;
  }
  const retryParked = () => {
    if (holds > 0) return Promise.resolve(0);
    retrying ??= retryParkedOnce().finally(() => (retrying = undefined));
    return retrying;
  };

  let stopped = false;
  const retryMs = options.parkedRetryMs ?? 5000;
  const timer =
    retryMs > 0
      ? setInterval(() => {
          retryParked().catch((error: unknown) => deps.logger.error({ err: error }, 'parked conversions retry failed'));
        }, retryMs)
      : undefined;
  timer?.unref();

  return {
    group,
    totals,
    projectedUpTo,
    retryParked,
    async hold() {
      holds += 1;
      holding = holding.then(async () => {
        const current = subscription;
        subscription = undefined;
        await current?.stop();
        await retrying?.catch(() => 0);
      });
      await holding;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        holds -= 1;
        holding = holding.then(async () => {
          if (holds === 0 && !stopped && !subscription) subscription = await subscribe();
        });
        await holding;
      };
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await holding.catch(() => {});
      await subscription?.stop();
      await retrying?.catch(() => 0);
      await ctx.decoder.close();
    },
  };
}

