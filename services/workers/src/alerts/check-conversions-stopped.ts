// Fires per campaign that had approved conversions yesterday and none for N hours of today (N the setting
// alert_conversions_silent_hours, default 6; days in the report time zone): the offer, the lander or the
// postback may be broken. A firing alert stays firing until the campaign converts again (the day turning
// over is not a recovery); a deleted campaign resolves.
import { describeDuration, listFiringAlerts, schema, type FiringAlert } from '@tracker/core';
import { DEFAULT_CONVERSIONS_SILENT_HOURS } from '@tracker/schemas';
import { formatMoment, readSetting, type AlertCheck } from './alert-check';

interface CampaignConversions {
  campaign_id: string;
  yesterday: number;
  today_count: number;
  /** Epoch ms of the newest conversion since yesterday began (0 when none). */
  last_ms: number;
  today_start_ms: number;
}

// Approved conversions net of revisions (a revision cancels its row with sign -1); a new conversion of any
// status counts as the campaign converting. Clicks older than 90 days cannot convert now: the bound keeps
// the scan to recent partitions.
const CONVERSIONS_SQL = `
WITH toDate(fromUnixTimestamp64Milli({now:Int64}), {tz:String}) AS day,
     toDateTime(day, {tz:String}) AS today_start,
     toDateTime(day - 1, {tz:String}) AS yesterday_start
SELECT campaign_id,
       toInt64(sumIf(sign, status = 'approved' AND converted_at >= yesterday_start AND converted_at < today_start)) AS yesterday,
       toInt64(countIf(sign > 0 AND converted_at >= today_start)) AS today_count,
       toInt64(if(countIf(sign > 0) > 0, toUnixTimestamp64Milli(maxIf(converted_at, sign > 0)), 0)) AS last_ms,
       toInt64(toUnixTimestamp(today_start)) * 1000 AS today_start_ms
FROM conversions FINAL
WHERE campaign_id != '' AND converted_at >= yesterday_start AND clicked_at >= yesterday_start - INTERVAL 90 DAY
GROUP BY campaign_id`;

export const conversionsStoppedCheck: AlertCheck = {
  kind: 'conversions-stopped',
  async run({ db, analytics, now, timezone }) {
    const hours = Number((await readSetting(db, 'alert_conversions_silent_hours')) ?? DEFAULT_CONVERSIONS_SILENT_HOURS);
    const silentMs = hours * 3_600_000;
    const rows = await analytics.query<CampaignConversions>(CONVERSIONS_SQL, { now: now.getTime(), tz: timezone });
    const byCampaign = new Map(rows.map((r) => [r.campaign_id, r]));
    const campaigns = new Map((await db.select({ id: schema.campaigns.id, name: schema.campaigns.name }).from(schema.campaigns)).map((c) => [c.id, c.name]));
    const firing = new Map<string, FiringAlert>();
    const alert = (campaignId: string, yesterday: number, quietSince: number): FiringAlert => {
      const name = campaigns.get(campaignId)!;
      return {
        key: `conversions-stopped:${campaignId}`,
        kind: 'conversions-stopped',
        title: `Conversions stopped: ${name}`,
        text:
          `${name} had ${yesterday} conversion${yesterday === 1 ? '' : 's'} yesterday and none since ${formatMoment(quietSince, timezone)} ` +
          `(${describeDuration(now.getTime() - quietSince)}). Check the offer, the lander and the network's postback.`,
      };
    };
    for (const row of rows) {
      if (row.yesterday <= 0 || !campaigns.has(row.campaign_id)) continue;
      const quietSince = row.today_count > 0 ? row.last_ms : row.today_start_ms;
      if (now.getTime() - quietSince >= silentMs) firing.set(row.campaign_id, alert(row.campaign_id, row.yesterday, quietSince));
    }
    // Past midnight the new day has had no N hours yet: an alert already firing stays so until a conversion.
    for (const open of await listFiringAlerts(db, 'conversions-stopped')) {
      const campaignId = open.key.slice('conversions-stopped:'.length);
      if (firing.has(campaignId) || !campaigns.has(campaignId)) continue;
      const row = byCampaign.get(campaignId);
      if (row && row.last_ms > open.since.getTime()) continue;
      firing.set(campaignId, { key: open.key, kind: 'conversions-stopped', title: open.title, text: open.text });
    }
    return [...firing.values()];
  },
};
