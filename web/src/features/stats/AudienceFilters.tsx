// The filter bar's audience selects: Country, Device, OS and Browser, each offering the values seen in the
// report's range (GET /api/reports/audience) with 'Unknown' for clicks without one; and Rule, the flow rules
// the range's clicks took with 'Default' for the default path, shown once a flow routed some of them.
// A value picked earlier stays listed when the range no longer has it, so the select never goes blank.
import { EMPTY_GROUP_LABELS, FILTER_VARIABLES, NONE_FILTER, type AudienceValue, type AudienceValuesResponse, type FilterVariable } from '@tracker/schemas';
import { SelectItem } from '../../ui/Select';
import type { AudienceFilterValues } from './dashboard-view';
import { nameHeaderFor } from './report-groupings';
import { ALL } from './dashboard-view';
import { FilterSelect } from './StatsFilters';

/** The option for no filter; each select's label is the variable's name from the catalogue. */
const ALL_LABELS: Record<FilterVariable, string> = {
  country: 'All Countries',
  device: 'All Devices',
  os: 'All OS',
  browser: 'All Browsers',
  rule: 'All Rules',
};

/** The options of one select: the range's values, plus the selected one when the range lacks it. */
export function audienceOptions(variable: FilterVariable, seen: readonly AudienceValue[] | undefined, selected: string): AudienceValue[] {
  const options = seen ?? [];
  if (selected === ALL || options.some((o) => o.value === selected)) return [...options];
  return [{ value: selected, label: selected === NONE_FILTER ? EMPTY_GROUP_LABELS[variable] : selected }, ...options];
}

/** The Rule select is for campaigns with a flow: shown when a rule took some of the range's clicks, or one is chosen. */
export function routedByRules(seen: AudienceValuesResponse | undefined, selected: string): boolean {
  return selected !== ALL || (seen?.rule ?? []).some((option) => option.value !== NONE_FILTER);
}

export function AudienceFilters({
  values,
  seen,
  onChange,
}: {
  values: AudienceFilterValues;
  seen: AudienceValuesResponse | undefined;
  onChange: (next: AudienceFilterValues) => void;
}) {
  return (
    <>
      {FILTER_VARIABLES.filter((variable) => variable !== 'rule' || routedByRules(seen, values.rule)).map((variable) => (
        <FilterSelect
          key={variable}
          id={`stats-${variable}`}
          label={nameHeaderFor(variable)}
          value={values[variable]}
          onChange={(value) => onChange({ ...values, [variable]: value })}
          className="sm:w-40"
        >
          <SelectItem value={ALL}>{ALL_LABELS[variable]}</SelectItem>
          {audienceOptions(variable, seen?.[variable], values[variable]).map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </FilterSelect>
      ))}
    </>
  );
}
