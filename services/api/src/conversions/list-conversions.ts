// The conversion log: every postback the projector has decided (conversion_revisions, replays included)
// and every one still waiting for its click (parked_conversions), newest first, one keyset page at a time.
import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import {
  readConversionCursor,
  type ConversionLogQuery,
  type ConversionLogResponse,
  type ConversionLogRow,
  type ConversionOutcome,
} from '@tracker/schemas';
import { readReportTimezone } from '../reports/report-timezone';
import type { ViewerScope } from '../reports/viewer-scope';

const revisions = schema.conversionRevisions;
const parked = schema.parkedConversions;

/** `%text%` for ILIKE, with the pattern characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A scoped viewer's campaigns: those whose spark is theirs (a conversion copies its click's campaign). */
async function viewerCampaignIds(db: Db, viewer: ViewerScope): Promise<string[]> {
  if (viewer.sparkIds.length === 0) return [];
  const rows = await db
    .select({ id: schema.campaigns.id })
    .from(schema.campaigns)
    .innerJoin(schema.sparks, eq(schema.sparks.id, schema.campaigns.sparkId))
    .where(inArray(schema.sparks.sparkId, viewer.sparkIds));
  return rows.map((r) => r.id);
}

export async function listConversions(db: Db, query: ConversionLogQuery, viewer: ViewerScope | null = null): Promise<ConversionLogResponse> {
  const tz = await readReportTimezone(db);
  // A scoped viewer sees the conversions of their campaigns; a parked one has no click, so no owner yet.
  const viewerCampaigns = viewer ? await viewerCampaignIds(db, viewer) : null;
  if (viewerCampaigns !== null && viewerCampaigns.length === 0) return { rows: [], next: null, timezone: tz };
  // The day bounds in the report time zone, as every report counts days.
  const from = sql`(${query.startDate}::date::timestamp AT TIME ZONE ${tz})`;
  const to = sql`((${query.endDate}::date + 1)::timestamp AT TIME ZONE ${tz})`;
  const cursor = query.after ? readConversionCursor(query.after) : undefined;
  const pattern = query.search ? containing(query.search) : undefined;

  const decidedFilter: Array<SQL | undefined> = [
    isNotNull(revisions.receivedAt),
    sql`${revisions.receivedAt} >= ${from}`,
    sql`${revisions.receivedAt} < ${to}`,
    query.status ? eq(revisions.status, query.status) : undefined,
    viewerCampaigns !== null ? inArray(revisions.campaignId, viewerCampaigns) : undefined,
    pattern ? or(sql`${revisions.transactionId} ILIKE ${pattern}`, sql`${revisions.clickId} ILIKE ${pattern}`) : undefined,
    cursor
      ? sql`(${revisions.receivedAt}, ${revisions.eventId}) < (${cursor.receivedAt}::timestamptz, ${cursor.eventId})`
      : undefined,
  ];
  // A retry writes a parked conversion's revision before it deletes the parked row, so for a moment it is both.
  // The waiting ones are read first and the decided ones after, and a waiting one is left out once decided: read
  // the other way round, one decided between the two reads would be in neither list. Listed once, never missed.
  // A parked row keeps the event as read from the log; its time is the event's.
  const parkedAt = sql<Date>`to_timestamp((${parked.event}->>'at')::bigint / 1000.0)`;
  const parkedData = (field: string) => sql<string>`${parked.event}->'data'->>${field}`;
  const waiting = viewerCampaigns !== null ? [] : await db
    .select({
      eventId: parked.eventId,
      transactionId: parkedData('transactionId'),
      clickId: parked.clickId,
      status: parkedData('status'),
      payout: parkedData('payout'),
      receivedAt: sql<string>`${parkedAt}`.mapWith((v: string | Date) => new Date(v)),
      source: parkedData('source'),
      parkedAt: parked.parkedAt,
      rateCurrency: parked.rateCurrency,
      rateDay: parked.rateDay,
    })
    .from(parked)
    .where(
      and(
        isNull(parked.unreadable),
        sql`NOT EXISTS (SELECT 1 FROM ${revisions} WHERE ${revisions.eventId} = ${parked.eventId})`,
        sql`${parkedAt} >= ${from}`,
        sql`${parkedAt} < ${to}`,
        query.status ? sql`${parkedData('status')} = ${query.status}` : undefined,
        pattern ? or(sql`${parkedData('transactionId')} ILIKE ${pattern}`, sql`${parked.clickId} ILIKE ${pattern}`) : undefined,
        cursor ? sql`(${parkedAt}, ${parked.eventId}) < (${cursor.receivedAt}::timestamptz, ${cursor.eventId})` : undefined,
      ),
    )
    .orderBy(desc(parkedAt), desc(parked.eventId))
    .limit(query.limit + 1);

  const decided = await db
    .select({
      eventId: revisions.eventId,
      transactionId: revisions.transactionId,
      clickId: revisions.clickId,
      status: revisions.status,
      payout: revisions.payout,
      receivedAt: revisions.receivedAt,
      outcome: revisions.outcome,
      attributed: revisions.attributed,
      campaignId: revisions.campaignId,
      source: revisions.source,
      parkedAt: revisions.parkedAt,
      payoutCurrency: revisions.payoutCurrency,
      waitedForRate: revisions.waitedForRate,
    })
    .from(revisions)
    .where(and(...decidedFilter))
    .orderBy(desc(revisions.receivedAt), desc(revisions.eventId))
    .limit(query.limit + 1);

  const decidedIds = new Set(decided.map((r) => r.eventId));
  type Entry = Omit<ConversionLogRow, 'campaignName' | 'currentStatus' | 'currentPayout' | 'conversion' | 'history'>;
  const entries: Entry[] = [
    ...decided.map((r) => ({
      eventId: r.eventId,
      receivedAt: r.receivedAt!.toISOString(),
      transactionId: r.transactionId,
      clickId: r.clickId ?? '',
      status: r.status ?? '',
      payout: r.payout ?? '0.00',
      payoutCurrency: r.payoutCurrency,
      waitingForRate: null,
      outcome: (r.outcome ?? 'new') as ConversionOutcome,
      attributed: r.attributed,
      parkedAt: r.parkedAt?.toISOString() ?? null,
      waitedForRate: r.waitedForRate,
      campaignId: r.campaignId,
      source: r.source ?? '',
    })),
    ...waiting.filter((r) => !decidedIds.has(r.eventId)).map((r) => ({
      eventId: r.eventId,
      receivedAt: r.receivedAt.toISOString(),
      transactionId: r.transactionId,
      clickId: r.clickId,
      status: r.status,
      payout: Number(r.payout).toFixed(2),
      payoutCurrency: r.rateCurrency,
      waitingForRate: r.rateCurrency && r.rateDay ? { currency: r.rateCurrency, day: r.rateDay } : null,
      outcome: 'parked' as const,
      attributed: null,
      parkedAt: r.parkedAt.toISOString(),
      waitedForRate: false,
      campaignId: null,
      source: r.source,
    })),
  ].sort((a, b) => (a.receivedAt === b.receivedAt ? b.eventId.localeCompare(a.eventId) : b.receivedAt.localeCompare(a.receivedAt)));
  const page = entries.slice(0, query.limit);
  const more = entries.length > query.limit;
  if (page.length === 0) return { rows: [], next: null, timezone: tz };

  const transactionIds = [...new Set(page.map((e) => e.transactionId))];
  const campaignIds = [...new Set(page.flatMap((e) => (e.campaignId ? [e.campaignId] : [])))];
  const [ledger, history, campaigns] = await Promise.all([
    db
      .select({
        transactionId: schema.postbackConversions.transactionId,
        status: schema.postbackConversions.status,
        payout: schema.postbackConversions.payout,
        originalPayout: schema.postbackConversions.originalPayout,
        originalCurrency: schema.postbackConversions.originalCurrency,
        fxRate: schema.postbackConversions.fxRate,
        fxRateDay: schema.postbackConversions.fxRateDay,
      })
      .from(schema.postbackConversions)
      .where(inArray(schema.postbackConversions.transactionId, transactionIds)),
    db
      .select({ transactionId: revisions.transactionId, receivedAt: revisions.receivedAt, status: revisions.status, payout: revisions.payout, outcome: revisions.outcome })
      .from(revisions)
      .where(and(inArray(revisions.transactionId, transactionIds), isNotNull(revisions.receivedAt)))
      .orderBy(revisions.receivedAt, revisions.eventId),
    campaignIds.length > 0
      ? db.select({ id: schema.campaigns.id, name: schema.campaigns.name }).from(schema.campaigns).where(inArray(schema.campaigns.id, campaignIds))
      : Promise.resolve([]),
  ]);
  const current = new Map(ledger.map((l) => [l.transactionId, l]));
  const names = new Map(campaigns.map((c) => [c.id, c.name]));
  const changes = new Map<string, ConversionLogRow['history']>();
  for (const h of history) {
    const list = changes.get(h.transactionId) ?? [];
    list.push({ receivedAt: h.receivedAt!.toISOString(), status: h.status ?? '', payout: h.payout ?? '0.00', outcome: (h.outcome ?? 'new') as ConversionOutcome });
    changes.set(h.transactionId, list);
  }
  const rows: ConversionLogRow[] = page.map((e) => ({
    ...e,
    // A deleted campaign keeps its id in the log.
    campaignName: e.campaignId ? (names.get(e.campaignId) ?? null) : null,
    currentStatus: current.get(e.transactionId)?.status ?? null,
    currentPayout: current.get(e.transactionId)?.payout ?? null,
    conversion: conversionOf(current.get(e.transactionId)),
    history: changes.get(e.transactionId) ?? [],
  }));
  const last = page[page.length - 1]!;
  return { rows, next: more ? `${last.receivedAt}_${last.eventId}` : null, timezone: tz };
}

/** The evidence of a converted ledger row: rate as text without its trailing zeros ('1.100000000000' → '1.1'). */
function conversionOf(
  l: { originalPayout: string | null; originalCurrency: string | null; fxRate: string | null; fxRateDay: string | null } | undefined,
): ConversionLogRow['conversion'] {
  if (!l?.originalPayout || !l.originalCurrency || !l.fxRate || !l.fxRateDay) return null;
  return { originalPayout: l.originalPayout, originalCurrency: l.originalCurrency, rate: l.fxRate.replace(/\.?0+$/, ''), rateDay: l.fxRateDay };
}
