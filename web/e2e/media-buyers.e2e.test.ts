// Media buyers in a real browser: an admin opens a user's Media buyer dialog on the
// Users screen, ticks a spark and types a CAKE subid1, and the Media Buyer tab of the dashboard then
// shows that user's name for the spark's clicks, 'Unknown' for the rest; signed in as that user, the
// dashboard shows only their clicks. Screenshots go to <tmpdir>/tracker-e2e-shots/.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ADMIN, api, type BrowserSession, closeBrowserSession, describeWithChromium, openBrowserSession, shot, STEP_MS, TIMEOUT_MS, waitForTodaysClicks } from './support/tracker-e2e';

async function click(baseUrl: string, campaignId: string, spark?: string): Promise<void> {
  const res = await fetch(`${baseUrl}/r/${campaignId}?cid=1700${spark ? `&spark=${spark}` : ''}`, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`click answered ${res.status}`);
}

async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByTestId('sidebar-username').waitFor();
}

describeWithChromium('media buyers e2e')('media buyer assignments in Chromium', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';

  beforeAll(async () => {
    session = await openBrowserSession('tracker-e2e-buyers-');
    ({ page, baseUrl } = session);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
  }, 30_000);

  test('assign a spark to mia in the dialog; the Media Buyer tab names her, and she sees only her clicks', async () => {
    await signIn(page, baseUrl, ADMIN.username, ADMIN.password);
    const lander = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Quiz', url: 'https://lander.e2e.example/' });
    const campaign = await api<{ id: string }>(page, 'POST', `${baseUrl}/api/campaigns`, { name: 'Summer', landerId: lander.id });
    const spark = await api<{ sparkId: string }>(page, 'POST', `${baseUrl}/api/sparks`, { name: 'Mia spark', code: 'x' });
    await api(page, 'POST', `${baseUrl}/api/users`, { username: 'mia', password: 'mia-password', role: 'user', features: ['dashboard'] });
    for (let i = 0; i < 3; i++) await click(baseUrl, campaign.id, spark.sparkId);
    await click(baseUrl, campaign.id);
    await waitForTodaysClicks(page, baseUrl, 4);

    await page.goto(`${baseUrl}/users`);
    await page.getByText('sees only the clicks, conversions and spend of those').waitFor();
    await page.getByRole('button', { name: 'Media buyer assignments of mia' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Mia spark (${spark.sparkId})`).click();
    await dialog.getByLabel('CAKE subid1 values').fill('mia\nmia-tt');
    await shot(page, 'media-buyer-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save assignments' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const users = await api<Array<{ id: number; username: string }>>(page, 'GET', `${baseUrl}/api/users`);
    const mia = users.find((u) => u.username === 'mia')!;
    expect(await api(page, 'GET', `${baseUrl}/api/users/${mia.id}/subid1-assignments`)).toEqual([{ subid1: 'mia' }, { subid1: 'mia-tt' }]);

    await page.goto(`${baseUrl}/`);
    const table = page.getByRole('table', { name: 'Report' });
    await table.getByText('TOTALS').waitFor();
    await page.getByRole('tab', { name: 'Media Buyer' }).click();
    await table.getByRole('cell', { name: 'mia', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'Unknown', exact: true }).waitFor();
    await shot(page, 'media-buyer-grouping');

    await page.context().clearCookies();
    await signIn(page, baseUrl, 'mia', 'mia-password');
    const today = new Date().toISOString().slice(0, 10);
    const mine = await api<{ totals: { clicks: number } }>(page, 'GET', `${baseUrl}/api/reports?groupBy=campaign&startDate=${today}&endDate=${today}`);
    expect(mine.totals.clicks).toBe(3);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('table', { name: 'Report' }).getByText('TOTALS').waitFor();
    await shot(page, 'media-buyer-scoped-dashboard');
  }, STEP_MS * 3);
});
