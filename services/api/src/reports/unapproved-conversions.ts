// Pending and rejected conversions per grouping key: their own report columns, never
// revenue. Read from the raw signed conversion rows (their sums over sign are exact without FINAL, as the
// rollups read them), so the rollups of analytics migration 0002 stay as they are; conversions are few
// beside clicks, and each is dated by its click like the rollups date it.
import type { Analytics } from '@tracker/core';
import { centsFromMoney, type TrackingVariable } from '@tracker/schemas';
import { BUCKET_RANGE, filterCondition, scopeParams, type GroupingSource, type ReportScope } from './report-scope';

export interface UnapprovedMeasures {
  pending: number;
  pendingCents: number;
  rejected: number;
  rejectedCents: number;
}

/** The conversions column each tracking variable is read from (as the variable rollups' ARRAY JOIN). */
const VARIABLE_COLUMNS: Record<TrackingVariable, string> = {
  country: 'country',
  device: 'device',
  os: 'os',
  browser: 'browser',
  tiktokCampaignId: 'tiktok_campaign_id',
  tiktokAdGroupId: 'tiktok_ad_group_id',
  tiktokCreativeId: 'tiktok_creative_id',
  placement: 'placement',
  campaignName: 'campaign_name',
  adGroupName: 'ad_group_name',
  creativeName: 'creative_name',
};

/** Every other variable column too: audience filters and drill-down levels read them (report-source.ts). */
const OTHER_VARIABLE_COLUMNS = Object.values(VARIABLE_COLUMNS).filter((c) => c !== 'tiktok_campaign_id').join(', ');

export async function queryUnapprovedConversions(
  analytics: Analytics,
  scope: ReportScope,
  source: GroupingSource,
): Promise<Map<string, UnapprovedMeasures>> {
  const variable = source.params.variable as TrackingVariable | undefined;
  // The same columns the conversion rollups have, so the grouping's key, condition and filters apply as written.
  const variableColumns = variable ? `, {variable:String} AS variable, ${VARIABLE_COLUMNS[variable]} AS value` : '';
  const rows = await analytics.query<{ key: string; pending: number; pending_payout: string; rejected: number; rejected_payout: string }>(
    `SELECT ${source.key} AS key,
            sumIf(toInt64(sign), status = 'pending') AS pending,
            toDecimal64(sumIf(sign * payout, status = 'pending'), 2) AS pending_payout,
            sumIf(toInt64(sign), status = 'rejected') AS rejected,
            toDecimal64(sumIf(sign * payout, status = 'rejected'), 2) AS rejected_payout
     FROM (
       SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id,
              sign, status, payout${variableColumns}, ${OTHER_VARIABLE_COLUMNS}
       FROM conversions
       PREWHERE status IN ('pending', 'rejected')
       WHERE clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
     )
     WHERE ${BUCKET_RANGE} AND ${source.where} AND ${filterCondition(scope.filters)}
     GROUP BY key
     HAVING pending != 0 OR pending_payout != 0 OR rejected != 0 OR rejected_payout != 0`,
    { ...scopeParams(scope), ...source.params },
  );
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
