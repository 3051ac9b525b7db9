// The Stats screen's campaign filter (spec §2, §4): set by clicking a campaign row, cleared by clicking
// it again or by the chip's ×. 'Direct' traffic and unattributed spend are not campaigns to filter by.
import { UNATTRIBUTED_KEY, type ReportRow } from './report-types';

export interface CampaignFilter {
  id: string;
  /** The campaign's name as the row showed it, for the chip. */
  label: string;
}

export function isFilterableCampaignRow(row: ReportRow): boolean {
  return row.key !== '' && row.key !== 'Direct' && row.label !== 'Direct' && row.key !== UNATTRIBUTED_KEY;
}

/** The filter after clicking a campaign row. */
export function toggleCampaignFilter(current: CampaignFilter | null, row: ReportRow): CampaignFilter | null {
  if (!isFilterableCampaignRow(row)) return current;
  return current?.id === row.key ? null : { id: row.key, label: row.label };
}
