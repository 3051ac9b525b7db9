// Country, device, OS and browser in a real browser: clicks sent through /r from
// visitors in two countries on two kinds of phone and a desktop, then the Stats screen grouped by Country
// and by Device through its Variables select, filtered by the flow rule the clicks took, and the Click Log with
// the audience columns switched on.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  api,
  type BrowserSession,
  closeBrowserSession,
  describeWithChromium,
  openBrowserSession,
  shot,
  STEP_MS,
  TIMEOUT_MS,
} from './support/tracker-e2e';

const TIKTOK_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.1.0 JsSdk/2.0';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
/** Visitors: 3 from the US on TikTok's iPhone browser, 2 from Germany on Windows Chrome. */
const VISITORS = [
  ['8.8.8.8', TIKTOK_IPHONE],
  ['8.8.4.4', TIKTOK_IPHONE],
  ['8.8.8.8', TIKTOK_IPHONE],
  ['2a00:1450:4001::1', WINDOWS_CHROME],
  ['2a00:1450:4001::1', WINDOWS_CHROME],
] as const;

describeWithChromium('click audience e2e')('country, device, OS and browser in Chromium', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    // Behind a proxy, as in production: the visitor's address comes from X-Forwarded-For.
    session = await openBrowserSession('tracker-e2e-audience-', { env: { TRUST_PROXY: 'true' } });
    ({ page, baseUrl } = session);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
  }, 30_000);

  async function chooseVariable(label: string): Promise<void> {
    await page.getByRole('combobox', { name: 'Variables (Tracking Fields)' }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
  }

  test('visitors from two countries click a campaign', async () => {
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('sidebar-username').waitFor();
    const lander = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Quiz', url: 'https://lander.e2e.example/' });
    const { id: campaignId } = await api<{ id: string }>(page, 'POST', `${baseUrl}/api/campaigns`, { name: 'Keto', landerId: lander.id });
    // A flow rule takes the US visitors (to the same lander), so their clicks record it.
    const flow = await page.request.put(`${baseUrl}/api/campaigns/${campaignId}/flow`, {
      data: {
        rules: [{ name: 'US visitors', conditions: [{ field: 'country', op: 'in', values: ['US'] }], path: { landers: [{ landerId: lander.id, weight: 1 }], offers: [] } }],
        defaultPath: { landers: [{ landerId: lander.id, weight: 1 }], offers: [] },
      },
    });
    expect(flow.status()).toBe(200);
    for (const [ip, userAgent] of VISITORS) {
      const res = await fetch(`${baseUrl}/r/${campaignId}?plc=TikTok`, { redirect: 'manual', headers: { 'x-forwarded-for': ip, 'user-agent': userAgent } });
      expect(res.status).toBe(302);
    }
    const deadline = Date.now() + 30_000;
    let total = 0;
    while (Date.now() < deadline && total < VISITORS.length) {
      ({ total } = await api<{ total: number }>(page, 'GET', `${baseUrl}/api/clicks?startDate=${today}&endDate=${today}&limit=1`));
      await page.waitForTimeout(200);
    }
    expect(total).toBe(VISITORS.length);
  }, STEP_MS);

  test('the Stats screen groups visits by country and by device', async () => {
    await page.goto(`${baseUrl}/`);
    await chooseVariable('Country');
    const table = page.getByRole('table').first();
    await table.getByRole('cell', { name: 'United States' }).waitFor();
    await expect(table.getByRole('row').filter({ hasText: 'United States' }).first().innerText()).resolves.toContain('3');
    await expect(table.getByRole('row').filter({ hasText: 'Germany' }).first().innerText()).resolves.toContain('2');
    await shot(page, 'audience-01-stats-by-country', { fullPage: false });
    await chooseVariable('Device');
    await table.getByRole('cell', { name: 'Mobile', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'Desktop', exact: true }).waitFor();
    await shot(page, 'audience-02-stats-by-device', { fullPage: false });
  }, STEP_MS);

  test("the Stats screen filters by the flow rule the clicks took: the rule's 3, or the default path's 2", async () => {
    const rule = page.getByRole('combobox', { name: 'Rule' });
    await rule.click();
    await page.getByRole('option', { name: 'US visitors', exact: true }).click();
    await page.waitForURL(/rule=US\+visitors/);
    const table = page.getByRole('table').first();
    // The unfiltered rows (Mobile and Desktop) stay on screen until the filtered report answers: wait for it.
    await table.getByRole('cell', { name: 'Desktop', exact: true }).waitFor({ state: 'detached' });
    await table.getByRole('cell', { name: 'Mobile', exact: true }).waitFor();
    await expect(table.getByRole('cell', { name: 'Desktop', exact: true }).count()).resolves.toBe(0);
    await shot(page, 'audience-03-stats-by-rule', { fullPage: false });
    await rule.click();
    await page.getByRole('option', { name: 'Default', exact: true }).click();
    await page.waitForURL(/rule=none/);
    await table.getByRole('cell', { name: 'Mobile', exact: true }).waitFor({ state: 'detached' });
    await table.getByRole('cell', { name: 'Desktop', exact: true }).waitFor();
    await expect(table.getByRole('cell', { name: 'Mobile', exact: true }).count()).resolves.toBe(0);
  }, STEP_MS);

  test('the Click Log shows the audience columns a buyer switches on', async () => {
    await page.goto(`${baseUrl}/clicks`);
    await page.getByRole('heading', { level: 1, name: 'Click Log' }).waitFor();
    const table = page.getByRole('table', { name: 'Click log' });
    await table.getByRole('columnheader', { name: 'IP Address' }).waitFor();
    expect(await table.getByRole('columnheader', { name: 'Country' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Columns' }).click();
    for (const label of ['Country', 'Device', 'OS', 'Browser']) await page.getByLabel(label, { exact: true }).click();
    await page.keyboard.press('Escape');
    await table.getByRole('columnheader', { name: 'Browser' }).waitFor();
    const row = table.locator('tbody tr').filter({ hasText: 'Germany' }).first();
    await expect(row.innerText()).resolves.toMatch(/Germany[\s\S]*Desktop[\s\S]*Windows[\s\S]*Chrome/);
    const us = table.locator('tbody tr').filter({ hasText: 'United States' }).first();
    await expect(us.innerText()).resolves.toMatch(/United States[\s\S]*Mobile[\s\S]*iOS[\s\S]*TikTok/);
    await shot(page, 'audience-03-click-log-columns', { fullPage: false });
  }, STEP_MS);
});
