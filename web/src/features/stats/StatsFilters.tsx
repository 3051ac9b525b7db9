// The Stats screen's filter bar (spec §2): the 'Variables (Tracking Fields)' select, All Offers,
// All Sparks (with 'No Spark'), All Media Buyers, Country/Device/OS/Browser (AudienceFilters), the 'Then by' levels of the drill-down (drill.ts),
// and the removable campaign chip.
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/Badge';
import { Label } from '../../ui/Label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/Select';
import type { CampaignFilter } from './campaign-filter';
import type { MediaBuyerOption } from './queries';
import { drillChoices, openedAtTop, type DrillState } from './drill';
import { GROUPING_TABS, nameHeaderFor, NO_VARIABLE, VARIABLE_GROUPINGS, type ReportGroupBy, type TrackingVariable } from './report-groupings';
import { ALL } from './dashboard-view';
import { NONE_FILTER } from './report-types';

/** The spark filter's 'No Spark' item, sent as spark=none. */
export const NO_SPARK = NONE_FILTER;

/** A 'Then by' select's "no further level" item. */
const NO_LEVEL = 'none';
const ALL_GROUPINGS: readonly ReportGroupBy[] = [...GROUPING_TABS.map((g) => g.value), ...VARIABLE_GROUPINGS.map((v) => v.value)];

export interface StatsFilterValues {
  variable: TrackingVariable | typeof NO_VARIABLE;
  offer: string;
  spark: string;
  mediaBuyer: string;
}

export function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
  className = 'sm:w-48',
  wide = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
  /** Takes the whole first row on phones. */
  wide?: boolean;
}) {
  return (
    <div className={cn('grid min-w-0 gap-1.5', wide && 'col-span-2')}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className={className}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>{children}</SelectContent>
      </Select>
    </div>
  );
}

export function StatsFilters({
  values,
  onChange,
  offers,
  sparks,
  mediaBuyers,
  campaignFilter,
  onClearCampaign,
  actions,
  groupBy,
  drill,
  onDrillChange,
  audience,
}: {
  values: StatsFilterValues;
  onChange: (next: StatsFilterValues) => void;
  offers: readonly { id: number; name: string }[];
  sparks: readonly { id: number; name: string; sparkId: string }[];
  mediaBuyers: readonly MediaBuyerOption[];
  campaignFilter: CampaignFilter | null;
  onClearCampaign: () => void;
  actions?: ReactNode;
  /** The top level, under which the drill's levels sit. */
  groupBy: ReportGroupBy;
  drill: DrillState;
  onDrillChange: (next: DrillState) => void;
  /** The Country, Device, OS and Browser selects (AudienceFilters), after the media buyers. */
  audience?: ReactNode;
}) {
  const thenChoices = drillChoices([groupBy], ALL_GROUPINGS);
  const then2Choices = drill.then ? drillChoices([groupBy, drill.then], ALL_GROUPINGS) : [];
  const level = (value: string) => (value === NO_LEVEL ? null : (value as ReportGroupBy));
  return (
    <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
      <FilterSelect
        id="stats-variable"
        label="Variables (Tracking Fields)"
        value={values.variable}
        onChange={(variable) => onChange({ ...values, variable: variable as StatsFilterValues['variable'] })}
        className="sm:w-56"
        wide
      >
        <SelectItem value={NO_VARIABLE}>No Variable Selected</SelectItem>
        {VARIABLE_GROUPINGS.map((v) => (
          <SelectItem key={v.value} value={v.value}>
            {v.label}
          </SelectItem>
        ))}
      </FilterSelect>
      <FilterSelect
        id="stats-then"
        label="Then by"
        value={drill.then ?? NO_LEVEL}
        // A new level closes the opened rows: their children were of the old one.
        onChange={(value) => onDrillChange({ then: level(value), then2: null, expanded: [] })}
        className="sm:w-40"
      >
        <SelectItem value={NO_LEVEL}>No drill-down</SelectItem>
        {thenChoices.map((g) => (
          <SelectItem key={g} value={g}>
            {nameHeaderFor(g)}
          </SelectItem>
        ))}
      </FilterSelect>
      {drill.then && then2Choices.length > 0 && (
        <FilterSelect
          id="stats-then2"
          label="And then by"
          value={drill.then2 ?? NO_LEVEL}
          // The top rows stay open; the second level's rows had no third level's children yet.
          onChange={(value) => onDrillChange({ ...drill, then2: level(value), expanded: openedAtTop(drill.expanded) })}
          className="sm:w-40"
        >
          <SelectItem value={NO_LEVEL}>No third level</SelectItem>
          {then2Choices.map((g) => (
            <SelectItem key={g} value={g}>
              {nameHeaderFor(g)}
            </SelectItem>
          ))}
        </FilterSelect>
      )}
      <FilterSelect id="stats-offer" label="Offer" value={values.offer} onChange={(offer) => onChange({ ...values, offer })}>
        <SelectItem value={ALL}>All Offers</SelectItem>
        {offers.map((offer) => (
          <SelectItem key={offer.id} value={String(offer.id)}>
            {offer.name}
          </SelectItem>
        ))}
      </FilterSelect>
      <FilterSelect id="stats-spark" label="Spark" value={values.spark} onChange={(spark) => onChange({ ...values, spark })}>
        <SelectItem value={ALL}>All Sparks</SelectItem>
        <SelectItem value={NO_SPARK}>No Spark</SelectItem>
        {sparks.map((spark) => (
          <SelectItem key={spark.id} value={spark.sparkId}>
            {spark.name}
          </SelectItem>
        ))}
      </FilterSelect>
      <FilterSelect
        id="stats-media-buyer"
        label="Media Buyer"
        value={values.mediaBuyer}
        onChange={(mediaBuyer) => onChange({ ...values, mediaBuyer })}
      >
        <SelectItem value={ALL}>All Media Buyers</SelectItem>
        {mediaBuyers.map((buyer) => (
          <SelectItem key={buyer.value} value={buyer.value}>
            {buyer.label}
          </SelectItem>
        ))}
      </FilterSelect>
      {audience}
      {campaignFilter && (
        <Badge variant="secondary" className="col-span-2 h-9 gap-1.5 py-0 pr-1 pl-3 text-sm">
          <span className="max-w-56 truncate">Campaign: {campaignFilter.label}</span>
          <button
            type="button"
            onClick={onClearCampaign}
            aria-label={`Remove campaign filter ${campaignFilter.label}`}
            className="pointer-events-auto rounded-sm p-1 hover:bg-background/80 focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </Badge>
      )}
      {actions && <div className="flex gap-2 sm:ml-auto">{actions}</div>}
    </div>
  );
}
