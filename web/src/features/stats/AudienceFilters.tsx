// The filter bar's audience selects: Country, Device, OS and Browser, each offering the
// values seen in the report's range (GET /api/reports/audience) with 'Unknown' for clicks without one.
// A value picked earlier stays listed when the range no longer has it, so the select never goes blank.
import { AUDIENCE_VARIABLES, EMPTY_GROUP_LABELS, NONE_FILTER, type AudienceValue, type AudienceValuesResponse, type AudienceVariable } from '@tracker/schemas';
import { SelectItem } from '../../ui/Select';
import type { AudienceFilterValues } from './dashboard-view';
import { nameHeaderFor } from './report-groupings';
import { ALL, FilterSelect } from './StatsFilters';

/** The option for no filter; each select's label is the variable's name from the catalogue. */
const ALL_LABELS: Record<AudienceVariable, string> = {
  country: 'All Countries',
  device: 'All Devices',
  os: 'All OS',
  browser: 'All Browsers',
};

/** The options of one select: the range's values, plus the selected one when the range lacks it. */
export function audienceOptions(variable: AudienceVariable, seen: readonly AudienceValue[] | undefined, selected: string): AudienceValue[] {
  const options = seen ?? [];
  if (selected === ALL || options.some((o) => o.value === selected)) return [...options];
  return [{ value: selected, label: selected === NONE_FILTER ? EMPTY_GROUP_LABELS[variable] : selected }, ...options];
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
      {AUDIENCE_VARIABLES.map((variable) => (
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
