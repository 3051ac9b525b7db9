// Automation rules in a real browser: an admin builds a rule on /rules against an ad account synced from a
// local fake of TikTok (a campaign that spent $60 today on four visits and no sale), replays it over the last
// days and reads what it would have done, then switches it from Dry run to Live (confirming). Screenshots go
// to <tmpdir>/tracker-e2e-shots/. Skipped, saying so, when Chromium is not installed.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Rule } from '@tracker/schemas';
import type { Page } from 'playwright-core';
import { startFakeTiktokReporting, type FakeTiktokReporting } from '@tracker/testing';
import { ADMIN, api, type BrowserSession, closeBrowserSession, describeWithChromium, openBrowserSession, shot, STEP_MS, TIMEOUT_MS, chooseOption, toast } from './support/tracker-e2e';

const ADVERTISER = { advertiserId: '7100200300', accessToken: 'e2e-rules-token-4321', name: 'E2E Ads', timezone: 'UTC' };
const LOSER = { campaignId: '1700', campaignName: 'Keto US' };

/** A step that failed with its dialog open leaves the next step the page beneath it. */
async function closeDialogs(page: Page): Promise<void> {
  const dialogs = page.locator('[role="dialog"], [role="alertdialog"]');
  for (let attempt = 0; attempt < 4 && (await dialogs.count()) > 0; attempt++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
  }
}

