// The conversion log in a real browser: postbacks of every kind (new, replayed, revised, rejected, pending, an
// unknown click id) listed on the Conversions screen with their outcome and history, found by
// transaction id, filtered by status; pending and rejected as their own report columns.
// Screenshots go to <tmpdir>/tracker-e2e-shots/. Skipped, saying so, when Chromium is not installed.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ADMIN, api, type BrowserSession, closeBrowserSession, describeWithChromium, openBrowserSession, shot, STEP_MS, TIMEOUT_MS } from './support/tracker-e2e';

describeWithChromium('conversion log e2e')('the Conversions screen in Chromium', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  const today = new Date().toISOString().slice(0, 10);

  /** The two clicks the postbacks name. */
  const clickIds: string[] = [];

  beforeAll(async () => {
    session = await openBrowserSession('tracker-e2e-convlog-');
    ({ page, baseUrl } = session);
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('sidebar-username').waitFor();
    const lander = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Quiz', url: 'https://lander.e2e.example/' });
    const { id: campaignId } = await api<{ id: string }>(page, 'POST', `${baseUrl}/api/campaigns`, { name: 'Keto US', landerId: lander.id });
    const { url } = await api<{ url: string }>(page, 'GET', `${baseUrl}/api/postback-url`);
    const key = new URL(url).searchParams.get('key')!;
    for (let i = 0; i < 2; i++) {
      const res = await page.request.get(`${baseUrl}/r/${campaignId}?cid=1`, { maxRedirects: 0 });
      clickIds.push(new URL(res.headers().location!).searchParams.get('clickId')!);
    }
    const postbacks: Array<Record<string, string>> = [
      { transaction_id: 'MX-1', click_id: clickIds[0]!, payout: '24.90', status: 'pending' },
      { transaction_id: 'MX-1', click_id: clickIds[0]!, payout: '24.90', status: 'pending' },
      { transaction_id: 'MX-1', click_id: clickIds[0]!, payout: '24.90', status: 'approved' },
      { transaction_id: 'MX-2', click_id: clickIds[1]!, payout: '18.00', status: 'rejected' },
      { transaction_id: 'MX-3', click_id: clickIds[1]!, payout: '12.00', status: 'pending' },
      { transaction_id: 'MX-4', click_id: '0190ffff-aaaa-7bbb-8ccc-dddddddddddd', payout: '9.00' },
    ];
    for (const p of postbacks) {
      expect((await page.request.get(`${baseUrl}/postback?${new URLSearchParams({ key, ...p })}`)).status()).toBe(200);
      // Each its own millisecond and batch, so the log's order is the order sent.
      await page.waitForTimeout(50);
    }
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await api<{ rows: unknown[] }>(page, 'GET', `${baseUrl}/api/conversions?startDate=${today}&endDate=${today}`);
      if (rows.length === postbacks.length) break;
      if (Date.now() > deadline) throw new Error(`only ${rows.length} postbacks listed`);
      await page.waitForTimeout(200);
    }
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
  }, 30_000);

  test('every postback with what it did, searchable and filtered by status, inside 1440 px', async () => {
    await page.getByRole('link', { name: 'Conversions' }).click();
    const table = page.getByRole('table', { name: 'Conversions' });
    const rows = table.locator('tbody tr');
    await table.getByText('MX-4').waitFor();
    // Status badges are lower case in the page and capitalised by CSS.
    await expect(rows.allTextContents()).resolves.toEqual([
      expect.stringMatching(/MX-4.*approved\$9\.00Waiting for its clickClick ID not seen yet/),
      expect.stringMatching(/MX-3.*Keto USpending\$12\.00New conversion/),
      expect.stringMatching(/MX-2.*Keto USrejected\$18\.00New conversionrejected$/),
      expect.stringMatching(/MX-1.*Keto USapproved\$24\.90Status or payout changedpending → approved3 postbacks$/),
      expect.stringMatching(/MX-1.*pending\$24\.90Replay \(no change\)/),
      expect.stringMatching(/MX-1.*pending\$24\.90New conversion/),
    ]);
    const scroller = await table.evaluate((t) => ({ scroll: t.parentElement!.scrollWidth, client: t.parentElement!.clientWidth }));
    expect(scroller.scroll).toBeLessThanOrEqual(scroller.client);
    await shot(page, 'convlog-01-all', { fullPage: false });

    // The table renders the answer a moment after it arrives: wait for the rows it leaves out to go.
    await Promise.all([page.waitForResponse((r) => r.url().includes('search=mx-1') && r.ok()), page.getByLabel('Transaction or click ID').fill('mx-1')]);
    await rows.filter({ hasText: 'MX-4' }).waitFor({ state: 'detached' });
    await expect(rows.count()).resolves.toBe(3);
    await shot(page, 'convlog-02-search', { fullPage: false });
    // A click id reads as the Click Log shows it, and that text finds its conversions.
    const shown = `…${clickIds[1]!.slice(-8)}`;
    await page.getByLabel('Transaction or click ID').fill('');
    await table.getByText(shown).first().waitFor();
    await Promise.all([page.waitForResponse((r) => r.url().includes(`search=${clickIds[1]!.slice(-8)}`) && r.ok()), page.getByLabel('Transaction or click ID').fill(shown)]);
    await rows.filter({ hasText: 'MX-4' }).waitFor({ state: 'detached' });
    await expect(rows.count()).resolves.toBe(2);
    await page.getByLabel('Transaction or click ID').fill('');
    await page.getByLabel('Status').click();
    await Promise.all([page.waitForResponse((r) => r.url().includes('status=rejected') && r.ok()), page.getByRole('option', { name: 'Rejected' }).click()]);
    await rows.filter({ hasText: 'MX-1' }).first().waitFor({ state: 'detached' });
    await expect(rows.allTextContents()).resolves.toEqual([expect.stringContaining('MX-2')]);
    await shot(page, 'convlog-03-rejected', { fullPage: false });
    // The filter is in the URL: a reload keeps it.
    await page.reload();
    await table.getByText('MX-2').waitFor();
    await expect(rows.allTextContents()).resolves.toEqual([expect.stringContaining('MX-2')]);
  }, STEP_MS);

  test('pending and rejected show as their own report columns, not in revenue', async () => {
    const figures = await api<{ totals: Record<string, unknown> }>(page, 'GET', `${baseUrl}/api/reports?startDate=${today}&endDate=${today}&groupBy=campaign`);
    expect(figures.totals).toMatchObject({ revenue: '24.90', pendingConversions: 1, pendingPayout: '12.00', rejectedConversions: 1, rejectedPayout: '18.00' });
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('button', { name: 'Columns' }).click();
    for (const name of ['Pending', 'Rejected Payout']) await page.getByRole('checkbox', { name, exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Preferences saved' }).first().waitFor();
    await page.keyboard.press('Escape');
    // The choice is saved: it is still there after a reload.
    await page.reload();
    const report = page.getByRole('table', { name: 'Report' });
    await report.getByText('TOTALS').waitFor();
    const totals = report.getByRole('row').filter({ hasText: 'TOTALS' });
    await expect(totals.textContent()).resolves.toMatch(/\$24\.90.*\$18\.00/);
    await shot(page, 'convlog-04-report-columns');
  }, STEP_MS);
});
