// TikTok spend in a real browser: an admin adds a TikTok ad account on Settings →
// Integrations and syncs it against a local fake of TikTok's reporting API, then the dashboard shows the
// synced money: Spend, Profit, the 'No click' row and the 'Spend synced' note, and a refused sync's warning. Screenshots go to
// <tmpdir>/tracker-e2e-shots/. Skipped, saying so, when Chromium is not installed.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import { startFakeTiktokReporting, type FakeTiktokReporting } from '@tracker/testing';
import { ADMIN, api, type BrowserSession, closeBrowserSession, describeWithChromium, openBrowserSession, shot, STEP_MS, TIMEOUT_MS } from './support/tracker-e2e';

const ADVERTISER = { advertiserId: '7100200300', accessToken: 'e2e-reporting-token-4321', name: 'E2E Ads', timezone: 'UTC' };

describeWithChromium('tiktok spend e2e')('TikTok spend from account to dashboard in Chromium', () => {
  let tiktok: FakeTiktokReporting;
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    tiktok = await startFakeTiktokReporting();
    tiktok.addAdvertiser(ADVERTISER);
    // TikTok campaign 1700 had our visits; 1800 spent without a single click reaching us.
    tiktok.setSpend(ADVERTISER.advertiserId, { date: today, campaignId: '1700', campaignName: 'Keto US', spend: '30.00', impressions: 5000, clicks: 90 });
    tiktok.setSpend(ADVERTISER.advertiserId, { date: today, campaignId: '1800', campaignName: 'Keto CA', spend: '4.50' });
    // Only 'Sync now' syncs, so the test sees the state before and after it.
    session = await openBrowserSession('tracker-e2e-spend-', { env: { TIKTOK_API_URL: tiktok.url, TIKTOK_SPEND_SYNC_MINUTES: '0' } });
    ({ page, baseUrl } = session);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
    await tiktok?.close();
  }, 30_000);

  test('visits and a conversion of TikTok campaign 1700 are tracked', async () => {
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('sidebar-username').waitFor();

    const lander = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Quiz', url: 'https://lander.e2e.example/' });
    const offer = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/offers`, { name: 'Keto', url: 'https://offer.e2e.example/' });
    const campaign = await api<{ id: string }>(page, 'POST', `${baseUrl}/api/campaigns`, { name: 'Keto TikTok', landerId: lander.id, offerId: offer.id });
    const { url: postbackUrl } = await api<{ url: string }>(page, 'GET', `${baseUrl}/api/postback-url`);
    const key = new URL(postbackUrl).searchParams.get('key')!;
    const clicks: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${baseUrl}/r/${campaign.id}?cid=1700&ad=88&cr=99&plc=tiktok`, { redirect: 'manual' });
      clicks.push(new URL(res.headers.get('location')!).searchParams.get('clickId')!);
    }
    expect((await fetch(`${baseUrl}/postback?key=${key}&transaction_id=e2e-spend-1&click_id=${clicks[0]}&payout=40.00&status=approved`)).status).toBeLessThan(300);
    const deadline = Date.now() + 30_000;
    let totals = { clicks: 0, conversions: 0, spend: '' };
    while (Date.now() < deadline) {
      ({ totals } = await api<{ totals: typeof totals }>(page, 'GET', `${baseUrl}/api/reports?groupBy=campaign&startDate=${today}&endDate=${today}`));
      if (totals.clicks === 4 && totals.conversions === 1) break;
      await page.waitForTimeout(250);
    }
    expect(totals).toMatchObject({ clicks: 4, conversions: 1, spend: '0.00' });
  }, STEP_MS);

  test('an admin adds the ad account on Settings → Integrations, tests it and syncs it', async () => {
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('button', { name: 'Add account' }).click();
    const form = page.getByRole('form', { name: 'Add TikTok ad account' });
    await form.getByLabel('Advertiser ID').fill(ADVERTISER.advertiserId);
    await form.getByLabel('Access Token').fill(ADVERTISER.accessToken);
    await shot(page, 'spend-00-add-account-dialog', { fullPage: false });
    await form.getByRole('button', { name: 'Add account' }).click();
    const table = page.getByRole('table', { name: 'TikTok ad accounts' });
    await table.getByText('E2E Ads').waitFor();
    await expect(table.getByText('••••4321').count()).resolves.toBe(1);
    expect(await page.content()).not.toContain(ADVERTISER.accessToken);
    await expect(table.getByTestId('tiktok-last-sync').innerText()).resolves.toBe('Never synced');

    await page.getByRole('button', { name: 'Test connection of E2E Ads' }).click();
    await page.getByText('Connection works').first().waitFor();
    await page.getByRole('button', { name: 'Sync now E2E Ads' }).click();
    await page.getByText('Spend synced', { exact: true }).first().waitFor({ timeout: 30_000 });
    await table.getByText(/just now · 2 rows/).waitFor();
    await shot(page, 'spend-01-settings-account-synced');
  }, STEP_MS);

  test("the dashboard shows Cost and Profit from the synced spend, with the 'No click' row and the freshness note", async () => {
    await page.goto(`${baseUrl}/`);
    const report = page.getByRole('table', { name: 'Report' });
    await report.getByText('TOTALS').waitFor();
    const row = (name: string) => report.locator('tbody tr', { hasText: name });
    // Campaign 1700's 30.00 is all Keto TikTok's (its only visits); 1800's 4.50 matched no click.
    await row('Keto TikTok').getByText('$30.00', { exact: true }).waitFor();
    await row('Keto TikTok').getByText('$10.00', { exact: true }).waitFor();
    await row('No click').getByText('$4.50', { exact: true }).waitFor();
    await expect(page.getByTestId('spend-freshness').innerText()).resolves.toMatch(/Spend synced (just now|1 min ago)/);
    const { totals } = await api<{ totals: { spend: string; profit: string; revenue: string } }>(
      page,
      'GET',
      `${baseUrl}/api/reports?groupBy=campaign&startDate=${today}&endDate=${today}`,
    );
    expect(totals).toMatchObject({ revenue: '40.00', spend: '34.50', profit: '5.50' });
    await shot(page, 'spend-02-dashboard-cost-profit');
  }, STEP_MS);

  test('a sync TikTok refuses shows its error on the card and a warning on the dashboard; the money stays', async () => {
    tiktok.addAdvertiser({ ...ADVERTISER, accessToken: 'rotated-elsewhere' });
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('button', { name: 'Sync now E2E Ads' }).click();
    await page.getByText('Sync failed', { exact: true }).first().waitFor({ timeout: 30_000 });
    const table = page.getByRole('table', { name: 'TikTok ad accounts' });
    await table.getByText(/TikTok answered 40001/).waitFor();
    await shot(page, 'spend-03-settings-sync-failed');

    await page.goto(`${baseUrl}/`);
    await page.getByTestId('spend-freshness').getByText(/Spend sync failed \(E2E Ads\)/).waitFor();
    await page.getByRole('table', { name: 'Report' }).locator('tbody tr', { hasText: 'Keto TikTok' }).getByText('$30.00', { exact: true }).waitFor();
    await shot(page, 'spend-04-dashboard-sync-warning', { fullPage: false });
  }, STEP_MS);
});
