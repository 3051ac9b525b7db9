// Drill-down on the dashboard in a real browser: a media buyer picks 'Then by'
// Offer and Placement, opens a campaign and then one of its offers, sees the children indented under
// their parent (whose figures are their totals), and downloads a CSV with a name column per level;
// then drills Ad Name → Placement → OS and filters by OS from the values the range has.
// Screenshots go to <tmpdir>/tracker-e2e-shots/. Skipped, saying so, when Chromium is not installed.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ADMIN, api, type BrowserSession, closeBrowserSession, describeWithChromium, openBrowserSession, shot, STEP_MS, TIMEOUT_MS, waitForTodaysClicks } from './support/tracker-e2e';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.1.0';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** A click through the tracking link; `extra` adds macros (crname: the ad name). */
async function click(baseUrl: string, campaignId: string, placement: string, extra = '', userAgent?: string): Promise<string> {
  const res = await fetch(`${baseUrl}/r/${campaignId}?cid=1700&ad=88&cr=99&plc=${placement}&aname=Ad%201${extra}`, {
    redirect: 'manual',
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  const clickId = new URL(res.headers.get('location')!).searchParams.get('clickId');
  if (!clickId) throw new Error(`no clickId in ${res.headers.get('location')}`);
  return clickId;
}

/** The name cells down the report table, with their indentation in pixels. */
async function shownRows(page: Page): Promise<Array<[string, number]>> {
  const cells = page.getByRole('table', { name: 'Report' }).locator('tbody tr td:first-child > span');
  return cells.evaluateAll((spans) => spans.map((s) => [(s as HTMLElement).innerText.trim(), Number.parseFloat(getComputedStyle(s).paddingLeft)] as [string, number]));
}

async function waitForRows(page: Page, expected: Array<[string, number]>): Promise<void> {
  const deadline = Date.now() + 10_000;
  let seen: Array<[string, number]> = [];
  while (Date.now() < deadline) {
    seen = await shownRows(page);
    if (JSON.stringify(seen) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  expect(seen).toEqual(expected);
}

describeWithChromium('drill-down e2e')('the dashboard drill-down in Chromium', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';

  beforeAll(async () => {
    session = await openBrowserSession('tracker-e2e-drill-', { context: { acceptDownloads: true } });
    ({ page, baseUrl } = session);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
  }, 30_000);

  test('Then by Offer and Placement opens a campaign onto its offers and an offer onto its placements', async () => {
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('sidebar-username').waitFor();

    const lander = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Quiz', url: 'https://lander.e2e.example/' });
    const keto = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/offers`, { name: 'Keto', url: 'https://offer.e2e.example/' });
    const campaign = await api<{ id: string }>(page, 'POST', `${baseUrl}/api/campaigns`, { name: 'Summer', landerId: lander.id, offerId: keto.id });
    for (const plc of ['feed', 'feed', 'feed', 'pangle']) await click(baseUrl, campaign.id, plc);
    await waitForTodaysClicks(page, baseUrl, 4);

    await page.goto(`${baseUrl}/`);
    await page.getByRole('table', { name: 'Report' }).getByText('TOTALS').waitFor();
    await page.getByLabel('Then by', { exact: true }).click();
    await page.getByRole('option', { name: 'Offer', exact: true }).click();
    await page.getByLabel('And then by').click();
    await page.getByRole('option', { name: 'Placement', exact: true }).click();

    await page.getByRole('button', { name: 'Expand Summer' }).click();
    await waitForRows(page, [['Summer', 0], ['Keto', 20]]);
    await page.getByRole('button', { name: 'Expand Keto' }).click();
    await waitForRows(page, [['Summer', 0], ['Keto', 20], ['feed', 40], ['pangle', 40]]);
    // The opened row is its children's totals: 3 + 1 visits under Keto's 4.
    const visits = await page.getByRole('table', { name: 'Report' }).locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(visits).toEqual(['4', '4', '3', '1']);
    await shot(page, 'drill-down-open');
    // The opened rows are in the URL: a reload opens them again.
    await page.reload();
    await waitForRows(page, [['Summer', 0], ['Keto', 20], ['feed', 40], ['pangle', 40]]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const lines = fs.readFileSync((await (await download).path())!, 'utf8').split('\r\n');
    expect(lines[0]).toMatch(/^"Campaign","Offer","Placement","Visits",/);
    expect(lines.slice(1, 5).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      '"Summer","","","4"',
      '"Summer","Keto","","4"',
      '"Summer","Keto","feed","3"',
      '"Summer","Keto","pangle","1"',
    ]);

    await page.getByRole('button', { name: 'Collapse Summer' }).click();
    await waitForRows(page, [['Summer', 0]]);
  }, STEP_MS);

  test('an ad name opens onto its placements and a placement onto its OSs, and the OS filter narrows every level', async () => {
    const lander = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Story', url: 'https://lander.e2e.example/story' });
    const campaign = await api<{ id: string }>(page, 'POST', `${baseUrl}/api/campaigns`, { name: 'Winter', landerId: lander.id });
    for (const [plc, ua] of [['feed', IPHONE], ['feed', IPHONE], ['feed', WINDOWS], ['pangle', IPHONE]] as const) await click(baseUrl, campaign.id, plc, '&crname=Hook', ua);
    await waitForTodaysClicks(page, baseUrl, 8);

    // Ad Name → Placement → OS: a tracking variable under another one, twice.
    await page.goto(`${baseUrl}/?tab=campaign&var=creativeName`);
    await page.getByRole('table', { name: 'Report' }).getByText('TOTALS').waitFor();
    await page.getByLabel('Then by', { exact: true }).click();
    await page.getByRole('option', { name: 'Placement', exact: true }).click();
    await page.getByLabel('And then by').click();
    await page.getByRole('option', { name: 'OS', exact: true }).click();
    await page.getByRole('button', { name: 'Expand Hook' }).click();
    // Revenue ties at 0: rows read A to Z (the first test's clicks have no ad name: Unknown).
    await waitForRows(page, [['Hook', 0], ['feed', 20], ['pangle', 20], ['Unknown', 0]]);
    await page.getByRole('button', { name: 'Expand feed' }).click();
    await waitForRows(page, [['Hook', 0], ['feed', 20], ['iOS', 40], ['Windows', 40], ['pangle', 20], ['Unknown', 0]]);
    const visits = await page.getByRole('table', { name: 'Report' }).locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(visits).toEqual(['4', '3', '2', '1', '1', '4']);
    await shot(page, 'drill-down-variables');

    // The OS filter offers the range's OSs; picking iOS keeps only those clicks, in the URL too.
    await page.getByLabel('OS', { exact: true }).click();
    await expect(page.getByRole('option').allInnerTexts()).resolves.toEqual(expect.arrayContaining(['All OS', 'iOS', 'Windows', 'Unknown']));
    await page.getByRole('option', { name: 'iOS', exact: true }).click();
    await page.waitForURL(/[?&]os=iOS/);
    await waitForRows(page, [['Hook', 0], ['feed', 20], ['iOS', 40], ['pangle', 20]]);
    const filtered = await page.getByRole('table', { name: 'Report' }).locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(filtered).toEqual(['3', '2', '2', '1']);
    await shot(page, 'audience-filter');

    // The view survives a reload, filter, levels and opened rows included.
    await page.reload();
    await waitForRows(page, [['Hook', 0], ['feed', 20], ['iOS', 40], ['pangle', 20]]);
    await expect(page.getByLabel('OS', { exact: true }).innerText()).resolves.toBe('iOS');
  }, STEP_MS);
});
