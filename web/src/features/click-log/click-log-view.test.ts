import { describe, expect, it } from '@jest/globals';
import { DEFAULT_CLICK_LOG_VIEW, parseClickLogView, serializeClickLogView, type ClickLogView } from './click-log-view';

const parseQuery = (query: string) => parseClickLogView(new URLSearchParams(query));

describe('Click Log view in the URL', () => {
  it('has no query for the default view', () => {
    expect(serializeClickLogView(DEFAULT_CLICK_LOG_VIEW).toString()).toBe('');
    expect(parseQuery('')).toEqual(DEFAULT_CLICK_LOG_VIEW);
  });

  it('round-trips campaign, dates, rows per page and search', () => {
    const view: ClickLogView = {
      campaign: 'c_spring',
      range: { from: new Date(2026, 0, 30), to: new Date(2026, 1, 2) },
      pageSize: 250,
      search: '0192ab34cd',
      place: { page: 1 },
    };
    const query = serializeClickLogView(view).toString();
    expect(query).toBe('campaign=c_spring&start=2026-01-30&end=2026-02-02&size=250&q=0192ab34cd');
    expect(parseQuery(query)).toEqual(view);
  });

  it('falls back per key on bad values', () => {
    expect(parseQuery('campaign=&size=37&q=<script>&start=2026-13-01&end=2026-01-02')).toEqual(DEFAULT_CLICK_LOG_VIEW);
    expect(parseQuery('size=lots&q=0192AB34-CD')).toEqual({ ...DEFAULT_CLICK_LOG_VIEW, search: '0192ab34cd' });
  });

  it('keeps a page with its snapshot and cursor, so a reload shows the same clicks', () => {
    const place = { page: 4, asOf: '2026-04-03T23:59:59.999Z_c5', after: '2026-04-01T10:00:00.000Z_c1', skip: 100 };
    const query = serializeClickLogView({ ...DEFAULT_CLICK_LOG_VIEW, place }).toString();
    expect(parseQuery(query).place).toEqual(place);
    expect(parseQuery(serializeClickLogView({ ...DEFAULT_CLICK_LOG_VIEW, place: { page: 9, asOf: 'x_y', last: true } }).toString()).place).toEqual({ page: 9, asOf: 'x_y', last: true });
  });

  it('is page 1 for a page without its snapshot or with two ways to find it', () => {
    expect(parseQuery('page=3&after=a_b').place).toEqual({ page: 1 });
    expect(parseQuery('page=3&asOf=x_y&after=a_b&before=c_d').place).toEqual({ page: 1 });
    expect(parseQuery('page=1&asOf=x_y&after=a_b').place).toEqual({ page: 1 });
  });
});
