// The projector: consumes the event log in batches and writes the analytics store and the
// conversions ledger, idempotently, committing log offsets only after a batch is written. A timer
// retries parked conversions (their click not seen yet, or their payout's reference rate not known yet) until
// they can be attributed and converted, or their click's wait is over.
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { MoneyConverter, newEventId, schema, type Analytics, type Db, type EventLog, type JobQueue, type Logger, type Subscription } from '@tracker/core';
import { conversionEventSchema, type ConversionEvent } from '@tracker/schemas';
import { BatchRanges } from './batch-ranges';
import { ClickResolver } from './click-resolver';
import { consumerErrorLog } from './consumer-error-log';
import type { ResolvedClick } from './analytics-rows';
import { reviseConversions, type Revision } from './conversion-ledger';
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
  /** The nice value of the decoding thread (the tracker's BACKGROUND_NICE); 0 (the default) leaves it as is. */
  backgroundNice?: number;
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
/** A retry's claim this old is taken to be that of a walk that stopped (a page takes seconds at most). */
export const CLAIM_ABANDONED_MS = 60_000;

export async function startProjector(deps: ProjectorDeps, options: ProjectorOptions = {}): Promise<Projector> {
  const group = options.group ?? DEFAULT_GROUP;
  const ctx: ProjectionContext = {
    group,
    db: deps.db,
    analytics: deps.analytics,
    queue: deps.queue,
    clicks: new ClickResolver(deps.analytics),
    decoder: new UnitDecoder(options.backgroundNice),
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
    await deps.db.update(parked).set({ unreadable: error.message, retryToken: null, retryClaimedAt: null }).where(eq(parked.eventId, row.eventId));
    deps.logger.error(
      { eventId: row.eventId, clickId: row.clickId, partition: row.logPartition, offset: row.logOffset, err: error },
      'parked conversion cannot be read: set aside (kept in parked_conversions), the others keep retrying',
    );
  }

  /**
   * Claims rows for this walk, in one statement: a row another projector claimed is left to it. Claimed rows are
   * revised by this walk alone (two walks revising one new transaction at once met in the ledger's unique keys, and
   * one of them failed), and their analytics rows are written in one insert under the claim's token: an insert costs
   * ~30–60 ms of the analytics engine however few its rows (each view on the table is analysed again), so one
   * insert per conversion made a backlog of a thousand a minute's work.
   */
  async function claim(eventIds: string[]): Promise<{ token: string; mine: Set<string> }> {
    const token = `${group}/parked/${newEventId()}`;
    if (eventIds.length === 0) return { token, mine: new Set() };
    const claimed = await deps.db
      .update(parked)
      .set({ retryToken: token, retryClaimedAt: new Date() })
      .where(and(inArray(parked.eventId, eventIds), isNull(parked.retryToken)))
      .returning({ eventId: parked.eventId });
    return { token, mine: new Set(claimed.map((r) => r.eventId)) };
  }

  /** Rows a claim gives back (they wait on): the next walk looks at them again. */
  async function release(token: string, eventIds: string[]): Promise<void> {
    if (eventIds.length === 0) return;
    await deps.db
      .update(parked)
      .set({ retryToken: null, retryClaimedAt: null })
      .where(and(eq(parked.retryToken, token), inArray(parked.eventId, eventIds)));
  }

  /**
   * Revises a claim's conversions one at a time, in log order (the ledger decides each against the ones before it),
   * gives back those that must wait, writes the others' analytics rows under the claim's token, enqueues their pixel
   * events and lets go of their parked rows. Returns how many were projected.
   */
  async function project(token: string, claimed: Array<{ row: typeof parked.$inferSelect; event: ConversionEvent; click: ResolvedClick | null }>, blocked: Set<string>): Promise<number> {
    const revisions: Revision[] = [];
    const waits: string[] = [];
    let projected = 0;
    for (const { row, event, click } of claimed) {
      // Behind a conversion of its click that waits (or that another projector has), it waits too.
      if (blocked.has(row.clickId)) {
        waits.push(event.id);
        continue;
      }
      const outcome = await reviseConversions(deps.db, [
        { event, at: { partition: row.logPartition, offset: row.logOffset }, click, parkedAt: row.parkedAt, waitedForRate: row.rateCurrency !== null },
      ]);
      const [rate] = outcome.waiting;
      if (rate) {
        // Its click is known now, its payout's rate not yet: it waits on, and says for what.
        blocked.add(row.clickId);
        waits.push(event.id);
        if (row.rateCurrency !== rate.currency || row.rateDay !== rate.day) {
          await deps.db.update(parked).set({ rateCurrency: rate.currency, rateDay: rate.day }).where(eq(parked.eventId, event.id));
        }
        continue;
      }
      revisions.push(...outcome.revisions);
      projected++;
    }
    await release(token, waits);
    if (projected > 0) await deps.analytics.insert('conversions', revisions.flatMap((r) => r.rows), { dedupToken: token });
    await enqueuePixelEvents(ctx, revisions);
    await deps.db.delete(parked).where(eq(parked.retryToken, token));
    return projected;
  }

  /** Parses a page's rows; one that cannot be read is set aside. */
  async function readRows(rows: Array<typeof parked.$inferSelect>) {
    const readable: Array<{ row: (typeof rows)[number]; event: ConversionEvent }> = [];
    for (const row of rows) {
      const parsed = conversionEventSchema.safeParse(row.event);
      if (parsed.success) readable.push({ row, event: parsed.data });
      else await setAside(row, parsed.error);
    }
    return readable;
  }

  /**
   * Claims older than a walk can last: their projector stopped between its claim and its delete. Revised again (a
   * conversion in the ledger already gives the rows it gave then) and written under the claim's own token, which the
   * analytics store drops as a copy if that projector's insert was made.
   */
  async function finishAbandoned(blocked: Set<string>): Promise<number> {
    const rows = await deps.db
      .select()
      .from(parked)
      .where(and(isNotNull(parked.retryToken), isNull(parked.unreadable), lt(parked.retryClaimedAt, new Date(Date.now() - CLAIM_ABANDONED_MS))))
      .orderBy(asc(parked.logPartition), asc(parked.logOffset));
    const claims = new Map<string, typeof rows>();
    for (const row of rows) {
      const token = row.retryToken!;
      let claimed = claims.get(token);
      if (!claimed) claims.set(token, (claimed = []));
      claimed.push(row);
    }
    let projected = 0;
    for (const [token, claimed] of claims) {
      const readable = await readRows(claimed);
      const found = await ctx.clicks.resolve(readable.map(({ row }) => row.clickId));
      projected += await project(token, readable.map((r) => ({ ...r, click: found.get(r.row.clickId) ?? null })), blocked);
    }
    return projected;
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
    let projected = await finishAbandoned(blocked);
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

      // A row claimed by another walk is its to write, and the later ones of its click wait behind it.
      for (const row of page) if (row.retryToken !== null) blocked.add(row.clickId);
      const readable = await readRows(page.filter((row) => row.retryToken === null));
      const found = await ctx.clicks.resolve(readable.map(({ row }) => row.clickId));
      const candidates: Array<{ row: (typeof page)[number]; event: ConversionEvent; click: ResolvedClick | null }> = [];
      for (const { row, event } of readable) {
        const click = found.get(row.clickId) ?? null;
        if (blocked.has(row.clickId) || (!click && now - event.at < ctx.unattributedAfterMs) || !(await rateKnown(row))) {
          blocked.add(row.clickId);
          continue;
        }
        candidates.push({ row, event, click });
      }
      const { token, mine } = await claim(candidates.map((c) => c.event.id));
      const claimed = [];
      for (const candidate of candidates) {
        if (mine.has(candidate.event.id)) claimed.push(candidate);
        else blocked.add(candidate.row.clickId);
      }
      if (claimed.length > 0) projected += await project(token, claimed, blocked);
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

