import { describe, expect, it } from '@jest/globals';
import {
  columnsForGrouping,
  DEFAULT_VISIBLE_COLUMNS,
  formatReportCell,
  normalizeVisibleColumns,
  STATS_CSV_HEADER,
  statsCsvLine,
  toggleColumn,
} from './report-columns';
import { reportColumnVisibility } from './report-table-columns';
import { toCsv } from '../../lib/csv';
import { reportRow } from '../../testing/report-fixtures';

const ids = (list: { id: string }[]) => list.map((c) => c.id);

describe('column selection', () => {
  it('defaults to the spec set when nothing usable is saved', () => {
    expect(DEFAULT_VISIBLE_COLUMNS).toEqual(['clicks', 'conversions', 'revenue', 'spend', 'profit', 'roi', 'epc']);
    expect(normalizeVisibleColumns(undefined)).toEqual(DEFAULT_VISIBLE_COLUMNS);
    expect(normalizeVisibleColumns([])).toEqual(DEFAULT_VISIBLE_COLUMNS);
    expect(normalizeVisibleColumns(['nope', 42])).toEqual(DEFAULT_VISIBLE_COLUMNS);
  });

  it('keeps saved ids in table order and drops unknown ones', () => {
    expect(normalizeVisibleColumns(['cpv', 'clicks', 'bogus', 'landerCtr'])).toEqual(['landerCtr', 'clicks', 'cpv']);
  });

  it('offers and shows the campaign-only columns only for the campaign grouping', () => {
    expect(ids(columnsForGrouping('campaign')).slice(0, 3)).toEqual(['linkClicks', 'exitClicks', 'landerCtr']);
    expect(ids(columnsForGrouping('offer'))).not.toContain('linkClicks');
    expect(columnsForGrouping('offer')).toHaveLength(14);
    const saved = normalizeVisibleColumns(['exitClicks', 'clicks', 'revenue']);
    const shown = (groupBy: 'campaign' | 'tiktokCampaignId') =>
      Object.entries(reportColumnVisibility(columnsForGrouping(groupBy), saved)).filter(([, on]) => on).map(([id]) => id);
    expect(shown('campaign')).toEqual(['exitClicks', 'clicks', 'revenue']);
    expect(shown('tiktokCampaignId')).toEqual(['clicks', 'revenue']);
  });

  it('ticks and unticks one column, keeping table order', () => {
    expect(toggleColumn(['clicks', 'revenue'], 'linkClicks', true)).toEqual(['linkClicks', 'clicks', 'revenue']);
    expect(toggleColumn(['clicks', 'revenue'], 'clicks', false)).toEqual(['revenue']);
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
    epc: 0.375416,
    cpv: 0.25,
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
    expect(formatReportCell(row, 'epc')).toBe('$0.375');
    expect(formatReportCell(row, 'landerCtr')).toBe('45.67%');
    expect(formatReportCell(row, 'pendingConversions')).toBe('1,234');
    expect(formatReportCell(row, 'pendingPayout')).toBe('$80.10');
    expect(formatReportCell(row, 'rejectedConversions')).toBe('2');
    expect(formatReportCell(row, 'rejectedPayout')).toBe('$0.00');
  });

  it('writes a stats CSV line in header order', () => {
    expect(statsCsvLine(row)).toEqual(['Spring Sale', '1200', '30', '450.50', '300.00', '150.50', '50.2', '1.50', '2.50', '0.375', '0.250']);
  });
});

describe('stats CSV', () => {
  it('neutralises a visitor-named row and keeps negative figures as figures', async () => {
    const hostile = reportRow("=cmd|'/c calc'!A1", { clicks: 3, revenue: '0', spend: '12.5', profit: '-12.5', roi: -100 });
    const line = (await toCsv(STATS_CSV_HEADER, [statsCsvLine(hostile)])).split('\r\n')[1];
    expect(line).toBe(`"'=cmd|'/c calc'!A1","3","0","0.00","12.50","-12.50","-100.0","0.00","0.00","0.000","0.000"`);
  });
});