describeWithChromium('rules e2e')('automation rules on /rules in Chromium', () => {
  let tiktok: FakeTiktokReporting;
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    tiktok = await startFakeTiktokReporting();
    tiktok.addAdvertiser(ADVERTISER);
    tiktok.setSpend(ADVERTISER.advertiserId, { date: today, ...LOSER, spend: '60.00', impressions: 9000, clicks: 120 });
    // Only the test syncs and runs rules, so what the screens show comes from its own steps.
    session = await openBrowserSession('tracker-e2e-rules-', { env: { TIKTOK_API_URL: tiktok.url, TIKTOK_SPEND_SYNC_MINUTES: '0' } });
    ({ page, baseUrl } = session);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
    await tiktok?.close();
  }, 30_000);

  test('a campaign spends $60 on four tracked visits without a sale, and the spend is synced', async () => {
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('sidebar-username').waitFor();

    const lander = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Quiz', url: 'https://lander.e2e.example/' });
    const offer = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/offers`, { name: 'Keto', url: 'https://offer.e2e.example/' });
    const campaign = await api<{ id: string }>(page, 'POST', `${baseUrl}/api/campaigns`, { name: 'Keto TikTok', landerId: lander.id, offerId: offer.id });
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${baseUrl}/r/${campaign.id}?cid=${LOSER.campaignId}&ad=88&cr=99&plc=tiktok`, { redirect: 'manual' });
      expect(res.status).toBe(302);
    }
    const account = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/tiktok/accounts`, {
      advertiserId: ADVERTISER.advertiserId,
      accessToken: ADVERTISER.accessToken,
    });
    await api(page, 'POST', `${baseUrl}/api/tiktok/accounts/${account.id}/sync`, {});
    const deadline = Date.now() + 30_000;
    let totals = { clicks: 0, spend: '' };
    while (Date.now() < deadline) {
      ({ totals } = await api<{ totals: typeof totals }>(page, 'GET', `${baseUrl}/api/reports?groupBy=campaign&startDate=${today}&endDate=${today}`));
      if (totals.clicks === 4) break;
      await page.waitForTimeout(250);
    }
    expect(totals).toMatchObject({ clicks: 4, spend: '60.00' });
  }, STEP_MS);

  test('an admin builds a dry-run rule in the builder; the list says it in words', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Rules', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Rules' }).waitFor();
    await page.getByRole('table', { name: 'Rules' }).getByText('No rules yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'New rule' }).click();
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByLabel('Name').fill('Pause losing campaigns');
    await chooseOption(page, form.getByRole('combobox', { name: 'Level' }), 'Campaign');
    // The only connected account is ticked for a new rule.
    await expect(form.getByRole('checkbox', { name: `E2E Ads (${ADVERTISER.advertiserId})` }).getAttribute('aria-checked')).resolves.toBe('true');
    // The starting conditions are "Spend > 50 and Conversions < 1": keep them, and check the rest of the form.
    await expect(form.getByLabel('Condition 1 value').inputValue()).resolves.toBe('50');
    await expect(form.getByRole('combobox', { name: 'Condition 2 metric' }).innerText()).resolves.toBe('Conversions');
    await form.getByRole('button', { name: 'Add condition' }).click();
    await form.getByRole('button', { name: 'Remove condition 3' }).click();

    // A raise without a cap is refused under its field; going back to Pause drops the budget fields.
    await chooseOption(page, form.getByRole('combobox', { name: 'Then' }), 'Raise budget');
    await form.getByLabel('By percent').fill('20');
    await form.getByRole('button', { name: 'Create rule' }).click();
    await form.getByText('Raising a budget needs a cap').waitFor();
    await chooseOption(page, form.getByRole('combobox', { name: 'Then' }), 'Pause');
    await expect(form.getByLabel('By percent').count()).resolves.toBe(0);

    await form.getByLabel('Minimum spend ($)').fill('10');
    await expect(form.getByText('Dry run', { exact: true }).count()).resolves.toBe(1);
    await shot(page, 'rules-00-builder', { fullPage: false });
    await form.getByRole('button', { name: 'Create rule' }).click();
    await toast(page, 'Rule created').waitFor();

    const row = page.getByRole('table', { name: 'Rules' }).locator('tbody tr', { hasText: 'Pause losing campaigns' });
    await expect(row.getByTestId('rule-conditions').innerText()).resolves.toBe('If Spend > $50 and Conversions < 1');
    await row.getByText('Campaign level · Today · 1 account').waitFor();
    await row.getByText('Dry run', { exact: true }).waitFor();
    await row.getByText('Never').waitFor();

    const [rule] = await api<Rule[]>(page, 'GET', `${baseUrl}/api/rules`);
    expect(rule).toMatchObject({
      name: 'Pause losing campaigns',
      level: 'campaign',
      accountIds: [ADVERTISER.advertiserId],
      campaignIds: [],
      window: 'today',
      conditions: [
        { metric: 'spend', op: 'gt', value: 50 },
        { metric: 'conversions', op: 'lt', value: 1 },
      ],
      guard: { minSpend: 10, minVisits: 0 },
      action: { type: 'pause' },
      mode: 'dry_run',
      enabled: true,
    });
  }, STEP_MS);

  test('Replay over 7 days shows the pause it would have made and its totals', async () => {
    await page.getByRole('button', { name: 'Replay Pause losing campaigns' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replay: Pause losing campaigns' });
    await expect(dialog.getByLabel('Days (1–30)').inputValue()).resolves.toBe('7');
    await dialog.getByLabel('Days (1–30)').fill('31');
    await dialog.getByRole('button', { name: 'Replay', exact: true }).click();
    await dialog.getByText('Days must be a whole number from 1 to 30').waitFor();
    await dialog.getByLabel('Days (1–30)').fill('7');
    await dialog.getByRole('button', { name: 'Replay', exact: true }).click();

    const totals = dialog.getByTestId('replay-totals');
    await totals.waitFor({ timeout: 30_000 });
    await expect(totals.innerText()).resolves.toMatch(/^Would have saved \$[\d,]+\.\d\d spend, missed \$[\d,]+\.\d\d revenue$/);
    const table = dialog.getByRole('table', { name: 'Replay actions' });
    const pause = table.locator('tbody tr', { hasText: LOSER.campaignName }).first();
    await pause.getByText('Pause', { exact: true }).waitFor();
    // The spend it saw when it would have paused held the condition (over $50), whatever hour it fell in.
    const seen = /Spend \$([\d,]+\.\d\d)/.exec(await pause.innerText());
    expect(Number(seen?.[1]?.replaceAll(',', ''))).toBeGreaterThan(50);
    await shot(page, 'rules-01-replay', { fullPage: false });
    // The refused 31 days left a toast up: Escape closes it first, then the dialog.
    await closeDialogs(page);
    await dialog.waitFor({ state: 'hidden' });
  }, STEP_MS);

  test('Run now in dry run answers its decisions; the log and the list show the run', async () => {
    await closeDialogs(page);
    await page.getByRole('button', { name: 'Run Pause losing campaigns now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run: Pause losing campaigns' });
    const decision = dialog.getByRole('table', { name: 'Run decisions' }).locator('tbody tr', { hasText: LOSER.campaignName });
    await decision.getByText('Dry run', { exact: true }).waitFor({ timeout: 30_000 });
    await shot(page, 'rules-02-run-now', { fullPage: false });
    await page.keyboard.press('Escape');

    const log = page.getByRole('table', { name: 'Automation log' }).locator('tbody tr', { hasText: LOSER.campaignName });
    await log.getByText('Pause losing campaigns').waitFor();
    await log.getByText('Dry run', { exact: true }).first().waitFor();
    const row = page.getByRole('table', { name: 'Rules' }).locator('tbody tr', { hasText: 'Pause losing campaigns' });
    await expect(row.getByText('Never').count()).resolves.toBe(0);
  }, STEP_MS);

  test('switching to Live asks first; once confirmed and saved the list says Live', async () => {
    await closeDialogs(page);
    await page.getByRole('button', { name: 'Edit Pause losing campaigns' }).click();
    const form = page.getByRole('form', { name: 'Edit rule' });
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('Pause losing campaigns');

    // Cancelling the question leaves it in dry run.
    await form.getByRole('switch', { name: 'Live' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Switch this rule to Live?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(form.getByRole('switch', { name: 'Live' }).getAttribute('aria-checked')).resolves.toBe('false');

    await form.getByRole('switch', { name: 'Live' }).click();
    await shot(page, 'rules-03-confirm-live', { fullPage: false });
    await ask.getByRole('button', { name: 'Switch to Live' }).click();
    await expect(form.getByRole('switch', { name: 'Live' }).getAttribute('aria-checked')).resolves.toBe('true');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Rule saved').waitFor();

    const row = page.getByRole('table', { name: 'Rules' }).locator('tbody tr', { hasText: 'Pause losing campaigns' });
    await row.getByText('Live', { exact: true }).waitFor();
    const [rule] = await api<Rule[]>(page, 'GET', `${baseUrl}/api/rules`);
    expect(rule).toMatchObject({ mode: 'live', enabled: true, conditions: [{ metric: 'spend' }, { metric: 'conversions' }] });
    await shot(page, 'rules-04-list-live');
  }, STEP_MS);
});
