import { describe, expect, it } from '@jest/globals';
import { FIRST_PAGE, placeOfPage, type ShownPage } from './page-place';
import { clickLogCsvUrl, clickLogKey, clickLogSummaryKey, clickRangeParams } from './queries';
import { urlFromQueryKey } from '../../lib/query-client';

const row = (clickId: string, clickedAt: string) => ({ clickId, clickedAt });
const ASOF = '2026-04-03T10:00:00.000Z_c900';
// Page 3 of 10 (100 a page, 950 clicks), its rows from c700 down to c601.
const page3: ShownPage = {
  place: { page: 3, asOf: ASOF, after: '2026-04-03T08:00:00.000Z_c701' },
  rows: [row('c700', '2026-04-03T07:00:00.000Z'), row('c601', '2026-04-03T06:00:00.000Z')],
  asOf: ASOF,
  total: 950,
};

describe('placeOfPage', () => {
  it('page 1 is always the newest clicks, with no snapshot, so polling brings new ones', () => {
    expect(placeOfPage(1, page3, 100)).toEqual(FIRST_PAGE);
  });

  it('Next and later pages start after the last row on screen, skipping the pages between', () => {
    expect(placeOfPage(4, page3, 100)).toEqual({ page: 4, asOf: ASOF, after: '2026-04-03T06:00:00.000Z_c601' });
    expect(placeOfPage(5, page3, 100)).toEqual({ page: 5, asOf: ASOF, after: '2026-04-03T06:00:00.000Z_c601', skip: 100 });
  });

  it('Previous and earlier pages end before the first row on screen', () => {
    expect(placeOfPage(2, page3, 100)).toEqual({ page: 2, asOf: ASOF, before: '2026-04-03T07:00:00.000Z_c700' });
  });

  it('Last is the oldest clicks of the snapshot', () => {
    expect(placeOfPage(10, page3, 100)).toEqual({ page: 10, asOf: ASOF, last: true });
  });

  it('from page 1 the snapshot it was read under is pinned for the next pages', () => {
    const first: ShownPage = { place: FIRST_PAGE, rows: [row('c900', '2026-04-03T10:00:00.000Z'), row('c801', '2026-04-03T09:00:00.000Z')], asOf: ASOF, total: 950 };
    expect(placeOfPage(2, first, 100)).toEqual({ page: 2, asOf: ASOF, after: '2026-04-03T09:00:00.000Z_c801' });
  });

  it('an empty answer has no cursor: back to page 1', () => {
    expect(placeOfPage(2, { place: FIRST_PAGE, rows: [], asOf: null, total: 0 }, 100)).toEqual(FIRST_PAGE);
  });
});

describe('click log requests', () => {
  const filter = { range: { from: new Date(2025, 1, 22), to: new Date(2025, 1, 28) }, campaignId: 'cmpA' };

  it('sends the chosen days, both ends inclusive as the server reads them', () => {
    expect(clickRangeParams(filter.range)).toEqual({ startDate: '2025-02-22', endDate: '2025-02-28' });
  });

  it('asks for a page by its place, without the page number the server has no use for', () => {
    expect(urlFromQueryKey(clickLogKey(filter, 50, FIRST_PAGE))).toBe('/api/clicks?startDate=2025-02-22&endDate=2025-02-28&campaignId=cmpA&limit=50&summary=false');
    expect(urlFromQueryKey(clickLogKey({ range: filter.range }, 100, { page: 4, asOf: ASOF, after: 'x_y', skip: 100 }))).toBe(
      `/api/clicks?startDate=2025-02-22&endDate=2025-02-28&limit=100&asOf=${encodeURIComponent(ASOF)}&after=x_y&skip=100&summary=false`,
    );
  });

  it('asks for the cards once a range and campaign: not again for another page, a page size or a search', () => {
    const cards = urlFromQueryKey(clickLogSummaryKey(filter));
    expect(cards).toBe('/api/clicks/summary?startDate=2025-02-22&endDate=2025-02-28&campaignId=cmpA');
    expect(urlFromQueryKey(clickLogSummaryKey({ ...filter, search: '0a1b2c3d' }))).toBe(cards);
    expect(urlFromQueryKey(clickLogSummaryKey({ range: filter.range }))).toBe('/api/clicks/summary?startDate=2025-02-22&endDate=2025-02-28');
  });

  it('downloads the CSV from the server, for the range and campaign', () => {
    expect(clickLogCsvUrl(filter)).toBe('/api/clicks/export.csv?startDate=2025-02-22&endDate=2025-02-28&campaignId=cmpA');
  });
});
