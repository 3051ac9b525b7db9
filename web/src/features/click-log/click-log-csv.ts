// click-log-{date}.csv (spec §9): its columns and one line per click; times stay ISO so a
// spreadsheet reads them the same in any time zone.
import type { ClickRecord } from './queries';

export const CLICK_LOG_CSV_HEADER = [
  'Click ID',
  'Campaign',
  'Clicked At',
  'Exited',
  'Exit Time',
  'Converted',
  'TikTok Campaign ID',
  'TikTok Ad Group ID',
  'TikTok Creative ID',
  'Placement',
  'Campaign Name',
  'Ad Group Name',
  'Creative Name',
  'IP Address',
  'User Agent',
] as const;

/** The TikTok campaign name macro; the server may send it under either name. */
export function tiktokCampaignName(click: ClickRecord): string {
  return click.tiktokCampaignName ?? click.campaignNameTiktok ?? '';
}

export function clickCsvLine(click: ClickRecord): string[] {
  return [
    click.clickId,
    click.campaignName ?? '',
    click.clickedAt,
    click.exitedAt ? 'Yes' : 'No',
    click.exitedAt ?? '',
    click.conversions > 0 ? 'Yes' : 'No',
    click.tiktokCampaignId ?? '',
    click.tiktokAdGroupId ?? '',
    click.tiktokCreativeId ?? '',
    click.placement ?? '',
    tiktokCampaignName(click),
    click.adGroupName ?? '',
    click.creativeName ?? '',
    click.ipAddress ?? '',
    click.userAgent ?? '',
  ];
}
