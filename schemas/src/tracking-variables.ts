// The tracking-variable catalogue: every dimension a click carries besides its campaign, spark, offer and
// lander, with its label on the Stats screen and its column in the clicks, exits and conversions tables.
// Everything else (rollup variables, report SQL, the Click Log, the web's headers) is derived from this list:
// a new dimension adds an entry, a migration, and its value where the click is written (the click event and
// the projector's rows, which the typed ClickFact and ConversionRow flag). Plain data, no zod: the
// projector's decoder thread loads it.

export const TRACKING_VARIABLES = [
  { id: 'tiktokCampaignId', label: 'Campaign ID (field 4)', column: 'tiktok_campaign_id' },
  { id: 'tiktokAdGroupId', label: 'Adset ID (field 6)', column: 'tiktok_ad_group_id' },
  { id: 'tiktokCreativeId', label: 'Ad ID (field 7)', column: 'tiktok_creative_id' },
  { id: 'placement', label: 'Placement (field 2)', column: 'placement' },
  { id: 'campaignName', label: 'Campaign Name (field 3)', column: 'campaign_name' },
  { id: 'adGroupName', label: 'Adset Name (field 5)', column: 'ad_group_name' },
  { id: 'creativeName', label: 'Ad Name (field 7)', column: 'creative_name' },
  // Derived by the projector from the click's IP and user agent, grouped like the ad macros above.
  { id: 'country', label: 'Country', column: 'country' },
  { id: 'device', label: 'Device', column: 'device' },
  { id: 'os', label: 'OS', column: 'os' },
  { id: 'browser', label: 'Browser', column: 'browser' },
  // The campaign flow's rule that routed the click at /r, '' for the default path (reports call it 'Default').
  { id: 'rule', label: 'Rule', column: 'rule' },
] as const;

export type TrackingVariable = (typeof TRACKING_VARIABLES)[number]['id'];
export type TrackingVariableColumn = (typeof TRACKING_VARIABLES)[number]['column'];
export const TRACKING_VARIABLE_IDS = TRACKING_VARIABLES.map((v) => v.id) as [TrackingVariable, ...TrackingVariable[]];

/** The column of each tracking variable: the same name in clicks, exits and conversions. */
export const TRACKING_VARIABLE_COLUMN = Object.fromEntries(TRACKING_VARIABLES.map((v) => [v.id, v.column])) as {
  readonly [V in (typeof TRACKING_VARIABLES)[number] as V['id']]: V['column'];
};

/** The tracking variables derived from the click's IP and user agent, which a report can also filter by. */
export const AUDIENCE_VARIABLES = ['country', 'device', 'os', 'browser'] as const satisfies readonly TrackingVariable[];
export type AudienceVariable = (typeof AUDIENCE_VARIABLES)[number];
export type AudienceColumn = (typeof TRACKING_VARIABLE_COLUMN)[AudienceVariable];

/** The tracking variables a report can filter by (a value as stored, or 'none' for clicks without one): the
 *  audience, and the flow rule ('none' being the default path). */
export const FILTER_VARIABLES = [...AUDIENCE_VARIABLES, 'rule'] as const satisfies readonly TrackingVariable[];
export type FilterVariable = (typeof FILTER_VARIABLES)[number];
