// Currency in a real browser: `tracker all` starts with no rates and FX_RATES_URL on a local fake ECB whose
// days skip weekends and a holiday; the workers fetch the 90-day file at start-up, the Currency card on
// Settings lists them, an admin picks the workspace currency and enters a manual rate for a Saturday (no
// publication), which shows marked as manual with who entered it. Screenshot:
// <tmpdir>/tracker-e2e-shots/currency-00-rates.png; then EUR, and the dashboard's money in euros
// (currency-01-dashboard-eur.png). Skipped, saying so, when Chromium is not installed.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { rateText, type FxRatesResponse, type SettingRow } from '@tracker/schemas';
import { startFakeEcbServer, type FakeEcbDay, type FakeEcbServer } from '@tracker/testing';
import { ADMIN, api, type BrowserSession, closeBrowserSession, describeWithChromium, openBrowserSession, SHOTS_DIR, STEP_MS, TIMEOUT_MS, chooseOption, toast } from './support/tracker-e2e';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Working days of the last 40 days, yesterday back, without weekends and without one Wednesday (a holiday). */
function recentEcbDays(): { days: FakeEcbDay[]; holiday: string; saturday: string } {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const days: FakeEcbDay[] = [];
  let holiday = '';
  let saturday = '';
  for (let i = 40; i >= 1; i--) {
    const at = today - i * DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (weekday === 6) saturday = utcDay(at);
    if (weekday === 0 || weekday === 6) continue;
    if (weekday === 3 && i <= 14 && !holiday) {
      holiday = utcDay(at);
      continue;
    }
    days.push({ day: utcDay(at), rates: { USD: (1.08 + (i % 7) / 1000).toFixed(4), JPY: (161 + i / 10).toFixed(2), GBP: (0.85 + (i % 5) / 1000).toFixed(4) } });
  }
  return { days, holiday, saturday };
}

describeWithChromium('currency e2e')('the Currency card on Settings in Chromium', () => {
  let ecb: FakeEcbServer;
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  const { days, holiday, saturday } = recentEcbDays();

  beforeAll(async () => {
    ecb = await startFakeEcbServer({ days });
    session = await openBrowserSession('tracker-e2e-currency-', {
      // Tall enough for the whole card below the sticky header.
      context: { viewport: { width: 1440, height: 1300 } },
      env: { FX_RATES_URL: ecb.url, FX_RATES_INTERVAL_HOURS: '6', OUTGOING_ALLOW_PRIVATE: 'true' },
    });
    ({ page, baseUrl } = session);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
    await ecb?.close();
  }, 30_000);

  test('the start-up fetch fills the rates; an admin picks JPY and enters a manual rate for a Saturday', async () => {
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('sidebar-username').waitFor();

    const newest = days.at(-1)!.day;
    const range = `startDate=${utcDay(Date.now() - 40 * DAY_MS)}&endDate=${utcDay(Date.now())}`;
    for (let waited = 0; ; waited += 250) {
      const rates = await api<FxRatesResponse>(page, 'GET', `${baseUrl}/api/fx-rates?${range}`);
      if (rates.latestEcbDay === newest) {
        expect(rates.rates.filter((r) => r.day === holiday)).toEqual([]);
        break;
      }
      if (waited > 30_000) throw new Error(`no rates fetched from the fake ECB (requests: ${ecb.requests.join(', ')})`);
      await page.waitForTimeout(250);
    }
    expect(ecb.requests[0]).toBe('eurofxref-hist-90d.xml');

    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('heading', { name: 'Currency' }).waitFor();
    await chooseOption(page, page.getByRole('combobox', { name: 'Workspace currency' }), 'JPY · Japanese Yen');
    await toast(page, 'Settings updated').waitFor();
    const settings = await api<SettingRow[]>(page, 'GET', `${baseUrl}/api/settings`);
    expect(settings.find((s) => s.key === 'currency')?.value).toBe('JPY');

    const table = page.getByRole('table', { name: 'Reference rates of JPY' });
    const newestRow = table.locator('tbody tr', { hasText: newest });
    // Shown as stored: without trailing zeros ('161.10' -> '161.1').
    await newestRow.getByText(`${rateText(days.at(-1)!.rates.JPY!)} JPY`).waitFor();
    await newestRow.getByText('ECB', { exact: true }).waitFor();

    const form = page.getByRole('form', { name: 'Enter a rate' });
    await form.getByLabel('Day').fill(saturday);
    await form.getByLabel('Currency').fill('JPY');
    await form.getByLabel('1 EUR =').fill('170.5');
    await form.getByRole('button', { name: 'Save rate' }).click();
    await toast(page, 'Rate saved').waitFor();
    const manualRow = table.locator('tbody tr', { hasText: saturday });
    await manualRow.getByText('170.5 JPY').waitFor();
    await manualRow.getByText('Manual', { exact: true }).waitFor();
    await manualRow.getByText(new RegExp(`by ${ADMIN.username}`)).waitFor();

    // The card alone, once the toast over it has gone.
    await toast(page, 'Rate saved').waitFor({ state: 'hidden' });
    await toast(page, 'Settings updated').waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Currency' }).evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 120));
    const card = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Currency' }) });
    await card.screenshot({ path: path.join(SHOTS_DIR, 'currency-00-rates.png') });
  }, STEP_MS);

  test('with the workspace currency EUR the dashboard shows its money in euros', async () => {
    // Saved from the page (same origin), as the Currency card does.
    const saved = await page.evaluate(async () => (await fetch('/api/settings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: 'currency', value: 'EUR' }) })).status);
    expect(saved).toBe(200);
    await page.goto(`${baseUrl}/`);
    // No traffic: the cards read €0.00 (not $0.00), per-visit ratios with 3 decimals.
    const revenue = page.locator('[data-slot="card"]', { hasText: 'Revenue' }).first();
    await revenue.getByText('€0.00', { exact: true }).waitFor();
    await revenue.getByText('EPV: €0.000').waitFor();
    expect(await page.getByText(/\$\d/).count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'currency-01-dashboard-eur.png') });
  }, STEP_MS);
});