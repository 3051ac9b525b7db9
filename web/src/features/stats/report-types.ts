// The wire shapes of GET /api/reports, shared with the server through @tracker/schemas:
// one row per group, the totals in the same shape, and a per-day (per-hour for a single day) series
// for the chart. Money is a decimal string.
export {
  EMPTY_GROUP_KEY,
  NONE_FILTER,
  NO_CLICK_KEY,
  NO_CLICK_LEGEND,
  type ReportResponse as Report,
  type ReportRow,
  type ReportSeriesPoint,
  type ReportTotals,
} from '@tracker/schemas';
