// Runs a plan's queries (report-sql.ts renders them) and reads their rows: visits, approved conversions
// and revenue per grouping key or series bucket, unapproved conversions, and clicks that exited per key.
import type { Analytics, QueryParams } from '@tracker/core';
import { centsFromMoney } from '@tracker/schemas';
import type { VisitMeasures } from './report-rows';

export interface ConversionMeasures {
  conversions: number;
  revenueCents: number;
}

export interface UnapprovedMeasures {
  pending: number;
  pendingCents: number;
  rejected: number;
  rejectedCents: number;
}

/** Visits per key, of the clicks that pass the filters. */
export async function queryVisits(analytics: Analytics, sql: string, params: QueryParams): Promise<Map<string, VisitMeasures>> {
  const rows = await analytics.query<{ key: string; clicks: number; bot_clicks: number }>(sql, params);
  return new Map(rows.map((r) => [r.key, { clicks: Number(r.clicks), botClicks: Number(r.bot_clicks) }]));
}

/** Approved conversions and revenue per key, for each named grouping of the query (its `grouping` column). */
export async function queryConversions(analytics: Analytics, sql: string, params: QueryParams): Promise<(grouping: string) => Map<string, ConversionMeasures>> {
  const rows = await analytics.query<{ grouping: string; key: string; conversions: number; revenue: string }>(sql, params);
  const result = new Map<string, Map<string, ConversionMeasures>>();
  for (const r of rows) {
    const byKey = result.get(r.grouping) ?? result.set(r.grouping, new Map()).get(r.grouping)!;
    byKey.set(r.key, { conversions: Number(r.conversions), revenueCents: centsFromMoney(r.revenue) });
  }
  return (grouping) => result.get(grouping) ?? new Map();
}

/** Pending and rejected conversions and their payouts per key. */
export async function queryUnapprovedConversions(analytics: Analytics, sql: string, params: QueryParams): Promise<Map<string, UnapprovedMeasures>> {
  const rows = await analytics.query<{ key: string; pending: number; pending_payout: string; rejected: number; rejected_payout: string }>(sql, params);
  return new Map(
    rows.map((r) => [
      r.key,
      {
        pending: Number(r.pending),
        pendingCents: centsFromMoney(r.pending_payout),
        rejected: Number(r.rejected),
        rejectedCents: centsFromMoney(r.rejected_payout),
      },
    ]),
  );
}

/** Clicks that exited to the offer at least once, per grouping key (each click counted once). */
export async function queryExitClicks(analytics: Analytics, sql: string, params: QueryParams): Promise<Map<string, number>> {
  const rows = await analytics.query<{ key: string; exit_clicks: number }>(sql, params);
  return new Map(rows.map((r) => [r.key, Number(r.exit_clicks)]));
}
