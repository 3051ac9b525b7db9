// The ways the Stats screen groups a report (spec §2, §4): five tabs, and the tracking variables of the
// catalogue (@tracker/schemas), each with the `groupBy` the server takes and the heading of the table's name column.
import { TRACKING_VARIABLES, type ReportGrouping, type ReportGroupBy, type TrackingVariable } from '@tracker/schemas';

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

/** The 'Variables (Tracking Fields)' select: the catalogue's labels, which carry the spec's field numbers
 *  ('Campaign ID (field 4)'); a heading or a filter names the variable without its number. */
export const VARIABLE_GROUPINGS: readonly { value: TrackingVariable; label: string; nameHeader: string }[] = TRACKING_VARIABLES.map((v) => ({
  value: v.id,
  label: v.label,
  nameHeader: v.label.replace(/ \(field \d+\)$/, ''),
}));

/** A chosen variable overrides the tab. */
export function reportGroupBy(tab: GroupingTab, variable: TrackingVariable | typeof NO_VARIABLE): ReportGroupBy {
  return variable === NO_VARIABLE ? tab : variable;
}

export function nameHeaderFor(groupBy: ReportGroupBy): string {
  return [...GROUPING_TABS, ...VARIABLE_GROUPINGS].find((g) => g.value === groupBy)?.nameHeader ?? 'Name';
}
