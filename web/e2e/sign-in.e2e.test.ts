// The sign-in path as a media buyer walks it, in Chromium on `tracker all`: a failed then a successful sign-in
// leaves no 'Login failed' toast on the dashboard, no frame between the form and the dashboard is an empty page,
// the sign-in page draws the dashboard out of sight without asking the server for anything and, signed in, the
// requests that follow the report wait until its figures are drawn, the app's code arrives brotli-compressed, the
// tracking redirect is never compressed, a screen whose code cannot be downloaded reloads once, then says so, and
// Change password keeps this session while signing out the others. Screenshots go to <tmpdir>/tracker-e2e-shots/.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  type BrowserSession,
  closeBrowserSession,
  describeWithChromium,
  openBrowserSession,
  shot,
  STEP_MS,
  TIMEOUT_MS,
} from './support/tracker-e2e';

// Runs in every page load: from the app's first render on, counts the animation frames in which it
// shows nothing, no text and no loading indicator: an empty white page to the user.
function watchForBlankFrames(): void {
  const state = { armed: false, blankFrames: 0 };
  (window as unknown as { blankWatch: typeof state }).blankWatch = state;
  const check = () => {
    const root = document.getElementById('root');
    if (root) {
      const shows = root.innerText.trim() !== '' || root.querySelector('[role="status"]') !== null;
      if (shows) state.armed = true;
      else if (state.armed) state.blankFrames += 1;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function blankFrames(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { blankWatch: { blankFrames: number } }).blankWatch.blankFrames);
}

/** The dashboard screen's chunk. */
const DASHBOARD_CODE = /\/assets\/StatsPage-[^/]+\.js$/;

async function signIn(page: Page, password: string): Promise<void> {
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describeWithChromium('sign-in e2e')('signing in, light and without leftovers', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  const scripts: Promise<{ url: string; encoding: string | undefined; bytes: number } | undefined>[] = [];

  beforeAll(async () => {
    // The one suite on an empty DATA_DIR, as on a user's first start: the others start from a migrated copy.
    session = await openBrowserSession('tracker-e2e-signin-', { freshDataDir: true });
    ({ page, baseUrl } = session);
    await page.addInitScript(watchForBlankFrames);
    page.on('response', (res) => {
      if (!/\/assets\/.+\.js$/.test(res.url())) return;
      // A response the page navigated away from (the reload below) has no body left to read: the reload
      // fetches that script again, and that copy is the one checked.
      scripts.push(
        res.body().then(
          (body) => ({ url: res.url(), encoding: res.headers()['content-encoding'], bytes: body.length }),
          () => undefined,
        ),
      );
    });
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
  }, 30_000);

  test("a wrong password shows 'Login failed'; the right one reaches the dashboard with the toast gone", async () => {
    // The sign-in page fetches the dashboard's code ahead; held back until the test lets it through.
    let releaseDashboardCode!: () => void;
    const dashboardCodeHeld = new Promise<void>((resolve) => (releaseDashboardCode = resolve));
    await page.route(DASHBOARD_CODE, async (route) => {
      await dashboardCodeHeld;
      await route.continue();
    });
    await page.goto(`${baseUrl}/auth`);
    await signIn(page, 'not-the-password');
    const failure = page.getByText('Login failed', { exact: true });
    await failure.waitFor();
    await shot(page, 'sign-in-01-failed', { fullPage: false });

    // The dashboard's report is asked for as the sign-in succeeds, while the dashboard's code is still on its way
    // (held back here): its totals alone first (the cards), then its rows; the server computes the first number
    // meanwhile, and the dashboard then uses those answers, asking for neither again.
    const dashboardRequest = (path: string) => (request: { url(): string }) => {
      const url = new URL(request.url());
      return url.pathname === path && url.searchParams.get('groupBy') === 'campaign';
    };
    const isDashboardReport = dashboardRequest('/api/reports');
    const isDashboardTotals = dashboardRequest('/api/reports/totals');
    const asked: string[] = [];
    const count = (request: { url(): string }) => {
      if (isDashboardReport(request)) asked.push('rows');
      if (isDashboardTotals(request)) asked.push('totals');
    };
    page.on('request', count);
    const reportAsked = page.waitForRequest(isDashboardReport, { timeout: 10_000 });
    try {
      await signIn(page, ADMIN.password);
      await reportAsked;
    } finally {
      releaseDashboardCode();
    }
    await page.getByTestId('sidebar-username').waitFor();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).first().waitFor();
    await page.getByText('Total visits', { exact: true }).waitFor(); // the Visits card's figure is in
    page.off('request', count);
    await page.unroute(DASHBOARD_CODE);
    expect(asked).toEqual(['totals', 'rows']);
    // Dismissed at sign-in: gone once its exit animation ends, long before its own timeout would close it.
    await failure.waitFor({ state: 'detached', timeout: 2_000 });
    await shot(page, 'sign-in-02-dashboard', { fullPage: false });
  }, STEP_MS);

  test('no empty page between the sign-in form and the dashboard', async () => {
    expect(await blankFrames(page)).toBe(0);
  });

  test('a fresh load of the dashboard goes from the session spinner to the dashboard with no empty page', async () => {
    await page.reload();
    await page.getByTestId('sidebar-username').waitFor();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).first().waitFor();
    expect(await blankFrames(page)).toBe(0);
  }, STEP_MS);

  test('the sign-in page draws the dashboard out of sight, asking the server for nothing; after sign-in, the requests that follow the report wait until its figures are drawn', async () => {
    expect((await page.request.post(`${baseUrl}/api/logout`)).status()).toBe(200);
    // Away from the dashboard first: its late requests (the chart's series, the filters' choices) are its own.
    await page.goto('about:blank');
    const asked: string[] = [];
    const record = (request: { method(): string; url(): string }) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(`${request.method()} ${pathname}`);
    };
    page.on('request', record);
    try {
      await page.goto(`${baseUrl}/auth`);
      // The rehearsal: the shell's sidebar and the dashboard's cards are in the document, hidden.
      await page.locator('[data-slot="sidebar-menu-item"]').first().waitFor({ state: 'attached' });
      await page.locator('[data-slot="card"]').first().waitFor({ state: 'attached' });
      expect(await page.locator('[data-slot="sidebar-menu-item"]').first().isVisible()).toBe(false);
      expect(await page.getByText('Total visits', { exact: true }).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await page.waitForTimeout(500);
      // Only the session check: the hidden dashboard's queries never ran.
      expect(asked).toEqual(['GET /api/user']);
      asked.length = 0;

      // In the page: the time of the first animation frame after the Visits card shows its figure (the frame that
      // draws it), to compare with when the filters' choices were asked for.
      await page.evaluate(() => {
        const state = { figureFrameAt: 0 };
        (window as unknown as { figureWatch: typeof state }).figureWatch = state;
        const observer = new MutationObserver(() => {
          const visits = Array.from(document.querySelectorAll('[data-slot="card"]')).find((card) => card.textContent?.includes('Visits'));
          if (!/^\d+$/.test(visits?.querySelector('.text-2xl')?.textContent ?? '')) return;
          observer.disconnect();
          requestAnimationFrame((time) => (state.figureFrameAt = time));
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      const choicesAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/reports/audience');
      await signIn(page, ADMIN.password);
      await choicesAnswered;
      const [figureFrameAt, askedAt] = await page.evaluate(() => [
        (window as unknown as { figureWatch: { figureFrameAt: number } }).figureWatch.figureFrameAt,
        performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/reports/audience'))?.startTime ?? 0,
      ]);
      expect(figureFrameAt).toBeGreaterThan(0);
      expect(askedAt).toBeGreaterThanOrEqual(figureFrameAt);
      expect(asked).toContain('POST /api/login');
    } finally {
      page.off('request', record);
    }
    await page.getByText('Total visits', { exact: true }).waitFor();
  }, STEP_MS);

  test("the app's scripts arrive brotli-compressed; the tracking redirect is sent plain", async () => {
    const loaded = (await Promise.all(scripts)).filter((script) => script !== undefined);
    // The build leaves files under 1 kB plain: compressing them saves no round trip.
    const worthCompressing = loaded.filter((script) => script.bytes >= 1024);
    expect(worthCompressing.length).toBeGreaterThan(2);
    for (const { url, encoding } of worthCompressing) expect([url, encoding]).toEqual([url, 'br']);

    for (const url of [`${baseUrl}/r/no-such-campaign?cid=1`, `${baseUrl}/exit-tracker.js`]) {
      const res = await fetch(url, { redirect: 'manual', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect([url, res.headers.get('content-encoding')]).toEqual([url, null]);
    }
  }, STEP_MS);

  test("a screen whose code will not download reloads the page once, then says so (no loop), and loads once it can", async () => {
    const tab = await page.context().newPage();
    let loads = 0;
    tab.on('load', () => (loads += 1));
    // As after a deploy removed the old hashed file: the Campaigns screen's chunk answers 404.
    await tab.route(/\/assets\/CampaignsPage-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await tab.goto(`${baseUrl}/campaigns`);
    await tab.getByRole('alert').getByText('This page could not be loaded.').waitFor();
    await tab.waitForTimeout(500);
    expect(loads).toBe(2);
    await shot(tab, 'sign-in-03-chunk-failed', { fullPage: false });

    await tab.unroute(/\/assets\/CampaignsPage-[^/]+\.js$/);
    await tab.getByRole('button', { name: 'Reload' }).click();
    await tab.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    await tab.close();
  }, STEP_MS);

  test('Change password in the sidebar keeps this session and signs out every other one', async () => {
    // Another browser, with cookies of its own, signed in with the old password.
    const elsewhere = await page.context().browser()!.newContext();
    expect((await elsewhere.request.post(`${baseUrl}/api/login`, { data: ADMIN })).status()).toBe(200);

    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    const fill = async (current: string, next: string) => {
      await dialog.getByLabel('Current password').fill(current);
      await dialog.getByLabel('New password', { exact: true }).fill(next);
      await dialog.getByLabel('Repeat new password').fill(next);
      await dialog.getByRole('button', { name: 'Change password' }).click();
    };
    await fill(ADMIN.password, 'short');
    await dialog.getByText('New password must be at least 8 characters').waitFor();
    await shot(page, 'sign-in-04-change-password', { fullPage: false });
    await fill('not-the-password', 'a-new-admin-password');
    // The toast, and its copy for screen readers.
    await page.getByText('The current password is not correct').first().waitFor();

    await fill(ADMIN.password, 'a-new-admin-password');
    await page.getByText('Password changed', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect((await elsewhere.request.get(`${baseUrl}/api/user`)).status()).toBe(401);
    expect((await page.request.get(`${baseUrl}/api/user`)).status()).toBe(200);
    await elsewhere.close();
  }, STEP_MS);
});
