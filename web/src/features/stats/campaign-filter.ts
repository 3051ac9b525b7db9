// The Stats screen's campaign filter (spec §2, §4): set by clicking a campaign row, cleared by clicking
// it again or by the chip's ×. The 'No click' row (conversions and spend no click carries) and clicks
// without a campaign are not campaigns to filter by.
import { EMPTY_GROUP_KEY, NO_CLICK_KEY, type ReportRow } from './report-types';

export interface CampaignFilter {
  id: string;
  /** The campaign's name as the row showed it, for the chip. */
  label: string;
}

export function isFilterableCampaignRow(row: ReportRow): boolean {
  return row.key !== EMPTY_GROUP_KEY && row.key !== NO_CLICK_KEY;
}

/** The filter after clicking a campaign row. */
export function toggleCampaignFilter(current: CampaignFilter | null, row: ReportRow): CampaignFilter | null {
  if (!isFilterableCampaignRow(row)) return current;
  return current?.id === row.key ? null : { id: row.key, label: row.label };
}
