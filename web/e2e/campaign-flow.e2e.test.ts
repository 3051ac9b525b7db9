// A campaign's flow in a real browser: from the Campaigns table an admin opens a campaign's flow, adds a second
// lander at 30 % beside the first at 70 %, adds a rule for Germany and Austria picked from the country list, and
// saves; the server then holds that flow, the history names the change, /r rotates the two landers, and a rule with
// a language that is not a language code is refused with the message the page shows; the split test panel counts
// the two landers' visits and conversions.
// Then auto-optimise is switched on for the default path: 'Optimise now' first says why nothing moves (too few
// visits), and with enough traffic moves the weights toward Story, which the history shows with its why.
// Screenshots go to <tmpdir>/tracker-e2e-shots/.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { CampaignFlow } from '@tracker/schemas';
import { ADMIN, api, type BrowserSession, closeBrowserSession, describeWithChromium, openBrowserSession, shot, STEP_MS, TIMEOUT_MS } from './support/tracker-e2e';

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByTestId('sidebar-username').waitFor();
}

describeWithChromium('campaign flow e2e')('a campaign flow in Chromium', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  let campaignId = '';
  let storyClicks: string[] = [];
  let postbackKey = '';
  const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36';

  beforeAll(async () => {
    session = await openBrowserSession('tracker-e2e-flow-');
    ({ page, baseUrl } = session);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
  }, 30_000);

  test('split two landers 70/30 with a rule for Germany, save, and /r rotates them', async () => {
    await signIn(page, baseUrl);
    const quiz = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Quiz', url: 'https://lander.e2e.example/quiz' });
    const story = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Story', url: 'https://lander.e2e.example/story' });
    const offer = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/offers`, { name: 'Keto', url: 'https://offer.e2e.example/keto' });
    const campaign = await api<{ id: string }>(page, 'POST', `${baseUrl}/api/campaigns`, { name: 'Split me', landerId: quiz.id, offerId: offer.id });
    campaignId = campaign.id;

    await page.goto(`${baseUrl}/campaigns`);
    await page.getByRole('link', { name: 'Flow of Split me' }).click();
    await page.getByRole('heading', { name: 'Flow: Split me' }).waitFor();
    await page.getByText('No changes yet').waitFor();

    const defaultPath = page.getByRole('region', { name: 'Default path' });
    await defaultPath.getByRole('button', { name: 'Add lander' }).click();
    await defaultPath.getByLabel('lander 1 weight').fill('70');
    await defaultPath.getByLabel('lander 2 weight').fill('30');
    await defaultPath.getByText('70 %').waitFor();
    await defaultPath.getByText('30 %').waitFor();

    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByLabel('Rule 1 name').fill('Germany');
    // Countries are picked from the list (search, Enter takes the first match), not typed as codes.
    await page.getByLabel('Condition 1 values').click();
    const search = page.getByLabel('Search condition 1 values');
    await search.fill('germ');
    await search.press('Enter');
    await search.fill('austria');
    await search.press('Enter');
    await search.fill('');
    await shot(page, 'campaign-flow-condition-picker', { fullPage: false });
    await search.press('Escape');
    await shot(page, 'campaign-flow-editing');
    await page.getByRole('button', { name: 'Save flow' }).click();
    await page.getByText('Flow saved', { exact: true }).first().waitFor();
    await page.getByText(/admin · Flow saved/).waitFor();

    const flow = await api<CampaignFlow>(page, 'GET', `${baseUrl}/api/campaigns/${campaign.id}/flow`);
    expect(flow.defaultPath.landers).toEqual([
      { landerId: quiz.id, weight: 70 },
      { landerId: story.id, weight: 30 },
    ]);
    expect(flow.rules).toEqual([
      expect.objectContaining({ name: 'Germany', conditions: [{ field: 'country', op: 'in', values: ['DE', 'AT'] }] }),
    ]);
    await shot(page, 'campaign-flow-saved');

    const landers = new Set<string>();
    storyClicks = [];
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${baseUrl}/r/${campaign.id}`, { redirect: 'manual', headers: { 'user-agent': CHROME_UA } });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!);
      landers.add(location.pathname);
      if (location.pathname === '/story') storyClicks.push(location.searchParams.get('clickId')!);
    }
    expect(landers).toEqual(new Set(['/quiz', '/story']));

    // A language is free to add from the search box, and the server's message names what is wrong with it.
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByLabel('Condition 2 field').click();
    await page.getByRole('option', { name: 'Language' }).click();
    await page.getByLabel('Condition 2 values').click();
    await page.getByLabel('Search condition 2 values').fill('english');
    await page.getByLabel('Search condition 2 values').press('Enter');
    await page.getByLabel('Search condition 2 values').press('Escape');
    await page.getByRole('button', { name: 'Save flow' }).click();
    await page.getByText("Rule 1 (Germany): 'english' is not a language code (two or three letters, such as en or de)").waitFor();
    await shot(page, 'campaign-flow-refused', { fullPage: false });

    // While a rule takes part of the traffic, the split test measures the default path's landers on the clicks it took.
    const panel = page.getByRole('region', { name: 'Split test' });
    await panel.getByRole('table', { name: 'Landers split test' }).waitFor();
    // The rule's path is a test of its own: the panel measures it when chosen, and the default path again once
    // the rule is gone.
    await panel.getByLabel('Path').click();
    await page.getByRole('option', { name: 'Rule: Germany' }).click();
    await panel.getByText(/The landers and offers of rule Germany/).waitFor();
    await panel.getByRole('table', { name: 'Landers split test' }).waitFor();
    await shot(page, 'campaign-flow-split-test-rule-path', { fullPage: false });
    await page.getByRole('button', { name: 'Remove rule 1' }).click();
    await page.getByRole('button', { name: 'Save flow' }).click();
    await page.getByText(/rules 1 → 0/).waitFor();
    await panel.getByText(/The default path's landers and offers/).waitFor();
    expect(await panel.getByLabel('Path').count()).toBe(0);

    // Conversions of Story's clicks: the split test panel shows both landers' visits and Story ahead, undecided.
    const { url } = await api<{ url: string }>(page, 'GET', `${baseUrl}/api/postback-url`);
    postbackKey = new URL(url).searchParams.get('key')!;
    for (const [i, clickId] of storyClicks.slice(0, 3).entries()) {
      const res = await fetch(`${baseUrl}/postback?${new URLSearchParams({ key: postbackKey, transaction_id: `FLOW-${i}`, click_id: clickId, payout: '20.00' })}`);
      expect(res.status).toBe(200);
    }
    const landerTable = panel.getByRole('table', { name: 'Landers split test' });
    const deadline = Date.now() + 30_000;
    for (;;) {
      await page.reload();
      await landerTable.waitFor();
      const visits = await landerTable.locator('tbody tr td:nth-child(2)').allInnerTexts();
      const conversions = await landerTable.locator('tbody tr td:nth-child(3)').allInnerTexts();
      if (visits.reduce((sum, v) => sum + Number(v), 0) === 40 && conversions.includes('3')) break;
      if (Date.now() > deadline) throw new Error(`split test shows visits ${visits.join(', ')}, conversions ${conversions.join(', ')}`);
      await page.waitForTimeout(500);
    }
    await panel.getByText('Not enough data').first().waitFor();
    await panel.getByText(/Story is ahead so far/).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'campaign-flow-split-test', { fullPage: false });

  }, STEP_MS * 3);

  test('auto-optimise: on for the default path, Optimise now says why nothing moves, then moves the weights toward Story', async () => {
    const defaultPath = page.getByRole('region', { name: 'Default path' });
    const optimizeNow = page.getByRole('button', { name: 'Optimise now' });
    // Off on every path: nothing for the optimiser to weigh.
    expect(await optimizeNow.isDisabled()).toBe(true);
    await defaultPath.getByLabel('lander 1 weight').fill('50');
    await defaultPath.getByLabel('lander 2 weight').fill('50');
    await defaultPath.getByLabel('Auto-optimise weights').click();
    await defaultPath.getByLabel('Floor').waitFor();
    // Unsaved: the optimiser weighs the saved flow, so it waits for the save.
    expect(await optimizeNow.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save flow' }).click();
    await page.getByText(/auto-optimise on/).waitFor();
    const saved = await api<CampaignFlow>(page, 'GET', `${baseUrl}/api/campaigns/${campaignId}/flow`);
    expect(saved.defaultPath).toMatchObject({ autoOptimize: true, landers: [expect.objectContaining({ weight: 50 }), expect.objectContaining({ weight: 50 })] });

    // 40 visits so far: below the split test's minimum sample, the toast says so and nothing moves.
    await optimizeNow.click();
    await page.getByText('Nothing moved', { exact: true }).waitFor();
    await page.getByText(/Default path landers: not enough data over/).first().waitFor();
    await shot(page, 'campaign-flow-optimise-not-enough-data', { fullPage: false });

    // Enough traffic for the test: about 320 visits a lander, and 25 more of Story's converting.
    const newStoryClicks: string[] = [];
    for (let i = 0; i < 640; i++) {
      const res = await fetch(`${baseUrl}/r/${campaignId}`, { redirect: 'manual', headers: { 'user-agent': CHROME_UA } });
      const location = new URL(res.headers.get('location')!);
      if (location.pathname === '/story') newStoryClicks.push(location.searchParams.get('clickId')!);
    }
    for (const [i, clickId] of newStoryClicks.slice(0, 25).entries()) {
      const res = await fetch(`${baseUrl}/postback?${new URLSearchParams({ key: postbackKey, transaction_id: `AUTO-${i}`, click_id: clickId, payout: '20.00' })}`);
      expect(res.status).toBe(200);
    }
    const landerTable = page.getByRole('region', { name: 'Split test' }).getByRole('table', { name: 'Landers split test' });
    const deadline = Date.now() + 60_000;
    for (;;) {
      await page.reload();
      await landerTable.waitFor();
      const visits = (await landerTable.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((v) => Number(v.replace(/,/g, '')));
      const conversions = (await landerTable.locator('tbody tr td:nth-child(3)').allInnerTexts()).map(Number);
      if (visits.reduce((sum, v) => sum + v, 0) === 680 && conversions.includes(28)) break;
      if (Date.now() > deadline) throw new Error(`split test shows visits ${visits.join(', ')}, conversions ${conversions.join(', ')}`);
      await page.waitForTimeout(500);
    }

    await optimizeNow.click();
    await page.getByText('Weights moved', { exact: true }).waitFor();
    await page.getByText(/Default path landers: Quiz 50 → 10, Story 50 → 90\./).first().waitFor();
    // The history: the auto-optimiser's change, and its why beneath it.
    await page.getByText('Auto-optimiser · default path: Quiz 50 → 10, Story 50 → 90').waitFor();
    await page.getByText(/^Auto-optimised over .* Default path landers by CR, floor 10 %: probability to be best Quiz \d+\.\d %, Story \d+\.\d %$/).waitFor();
    await expect(defaultPath.getByLabel('lander 1 weight').inputValue()).resolves.toBe('10');
    await expect(defaultPath.getByLabel('lander 2 weight').inputValue()).resolves.toBe('90');
    const after = await api<CampaignFlow>(page, 'GET', `${baseUrl}/api/campaigns/${campaignId}/flow`);
    expect(after.defaultPath.landers.map((l) => l.weight)).toEqual([10, 90]);
    await shot(page, 'campaign-flow-optimised', { fullPage: false });
    await page.getByText('Every change of this flow, newest first.').scrollIntoViewIfNeeded();
    await shot(page, 'campaign-flow-optimised-history', { fullPage: false });
  }, STEP_MS * 3);
});
