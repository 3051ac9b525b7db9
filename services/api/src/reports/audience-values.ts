// GET /api/reports/audience: the countries, devices, OSs, browsers and flow rules of the clicks in a date range
// (in the report time zone), for the filter bar's selects. Read from the variable rollups with the report's
// own day split, so a value is offered exactly when a filter by it finds clicks; '' is offered as 'none'.
// A media buyer with assignments is offered only the values of their own clicks.
import { EMPTY_GROUP_KEY, FILTER_VARIABLES, NONE_FILTER, type AudienceValuesResponse, type DateRangeQuery } from '@tracker/schemas';
import type { ReportDeps } from './get-report';
import { labelGroups } from './group-labels';
import { NO_MEDIA_BUYERS } from './media-buyers';
import { groupingSource } from './report-plan';
import { scopeParams, type ReportScope } from './report-scope';
import { clickPartsSql } from './report-sql';
import { readReportTimezone } from './report-timezone';
import type { ViewerScope } from './viewer-scope';

export async function listAudienceValues(deps: ReportDeps, range: DateRangeQuery, viewer: ViewerScope | null = null): Promise<AudienceValuesResponse> {
  const timezone = await readReportTimezone(deps.db);
  const filters = viewer ? { viewerSparks: viewer.sparkIds } : {};
  const scope: ReportScope = { timezone, startDate: range.startDate, endDate: range.endDate, filters, buyers: NO_MEDIA_BUYERS };
  const rows = await deps.analytics.query<{ variable: string; key: string }>(
    FILTER_VARIABLES.map((variable) => {
      const source = groupingSource(variable);
      // Each variable's rows are picked by a literal, so one query answers them all.
      const where = { ...source, where: `variable = '${variable}'` };
      return `SELECT '${variable}' AS variable, key FROM (${clickPartsSql(where, filters, 'day')}) WHERE passes = 1 GROUP BY key`;
    }).join('\nUNION ALL\n'),
    scopeParams(scope),
  );
  const result = Object.fromEntries(FILTER_VARIABLES.map((v) => [v, []])) as unknown as AudienceValuesResponse;
  await Promise.all(
    FILTER_VARIABLES.map(async (variable) => {
      const keys = rows.filter((r) => r.variable === variable).map((r) => r.key);
      const labels = await labelGroups(deps.db, variable, keys);
      const known = keys
        .filter((k) => k !== EMPTY_GROUP_KEY)
        .map((k) => ({ value: k, label: labels.get(k) ?? k }))
        .sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }) || a.value.localeCompare(b.value));
      // Clicks without the value (stored before clicks had an audience, or not derivable; the default path's
      // clicks for the rule) come last.
      const unknown = keys.includes(EMPTY_GROUP_KEY) ? [{ value: NONE_FILTER, label: labels.get(EMPTY_GROUP_KEY)! }] : [];
      result[variable] = [...known, ...unknown];
    }),
  );
  return result;
}
