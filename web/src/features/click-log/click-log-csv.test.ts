import { describe, expect, it } from '@jest/globals';
import { toCsv } from '../../lib/csv';
import { CLICK_LOG_CSV_HEADER, clickCsvLine } from './click-log-csv';
import { clickRangeParams, type ClickRecord } from './queries';

const click: ClickRecord = {
  clickId: 'abcdef0123456789',
  campaignId: 'c1',
  campaignName: 'Spring "Sale"',
  clickedAt: '2025-03-12T10:00:00.000Z',
  exitedAt: '2025-03-12T10:00:09.000Z',
  conversions: 2,
  revenue: '12.00',
  tiktokCampaignId: '1790',
  tiktokCampaignName: null,
  campaignNameTiktok: 'TT Spring',
  tiktokAdGroupId: '1791',
  tiktokCreativeId: '1792',
  placement: 'tiktok',
  adGroupName: 'Adults',
  creativeName: 'Video 1',
  ipAddress: '203.0.113.9',
  userAgent: 'Mozilla/5.0 (X11; Linux)',
};

describe('click log CSV', () => {
  it('has the spec columns in order and one cell per column', () => {
    expect(CLICK_LOG_CSV_HEADER).toHaveLength(15);
    expect(clickCsvLine(click)).toHaveLength(15);
  });

  it('writes a click with every cell quoted', () => {
    const csv = toCsv(CLICK_LOG_CSV_HEADER, [clickCsvLine(click)]);
    expect(csv.split('\r\n')[1]).toBe(
      '"abcdef0123456789","Spring ""Sale""","2025-03-12T10:00:00.000Z","Yes","2025-03-12T10:00:09.000Z","Yes","1790","1791","1792","tiktok","TT Spring","Adults","Video 1","203.0.113.9","Mozilla/5.0 (X11; Linux)"',
    );
  });

  it('leaves the exit empty and says No for a click that never left or converted', () => {
    const line = clickCsvLine({ ...click, exitedAt: null, conversions: 0 });
    expect(line.slice(3, 6)).toEqual(['No', '', 'No']);
  });
});

describe('click log range', () => {
  it('sends the chosen days, both ends inclusive as the server reads them', () => {
    expect(clickRangeParams({ from: new Date(2025, 1, 22), to: new Date(2025, 1, 28) })).toEqual({
      startDate: '2025-02-22',
      endDate: '2025-02-28',
    });
  });
});
