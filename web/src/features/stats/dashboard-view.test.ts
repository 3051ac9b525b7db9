import { describe, expect, it } from '@jest/globals';
import { DEFAULT_DASHBOARD_VIEW, parseDashboardView, serializeDashboardView, type DashboardView } from './dashboard-view';

const parseQuery = (query: string) => parseDashboardView(new URLSearchParams(query));

describe('dashboard view in the URL', () => {
  it('leaves every default out, so the plain dashboard has no query', () => {
    expect(serializeDashboardView(DEFAULT_DASHBOARD_VIEW).toString()).toBe('');
    expect(parseQuery('')).toEqual(DEFAULT_DASHBOARD_VIEW);
  });

  it('round-trips a full view', () => {
    const view: DashboardView = {
      tab: 'offer',
      variable: 'placement',
      offer: '12',
      spark: 'none',
      mediaBuyer: 'jane',
      audience: { country: 'US', device: 'all', os: 'none', browser: 'Mobile Safari', rule: 'US iPhones' },
      campaignId: 'c_spring',
      range: { from: new Date(2026, 2, 1), to: new Date(2026, 2, 7) },
      sorting: [{ id: 'clicks', desc: false }],
      columns: ['clicks', 'revenue', 'roi'],
      drill: ['creativeName', 'placement'],
      // Opened rows by their paths, a key with a comma and quotes among them.
      expanded: ['["hook, v2"]', '["hook, v2","p\\"1"]'],
    };
    const query = serializeDashboardView(view).toString();
    expect(query).toBe(
      'tab=offer&var=placement&offer=12&spark=none&buyer=jane&country=US&os=none&browser=Mobile+Safari&rule=US+iPhones&campaign=c_spring&start=2026-03-01&end=2026-03-07&sort=clicks.asc&cols=clicks%2Crevenue%2Croi&drill=creativeName%2Cplacement' +
        '&open=%5B%5B%22hook%2C+v2%22%5D%2C%5B%22hook%2C+v2%22%2C%22p%5C%221%22%5D%5D',
    );
    expect(parseQuery(query)).toEqual(view);
  });

  it('reads a one-day link with only start', () => {
    expect(parseQuery('start=2026-03-05').range).toEqual({ from: new Date(2026, 2, 5), to: new Date(2026, 2, 5) });
  });

  it('falls back per key on bad values, keeping the good ones', () => {
    const view = parseQuery(
      'tab=nope&var=evil&offer=&sort=drop.table&cols=bogus,clicks,clicks&drill=x,placement,campaign,offer&campaign=c_1&start=2026-02-30&end=2026-03-01',
    );
    expect(view).toEqual({
      ...DEFAULT_DASHBOARD_VIEW,
      campaignId: 'c_1',
      columns: ['clicks'],
      drill: ['placement', 'campaign'],
    });
  });

  it('refuses a range that ends before it starts, and a filter value too long to be an id', () => {
    const view = parseQuery(`start=2026-03-07&end=2026-03-01&buyer=${'a'.repeat(500)}&sort=revenue`);
    expect(view.range).toBeNull();
    expect(view.mediaBuyer).toBe('all');
    expect(view.sorting).toEqual(DEFAULT_DASHBOARD_VIEW.sorting);
  });

  it('keeps each audience filter on its own: a bad one falls back to All', () => {
    expect(parseQuery(`country=DE&device=&os=${'x'.repeat(300)}&rule=none`).audience).toEqual({ country: 'DE', device: 'all', os: 'all', browser: 'all', rule: 'none' });
  });

  it('drops a column list with nothing usable in it', () => {
    expect(parseQuery('cols=,,nothing').columns).toBeNull();
  });

  it('drops opened rows that are not a list of paths', () => {
    expect(parseQuery('drill=offer&open=nope').expanded).toEqual([]);
    expect(parseQuery('drill=offer&open=%5B%5B1%5D%5D').expanded).toEqual([]);
    expect(parseQuery('drill=offer&open=%5B%5B%22a%22%2C%22b%22%2C%22c%22%5D%5D').expanded).toEqual([]);
  });
});
