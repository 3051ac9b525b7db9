// GET/POST /api/user/preferences through HTTP on a real PGlite store: the spec's defaults, saving
// either part alone, validation against the report's column ids, and one user's choice staying theirs.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { DEFAULT_VISIBLE_COLUMNS, FEATURES } from '@tracker/schemas';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';

let h: ApiHarness;
let cookies: CallerCookies;

const read = (cookie: string) => h.call({ method: 'GET', url: '/api/user/preferences', cookie });
const save = (cookie: string, payload: object) => h.call({ method: 'POST', url: '/api/user/preferences', cookie, payload });

beforeAll(async () => {
  h = await createApiHarness();
  cookies = await signInCallers(h, { with: [], without: [...FEATURES] });
});
afterAll(() => h.close());

describe('access: any signed-in user keeps their own preferences', () => {
  test.each(
    accessTable([
      { route: 'GET /api/user/preferences', request: () => ({ method: 'GET', url: '/api/user/preferences' }), statuses: [401, 200, 200, 200] },
      {
        route: 'POST /api/user/preferences',
        request: () => ({ method: 'POST', url: '/api/user/preferences', payload: { visibleColumns: ['clicks'] } }),
        statuses: [401, 200, 200, 200],
      },
    ]),
  )('%s as %s → %i', async (_route, caller, status, c) => {
    await expectAccess(h, cookies, caller, status, c);
  });
});

describe('preferences', () => {
  test('a user who saved nothing gets the default columns of spec §3', async () => {
    const fresh = await h.signIn('user');
    expect((await read(fresh)).json()).toEqual({ visibleColumns: DEFAULT_VISIBLE_COLUMNS, columnWidths: {} });
    expect(DEFAULT_VISIBLE_COLUMNS).toEqual(['clicks', 'conversions', 'revenue', 'spend', 'profit', 'roi', 'epv']);
  });

  test('visible columns and widths are saved separately, and each user keeps their own', async () => {
    const me = await h.signIn('user', ['dashboard']);
    const other = await h.signIn('user', ['dashboard']);
    const saved = await save(me, { visibleColumns: ['linkClicks', 'clicks', 'roas', 'clicks'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ visibleColumns: ['linkClicks', 'clicks', 'roas'], columnWidths: {} });
    expect((await save(me, { columnWidths: { name: 240, revenue: 120 } })).json()).toEqual({
      visibleColumns: ['linkClicks', 'clicks', 'roas'],
      columnWidths: { name: 240, revenue: 120 },
    });
    expect((await read(me)).json()).toEqual({ visibleColumns: ['linkClicks', 'clicks', 'roas'], columnWidths: { name: 240, revenue: 120 } });
    expect((await read(other)).json()).toEqual({ visibleColumns: DEFAULT_VISIBLE_COLUMNS, columnWidths: {} });
    // Reset to Default is a save of the defaults.
    await save(me, { visibleColumns: DEFAULT_VISIBLE_COLUMNS });
    expect((await read(me)).json().visibleColumns).toEqual(DEFAULT_VISIBLE_COLUMNS);
  });

  test('a widths save replaces the saved map, so a column left out is back at its default width', async () => {
    // The dashboard sends every width at once after a drag; a double-click on a handle or Reset to
    // Default drops a column's, or all of them.
    const me = await h.signIn('user', ['dashboard']);
    await save(me, { columnWidths: { name: 300, revenue: 140 } });
    expect((await save(me, { columnWidths: { revenue: 150 } })).json().columnWidths).toEqual({ revenue: 150 });
    expect((await save(me, { visibleColumns: DEFAULT_VISIBLE_COLUMNS, columnWidths: {} })).json().columnWidths).toEqual({});
    expect((await read(me)).json()).toEqual({ visibleColumns: DEFAULT_VISIBLE_COLUMNS, columnWidths: {} });
  });

  test.each([
    [{ visibleColumns: ['clicks', 'country'] }, 'Unknown column: country'],
    [{ visibleColumns: 'clicks' }, /visibleColumns must be a list of column ids/],
    [{ columnWidths: { country: 100 } }, 'Unknown column: country'],
    [{ columnWidths: { clicks: 5 } }, /Column widths must be 20 to 2000 pixels/],
    [{ columnWidths: { clicks: 'wide' } }, /Column widths must be numbers of pixels/],
    [{}, 'Send visibleColumns, columnWidths or both'],
  ])('%j is 400: %s', async (payload, message) => {
    const me = await h.signIn('user');
    const res = await save(me, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await read(me)).json().visibleColumns).toEqual(DEFAULT_VISIBLE_COLUMNS);
  });
});
