// The ways the Stats screen groups a report (spec §2, §4): five tabs and the seven tracking variables,
// each with the `groupBy` the server takes and the heading of the table's name column.
export type GroupingTab = 'campaign' | 'spark' | 'offer' | 'lander' | 'mediabuyer';

export type TrackingVariable =
  | 'tiktokCampaignId'
  | 'tiktokAdGroupId'
  | 'tiktokCreativeId'
  | 'placement'
  | 'campaignName'
  | 'adGroupName'
  | 'creativeName';

export type ReportGroupBy = GroupingTab | TrackingVariable;

export const GROUPING_TABS: readonly { value: GroupingTab; label: string; nameHeader: string }[] = [
  { value: 'campaign', label: 'Campaigns', nameHeader: 'Campaign' },
  { value: 'spark', label: 'Sparks', nameHeader: 'Spark' },
  { value: 'offer', label: 'Offers', nameHeader: 'Offer' },
  { value: 'lander', label: 'Landers', nameHeader: 'Lander' },
  { value: 'mediabuyer', label: 'Media Buyer', nameHeader: 'Media Buyer' },
];

/** 'none' is "No Variable Selected": the tab decides the grouping. */
export const NO_VARIABLE = 'none';

// Labels and field numbers exactly as spec §2 lists them (Ad ID and Ad Name both say field 7).
export const TRACKING_VARIABLES: readonly { value: TrackingVariable; label: string; nameHeader: string }[] = [
  { value: 'tiktokCampaignId', label: 'Campaign ID (field 4)', nameHeader: 'Campaign ID' },
  { value: 'tiktokAdGroupId', label: 'Adset ID (field 6)', nameHeader: 'Adset ID' },
  { value: 'tiktokCreativeId', label: 'Ad ID (field 7)', nameHeader: 'Ad ID' },
  { value: 'placement', label: 'Placement (field 2)', nameHeader: 'Placement' },
  { value: 'campaignName', label: 'Campaign Name (field 3)', nameHeader: 'Campaign Name' },
  { value: 'adGroupName', label: 'Adset Name (field 5)', nameHeader: 'Adset Name' },
  { value: 'creativeName', label: 'Ad Name (field 7)', nameHeader: 'Ad Name' },
];

/** A chosen variable overrides the tab. */
export function reportGroupBy(tab: GroupingTab, variable: TrackingVariable | typeof NO_VARIABLE): ReportGroupBy {
  return variable === NO_VARIABLE ? tab : variable;
}

export function nameHeaderFor(groupBy: ReportGroupBy): string {
  return [...GROUPING_TABS, ...TRACKING_VARIABLES].find((g) => g.value === groupBy)?.nameHeader ?? 'Name';
}
