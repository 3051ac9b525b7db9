// Currency in a real browser: `tracker all` starts with no rates and FX_RATES_URL on a local fake ECB whose
// days skip weekends and a holiday; the workers fetch the 90-day file at start-up, the Currency card on
// Settings lists them, an admin picks the workspace currency and enters a manual rate for a Saturday (no
// publication), which shows marked as manual with who entered it. Screenshot:
// <tmpdir>/tracker-e2e-shots/currency-00-rates.png; then EUR, and the dashboard's money in euros
// (currency-01-dashboard-eur.png). Back in USD, a TikTok account in EUR (a local fake of TikTok's reporting API)
// is synced: its card shows EUR with the rate its spend was converted at, and the Stats table grouped by TikTok
// campaign shows the converted Cost with the original amount and rate on hover; an offer paid in GBP shows its
// payout in pounds with the latest rate, in the table and the dialog; in EUR the rules and invoicing forms
// label amounts with €. Screenshots currency-02 … currency-07. Skipped, saying so, when Chromium is not installed.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { crossRateText, rateText, type FxRatesResponse, type SettingRow } from '@tracker/schemas';
import { startFakeEcbServer, startFakeTiktokReporting, type FakeEcbDay, type FakeEcbServer, type FakeTiktokReporting } from '@tracker/testing';
import { ADMIN, api, type BrowserSession, closeBrowserSession, describeWithChromium, hoverUntilShown, openBrowserSession, SHOTS_DIR, shot, STEP_MS, TIMEOUT_MS, chooseOption, toast, waitForTodaysClicks } from './support/tracker-e2e';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Working days of the last 40 days, yesterday back, without weekends and without one Wednesday (a holiday). On a
 * Saturday or Sunday the Friday before is left out too, as if its file were late: Friday's publication settles the
 * weekend after it, and the suite needs today's rate unsettled (a payout waits for it) whatever day it runs on.
 */
