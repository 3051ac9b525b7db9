import { describe, expect, it } from '@jest/globals';
import {
  columnsForGrouping,
  DEFAULT_VISIBLE_COLUMNS,
  formatReportCell,
  normalizeVisibleColumns,
  statsCsvColumns,
  statsCsvHeader,
  statsCsvLine,
  visibleColumnsOf,
} from './report-columns';
import { reportColumnVisibility } from './report-table-columns';
import { toCsv } from '../../lib/csv';
import { reportRow } from '../../testing/report-fixtures';

const ids = (list: { id: string }[]) => list.map((c) => c.id);

describe('column selection', () => {
  it('defaults to the spec set (its revenue per visit named EPV) when nothing usable is saved', () => {
    expect(DEFAULT_VISIBLE_COLUMNS).toEqual(['clicks', 'conversions', 'revenue', 'spend', 'profit', 'roi', 'epv']);
    expect(normalizeVisibleColumns(undefined)).toEqual(DEFAULT_VISIBLE_COLUMNS);
    expect(normalizeVisibleColumns([])).toEqual(DEFAULT_VISIBLE_COLUMNS);
    expect(normalizeVisibleColumns(['nope', 42])).toEqual(DEFAULT_VISIBLE_COLUMNS);
  });

  it('keeps saved ids in table order and drops unknown ones', () => {
    expect(normalizeVisibleColumns(['cpv', 'clicks', 'bogus', 'landerCtr'])).toEqual(['landerCtr', 'clicks', 'cpv']);
  });

  it('offers and shows the lander columns, EPV, EPC and CPA for every grouping', () => {
    const all = ['linkClicks', 'exitClicks', 'landerCtr', 'clicks', 'conversions', 'revenue', 'spend', 'profit', 'roi', 'roas', 'cr', 'epv', 'epc', 'cpv', 'cpa', 'pendingConversions', 'pendingPayout', 'rejectedConversions', 'rejectedPayout'];
    expect(ids(columnsForGrouping('campaign'))).toEqual(all);
    expect(ids(columnsForGrouping('offer'))).toEqual(all);
    expect(ids(columnsForGrouping('placement'))).toEqual(all);
    const saved = normalizeVisibleColumns(['exitClicks', 'clicks', 'revenue', 'cpa']);
    const shown = (groupBy: 'campaign' | 'tiktokCampaignId') =>
      Object.entries(reportColumnVisibility(columnsForGrouping(groupBy), saved)).filter(([, on]) => on).map(([id]) => id);
    expect(shown('campaign')).toEqual(['exitClicks', 'clicks', 'revenue', 'cpa']);
    expect(shown('tiktokCampaignId')).toEqual(['exitClicks', 'clicks', 'revenue', 'cpa']);
  });

  it('ticks and unticks one column, keeping table order', () => {
    const menu = reportColumnVisibility(columnsForGrouping('campaign'), ['clicks', 'revenue']);
    expect(visibleColumnsOf({ ...menu, linkClicks: true })).toEqual(['linkClicks', 'clicks', 'revenue']);
    expect(visibleColumnsOf({ ...menu, clicks: false })).toEqual(['revenue']);
  });
});

describe('cells', () => {
  const row = reportRow('Spring Sale', {
    clicks: 1200,
    conversions: 30,
    revenue: '450.5',
    spend: '300',
    profit: '150.5',
    roi: 50.1666,
    roas: 1.50166,
    cr: 2.5,
    epv: 0.375416,
    epc: 0.822,
    cpv: 0.25,
    cpa: 10,
    linkClicks: 1200,
    exitClicks: 548,
    landerCtr: 0.4567,
    pendingConversions: 1234,
    pendingPayout: '80.1',
    rejectedConversions: 2,
    rejectedPayout: '0',
  });

  it('formats figures as spec §9 says', () => {
    expect(formatReportCell(row, 'clicks')).toBe('1,200');
    expect(formatReportCell(row, 'revenue')).toBe('$450.50');
    expect(formatReportCell(row, 'roi')).toBe('50.2%');
    expect(formatReportCell(row, 'cr')).toBe('2.50%');
    expect(formatReportCell(row, 'epv')).toBe('$0.375');
    expect(formatReportCell(row, 'epc')).toBe('$0.822');
    expect(formatReportCell(row, 'cpa')).toBe('$10.00');
    expect(formatReportCell(row, 'exitClicks')).toBe('548');
    expect(formatReportCell(row, 'landerCtr')).toBe('45.67%');
    expect(formatReportCell(row, 'pendingConversions')).toBe('1,234');
    expect(formatReportCell(row, 'pendingPayout')).toBe('$80.10');
    expect(formatReportCell(row, 'rejectedConversions')).toBe('2');
    expect(formatReportCell(row, 'rejectedPayout')).toBe('$0.00');
  });

  it('shows — for ROI and ROAS without spend and for CPA without conversions, not 0', () => {
    const free = reportRow('Organic', { clicks: 10, revenue: '5', profit: '5', roi: null, roas: null, cpa: null });
    expect(formatReportCell(free, 'roi')).toBe('—');
    expect(formatReportCell(free, 'roas')).toBe('—');
    expect(formatReportCell(free, 'cpa')).toBe('—');
    expect(formatReportCell({ ...free, cpv: null }, 'cpv')).toBe('—');
    expect(statsCsvLine(free).slice(6, 8)).toEqual(['', '']);
  });

  it('writes a stats CSV line in header order', () => {
    // Headed as the table heads each column.
    expect(statsCsvHeader(statsCsvColumns())).toEqual(['Name', 'Visits', 'Conv', 'Revenue (USD)', 'Cost (USD)', 'Profit (USD)', 'ROI', 'ROAS', 'vCR', 'EPV (USD)', 'CPV (USD)', 'Link Clicks', 'Exit Clicks', 'Lander CTR', 'EPC (USD)', 'CPA (USD)']);
    expect(statsCsvLine(row)).toEqual(['Spring Sale', '1200', '30', '450.50', '300.00', '150.50', '50.2', '1.50', '2.50', '0.375', '0.250', '1200', '548', '45.67', '0.822', '10.00']);
  });
});

describe('stats CSV', () => {
  it('neutralises a visitor-named row and keeps negative figures as figures', async () => {
    const hostile = reportRow("=cmd|'/c calc'!A1", { clicks: 3, revenue: '0', spend: '12.5', profit: '-12.5', roi: -100 });
    const line = (await toCsv(statsCsvHeader(statsCsvColumns()), [statsCsvLine(hostile)])).split('\r\n')[1];
    expect(line).toBe(`"'=cmd|'/c calc'!A1","3","0","0.00","12.50","-12.50","-100.0","0.00","0.00","0.000","0.000","0","0","0.00","0.000",""`);
  });

  it('adds pending and rejected conversions when the table shows them, after the fixed figures', () => {
    const columns = statsCsvColumns(['clicks', 'rejectedConversions', 'pendingPayout']);
    expect(statsCsvHeader(columns).slice(-2)).toEqual(['Pending Payout (USD)', 'Rejected']);
    const pending = reportRow('Spring Sale', { pendingPayout: '12.5', rejectedConversions: 3 });
    expect(statsCsvLine(pending, columns).slice(-2)).toEqual(['12.50', '3']);
  });
});
