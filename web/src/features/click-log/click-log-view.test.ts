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
    };
    const query = serializeClickLogView(view).toString();
    expect(query).toBe('campaign=c_spring&start=2026-01-30&end=2026-02-02&size=250&q=0192ab34cd');
    expect(parseQuery(query)).toEqual(view);
  });

  it('falls back per key on bad values', () => {
    expect(parseQuery('campaign=&size=37&q=<script>&start=2026-13-01&end=2026-01-02')).toEqual(DEFAULT_CLICK_LOG_VIEW);
    expect(parseQuery('size=lots&q=0192AB34-CD')).toEqual({ ...DEFAULT_CLICK_LOG_VIEW, search: '0192ab34cd' });
  });
});