function recentEcbDays(): { days: FakeEcbDay[]; holiday: string; saturday: string } {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const todayWeekday = new Date(today).getUTCDay();
  const lateFriday = todayWeekday === 6 ? today - DAY_MS : todayWeekday === 0 ? today - 2 * DAY_MS : undefined;
  const days: FakeEcbDay[] = [];
  let holiday = '';
  let saturday = '';
  for (let i = 40; i >= 1; i--) {
    const at = today - i * DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (at === lateFriday) continue;
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

const EUR_ADVERTISER = { advertiserId: '7100200400', accessToken: 'e2e-euro-token-8765', name: 'Euro Ads', timezone: 'UTC' };

/** Saves a setting from the page (same origin), as the Settings cards do. */
async function saveSetting(page: Page, key: string, value: string): Promise<void> {
  const status = await page.evaluate(async ([k, v]) => (await fetch('/api/settings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: k, value: v }) })).status, [key, value]);
  expect(status).toBe(200);
}

describeWithChromium('currency e2e')('the Currency card on Settings in Chromium', () => {
  let ecb: FakeEcbServer;
  let tiktok: FakeTiktokReporting;
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  const { days, holiday, saturday } = recentEcbDays();
  const today = utcDay(Date.now());

  beforeAll(async () => {
    ecb = await startFakeEcbServer({ days });
    tiktok = await startFakeTiktokReporting();
    // An ad account reporting in euros, with spend today.
    tiktok.addAdvertiser({ ...EUR_ADVERTISER, currency: 'EUR' });
    tiktok.setSpend(EUR_ADVERTISER.advertiserId, { date: today, campaignId: '2700', campaignName: 'Keto DE', spend: '50.00', impressions: 4000, clicks: 80 });
    session = await openBrowserSession('tracker-e2e-currency-', {
      // Tall enough for the whole card below the sticky header.
      context: { viewport: { width: 1440, height: 1300 } },
      env: { FX_RATES_URL: ecb.url, FX_RATES_INTERVAL_HOURS: '6', OUTGOING_ALLOW_PRIVATE: 'true', TIKTOK_API_URL: tiktok.url, TIKTOK_SPEND_SYNC_MINUTES: '0' },
    });
    ({ page, baseUrl } = session);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
    await ecb?.close();
    await tiktok?.close();
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

  test('a TikTok account in EUR: its card shows the rate its spend was converted at, and the Cost says on hover what it was', async () => {
    await saveSetting(page, 'currency', 'USD');
    // Today is not published yet: an admin's rate for today settles it, so today's spend (beside today's
    // visits, which put its Cost on campaign 2700's own row) is converted at once.
    expect(await page.evaluate(async (url) => (await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate: '1.1' }) })).status, `/api/fx-rates/${today}/USD`)).toBe(200);
    const lander = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Quiz DE', url: 'https://lander.e2e.example/de' });
    const offer = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/offers`, { name: 'Keto DE', url: 'https://offer.e2e.example/de' });
    const campaign = await api<{ id: string }>(page, 'POST', `${baseUrl}/api/campaigns`, { name: 'Keto DE TikTok', landerId: lander.id, offerId: offer.id });
    for (let i = 0; i < 3; i++) expect((await fetch(`${baseUrl}/r/${campaign.id}?cid=2700&ad=27&cr=28&plc=tiktok`, { redirect: 'manual' })).status).toBe(302);
    // The visits counted first: a dashboard drawn before them would show the Cost as unattributed until its next
    // poll, 30 s later (on a loaded machine the projector can take that long to store them).
    await waitForTodaysClicks(page, baseUrl, 3, 60_000);

    await api(page, 'POST', `${baseUrl}/api/tiktok/accounts`, { advertiserId: EUR_ADVERTISER.advertiserId, accessToken: EUR_ADVERTISER.accessToken });
    await page.goto(`${baseUrl}/settings`);
    const table = page.getByRole('table', { name: 'TikTok ad accounts' });
    await table.getByText('Euro Ads').waitFor();
    await page.getByRole('button', { name: 'Sync now Euro Ads' }).click();
    await page.getByText('Spend synced', { exact: true }).first().waitFor({ timeout: 30_000 });
    await table.getByTestId('account-currency').getByText(`EUR · 1.1 USD per EUR, rate of ${today}`).waitFor();
    await toast(page, 'Spend synced').waitFor({ state: 'hidden' });
    await table.scrollIntoViewIfNeeded();
    await table.screenshot({ path: path.join(SHOTS_DIR, 'currency-02-account-card-rate.png') });

    await page.goto(`${baseUrl}/?var=tiktokCampaignId&start=${today}&end=${today}`);
    const row = page.getByRole('table', { name: 'Report' }).locator('tbody tr', { hasText: '2700' });
    const cost = row.getByTestId('converted-cost');
    await cost.getByText('$55.00', { exact: true }).waitFor({ timeout: 30_000 });
    await hoverUntilShown(page, cost, page.getByRole('tooltip').getByText(`${today}: €50.00 at 1.1 USD/EUR (manual, ${today})`));
    await shot(page, 'currency-03-stats-converted-cost-tooltip', { fullPage: false });
  }, STEP_MS);

  test("an offer paid in GBP shows its payout in pounds and the latest GBP rate, in the table and the dialog", async () => {
    // GBP's newest ECB rate against today's manual USD rate: today's, marked manual.
    const usdPerGbp = rateText(crossRateText({ fromPerEur: days.at(-1)!.rates.GBP!, toPerEur: '1.1' }));
    const note = `GBP · ${usdPerGbp} USD per GBP, rate of ${today} (manual)`;
    await api(page, 'POST', `${baseUrl}/api/offers`, { name: 'UK Sweeps', url: 'https://offer.e2e.example/uk', payout: '12.50', payoutCurrency: 'GBP' });
    await page.goto(`${baseUrl}/offer-config`);
    const row = page.locator('tbody tr', { hasText: 'UK Sweeps' });
    await row.getByTestId('offer-payout').getByText('£12.50', { exact: true }).waitFor();
    await row.getByTestId('offer-currency').getByText(note).waitFor();
    // The table is wider than the page: the payout column scrolled into view, as a buyer would.
    await row.getByTestId('offer-payout').scrollIntoViewIfNeeded();
    await shot(page, 'currency-04-offers-payout-currency', { fullPage: false });

    await page.getByRole('button', { name: 'Edit UK Sweeps' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('offer-dialog-rate').getByText(note).waitFor();
    await dialog.getByText(/converted into the workspace currency \(USD\) at the reference rate of the conversion's UTC day/).waitFor();
    expect(await dialog.getByText('not converted').count()).toBe(0);
    await shot(page, 'currency-05-offer-dialog-rate', { fullPage: false });
    await page.keyboard.press('Escape');
  }, STEP_MS);

  test('a postback of the GBP offer counts converted: the Conversions screen shows the pounds and on hover what they counted as', async () => {
    const offers = await api<Array<{ id: number; name: string }>>(page, 'GET', `${baseUrl}/api/offers`);
    const offer = offers.find((o) => o.name === 'UK Sweeps')!;
    const lander = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Quiz UK', url: 'https://lander.e2e.example/uk' });
    const campaign = await api<{ id: string }>(page, 'POST', `${baseUrl}/api/campaigns`, { name: 'Sweeps UK TikTok', landerId: lander.id, offerId: offer.id });
    const click = await page.request.get(`${baseUrl}/r/${campaign.id}?cid=2800`, { maxRedirects: 0 });
    const clickId = new URL(click.headers().location!).searchParams.get('clickId')!;
    const { url } = await api<{ url: string }>(page, 'GET', `${baseUrl}/api/postback-url`);
    const key = new URL(url).searchParams.get('key')!;
    // No payout in the postback: the offer's default, £12.50. Today's GBP rate is not published yet (the ECB's
    // newest is an earlier day's): the conversion waits, listed as such and never counted.
    expect((await page.request.get(`${baseUrl}/postback?${new URLSearchParams({ key, transaction_id: 'UK-1', click_id: clickId })}`)).status()).toBe(200);
    await page.goto(`${baseUrl}/conversions`);
    await page.locator('tbody tr', { hasText: 'UK-1' }).getByText('Waiting for the GBP rate').waitFor({ timeout: 30_000 });
    await shot(page, 'currency-08-conversion-waiting-for-rate', { fullPage: false });
    await page.goto(`${baseUrl}/`);
    await page.getByText(/^Payouts of £12\.50 wait for the GBP→USD rate of \d{4}-\d{2}-\d{2} \(1 conversion\); reports leave them out until then$/).waitFor();

    // An admin enters today's GBP rate (1 EUR = 0.85 GBP): the projector's retry counts it at that rate.
    expect((await page.request.put(`${baseUrl}/api/fx-rates/${today}/GBP`, { data: { rate: '0.85' } })).status()).toBe(200);
    let counted: { currentPayout: string | null; conversion: { rate: string } | null } | undefined;
    for (const deadline = Date.now() + 30_000; !counted?.conversion; await page.waitForTimeout(200)) {
      if (Date.now() > deadline) throw new Error('the GBP conversion was not counted');
      const { rows } = await api<{ rows: Array<{ transactionId: string; currentPayout: string | null; conversion: { rate: string } | null }> }>(
        page, 'GET', `${baseUrl}/api/conversions?startDate=${today}&endDate=${today}`);
      counted = rows.find((r) => r.transactionId === 'UK-1');
    }
    // 12.50 GBP at today's cross rate, rounded once to the cent.
    expect(Number(counted.currentPayout)).toBeCloseTo(12.5 * Number(counted.conversion.rate), 2);

    await page.goto(`${baseUrl}/conversions`);
    const row = page.locator('tbody tr', { hasText: 'UK-1' });
    const payout = row.getByTestId('conversion-payout');
    await payout.getByText('£12.50', { exact: true }).waitFor();
    await hoverUntilShown(page, payout, page.getByRole('tooltip').getByText(`Counted as $${counted.currentPayout}`));
    await page.getByRole('tooltip').getByText(`£12.50 at ${counted.conversion.rate} USD per GBP (reference rate of ${today})`).waitFor();
    await row.getByText("Waited for its payout's reference rate, then counted").waitFor();
    await shot(page, 'currency-09-conversion-log-gbp-payout', { fullPage: false });
    await page.mouse.move(0, 0);
  }, STEP_MS);

  test('in EUR the rules form and the publisher invoice form label their amounts with €', async () => {
    await saveSetting(page, 'currency', 'EUR');
    await page.goto(`${baseUrl}/rules`);
    await page.getByRole('button', { name: 'New rule' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Minimum spend (€)').waitFor();
    await form.getByText('All must hold. Money in EUR, ROI and CR in percent.').waitFor();
    expect(await form.getByText('($').count()).toBe(0);
    await shot(page, 'currency-06-rule-dialog-eur', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/invoicing`);
    await page.getByLabel('Publisher / media buyer').fill('Lena Vogel');
    await page.getByLabel('Description').fill('Weekly payout, TikTok DE');
    await page.getByLabel('Amount paid (€)').fill('4321.09');
    await page.getByLabel('Revenue share (%)').fill('25.5');
    await page.getByLabel('Profit (€)').fill('812.40');
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await toast(page, 'Publisher invoice created successfully').waitFor();
    // Created in the workspace currency, and listed in it.
    const invoice = page.getByRole('row').filter({ hasText: 'Lena Vogel' });
    await invoice.getByText('€4,321.09').waitFor();
    await invoice.getByText('€812.40').waitFor();
    await toast(page, 'Publisher invoice created successfully').waitFor({ state: 'hidden' });
    await shot(page, 'currency-07-invoicing-eur');

    // Card statements are dollars whatever the workspace currency: never printed with €.
    await page.goto(`${baseUrl}/billing`);
    await page.getByRole('heading', { name: 'Billing Statements' }).waitFor();
    await page.getByText('$0.00').first().waitFor();
    expect(await page.getByText(/€\d/).count()).toBe(0);
  }, STEP_MS);
});
