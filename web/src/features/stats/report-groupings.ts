// The ways the Stats screen groups a report (spec §2, §4): five tabs, the seven tracking variables and the
// click's audience (country, device, OS, browser),
// each with the `groupBy` the server takes and the heading of the table's name column.
import { TRACKING_VARIABLES as SCHEMA_VARIABLES, type ReportGrouping, type ReportGroupBy, type TrackingVariable } from '@tracker/schemas';

export type { ReportGroupBy, TrackingVariable } from '@tracker/schemas';
export type GroupingTab = ReportGrouping;

export const GROUPING_TABS: readonly { value: GroupingTab; label: string; nameHeader: string }[] = [
  { value: 'campaign', label: 'Campaigns', nameHeader: 'Campaign' },
  { value: 'spark', label: 'Sparks', nameHeader: 'Spark' },
  { value: 'offer', label: 'Offers', nameHeader: 'Offer' },
  { value: 'lander', label: 'Landers', nameHeader: 'Lander' },
  { value: 'mediabuyer', label: 'Media Buyer', nameHeader: 'Media Buyer' },
];

/** 'none' is "No Variable Selected": the tab decides the grouping. */
export const NO_VARIABLE = 'none';

/** The heading of the name column per variable; the select's labels (spec §2) come from @tracker/schemas. */
const VARIABLE_NAME_HEADERS: Record<TrackingVariable, string> = {
  tiktokCampaignId: 'Campaign ID',
  tiktokAdGroupId: 'Adset ID',
  tiktokCreativeId: 'Ad ID',
  placement: 'Placement',
  campaignName: 'Campaign Name',
  adGroupName: 'Adset Name',
  creativeName: 'Ad Name',
  country: 'Country',
  device: 'Device',
  os: 'OS',
  browser: 'Browser',
};

export const TRACKING_VARIABLES: readonly { value: TrackingVariable; label: string; nameHeader: string }[] = SCHEMA_VARIABLES.map(
  (v) => ({ value: v.id, label: v.label, nameHeader: VARIABLE_NAME_HEADERS[v.id] }),
);

/** A chosen variable overrides the tab. */
export function reportGroupBy(tab: GroupingTab, variable: TrackingVariable | typeof NO_VARIABLE): ReportGroupBy {
  return variable === NO_VARIABLE ? tab : variable;
}

export function nameHeaderFor(groupBy: ReportGroupBy): string {
  return [...GROUPING_TABS, ...TRACKING_VARIABLES].find((g) => g.value === groupBy)?.nameHeader ?? 'Name';
}
