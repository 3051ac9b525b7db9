// Report rows for the stats tests: a row with the given label and figures, zero elsewhere.
import type { ReportRow } from '../features/stats/report-types';

export function reportRow(label: string, figures: Partial<ReportRow> = {}): ReportRow {
  return {
    key: label,
    label,
    clicks: 0,
    conversions: 0,
    revenue: '0',
    spend: '0',
    profit: '0',
    roi: 0,
    roas: 0,
    cr: 0,
    epv: 0,
    epc: 0,
    cpv: 0,
    cpa: null,
    linkClicks: 0,
    exitClicks: 0,
    landerCtr: 0,
    botClicks: 0,
    pendingConversions: 0,
    pendingPayout: '0',
    rejectedConversions: 0,
    rejectedPayout: '0',
    ...figures,
  };
}
