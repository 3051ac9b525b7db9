// The Click Log in a real browser (issue 21 item 11, issue 18 item 9): the built web app served by
// `tracker all` on a fresh DATA_DIR with clicks, exits and postbacks sent through /r, /click and
// /postback, driven in Debian's Chromium: paging while clicks arrive (pages hold still, a 'new clicks'
// note offers the newest), and Download CSV from the server with a visitor's formula neutralised.
// Screenshots go to <tmpdir>/tracker-e2e-shots/. Skipped, saying so, when Chromium is not installed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  api,
  type BrowserSession,
  closeBrowserSession,
  describeWithChromium,
  openBrowserSession,
  SHOTS_DIR,
  shot,
  STEP_MS,
  TIMEOUT_MS,
} from './support/tracker-e2e';

const HOSTILE = "=cmd|'/c calc'!A1";

// ---- traffic, as the ad platform and the network send it ----

/** One ad click through /r; returns the click id the lander receives. */
async function click(baseUrl: string, campaignId: string, campaignName = 'US Keto'): Promise<string> {
  const macros = new URLSearchParams({ cid: '1700', ad: '88', cr: '99', plc: 'TikTok', cname: campaignName, aname: 'Adults', crname: 'UGC 1' });
  const res = await fetch(`${baseUrl}/r/${campaignId}?${macros}`, { redirect: 'manual' });
  const clickId = new URL(res.headers.get('location')!).searchParams.get('clickId');
  if (!clickId) throw new Error(`no clickId in ${res.headers.get('location')}`);
  return clickId;
}

const table = (page: Page) => page.getByRole('table', { name: 'Click log' });

/** The full click ids of the rows on screen (the Click ID cell shows 8 characters, the title all). */
async function shownClickIds(page: Page): Promise<string[]> {
  const cells = table(page).locator('tbody tr td:nth-child(3) span[title]');
  return Promise.all((await cells.all()).map(async (cell) => (await cell.getAttribute('title'))!));
}

/** Clicks a pager button and waits for that page's answer, so the rows read next are its own. */
async function goTo(page: Page, button: string): Promise<void> {
  await Promise.all([
    page.waitForResponse((res) => res.url().includes('/api/clicks?') && res.status() === 200),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  await page.waitForTimeout(200);
}

async function waitForStatus(page: Page, text: RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout: 30_000 });
}

// ---- the flow ----

describeWithChromium('click log e2e')('the Click Log in Chromium', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';
  let campaignId = '';
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    session = await openBrowserSession('tracker-e2e-clicks-', { context: { acceptDownloads: true } });
    ({ page, baseUrl } = session);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
  }, 30_000);

  /** Waits until the Click Log's server counts this many clicks today (the projector runs beside it). */
  async function waitForClicks(count: number): Promise<void> {
    const deadline = Date.now() + 30_000;
    let total = 0;
    while (Date.now() < deadline) {
      ({ total } = await api<{ total: number }>(page, 'GET', `${baseUrl}/api/clicks?startDate=${today}&endDate=${today}&limit=1`));
      if (total === count) return;
      await page.waitForTimeout(200);
    }
    expect(total).toBe(count);
  }

  test('a media buyer signs in with 130 tracked clicks, exits and conversions', async () => {
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('sidebar-username').waitFor();

    const lander = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Quiz', url: 'https://lander.e2e.example/' });
    const offer = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/offers`, { name: 'Keto', url: 'https://offer.e2e.example/' });
    ({ id: campaignId } = await api<{ id: string }>(page, 'POST', `${baseUrl}/api/campaigns`, { name: 'Keto US', landerId: lander.id, offerId: offer.id }));
    const { url: postbackUrl } = await api<{ url: string }>(page, 'GET', `${baseUrl}/api/postback-url`);
    const key = new URL(postbackUrl).searchParams.get('key')!;

    const ids: string[] = [];
    for (let i = 0; i < 130; i++) ids.push(await click(baseUrl, campaignId, i === 0 ? HOSTILE : 'US Keto'));
    for (const id of ids.filter((_, i) => i % 4 === 0)) await fetch(`${baseUrl}/click?clickId=${id}`, { redirect: 'manual' });
    for (const id of [ids[0], ids[129]]) {
      const res = await fetch(`${baseUrl}/postback?key=${key}&transaction_id=tx-${id}&click_id=${id}&payout=12.50`);
      expect(res.status).toBeLessThan(300);
    }
    await waitForClicks(130);
  }, STEP_MS);

  test('pages hold still while clicks arrive, and the newest are one button away', async () => {
    await page.goto(`${baseUrl}/clicks`);
    await page.getByRole('heading', { level: 1, name: 'Click Log' }).waitFor();
    await waitForStatus(page, /Showing 1 to 100 of 130 results/);
    const rowsPerPage = page.getByRole('combobox', { name: 'Rows per page' });
    await rowsPerPage.click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await waitForStatus(page, /Showing 1 to 50 of 130 results/);
    await shot(page, 'click-log-01-page-1', { fullPage: false });

    await goTo(page, 'Next page');
    await waitForStatus(page, /Showing 51 to 100 of 130 results/);
    const page2 = await shownClickIds(page);
    expect(page2).toHaveLength(50);

    // Seven clicks arrive while the buyer reads page 2; the next poll (10 s) notices them.
    for (let i = 0; i < 7; i++) await click(baseUrl, campaignId);
    await waitForClicks(137);
    await waitForStatus(page, /7 new clicks since this page was read/);
    expect(await shownClickIds(page)).toEqual(page2);
    await waitForStatus(page, /Showing 51 to 100 of 130 results/);
    await shot(page, 'click-log-02-new-clicks', { fullPage: false });

    await goTo(page, 'Next page');
    await waitForStatus(page, /Showing 101 to 130 of 130 results/);
    const page3 = await shownClickIds(page);
    expect(page3).toHaveLength(30);
    expect(page3.filter((id) => page2.includes(id))).toEqual([]);
    await goTo(page, 'Previous page');
    expect(await shownClickIds(page)).toEqual(page2);

    await goTo(page, 'Show newest');
    await waitForStatus(page, /Showing 1 to 50 of 137 results/);
    expect(await page.getByText(/new clicks? since this page was read/).count()).toBe(0);
  }, 90_000);

  test('Download CSV saves the server’s file: every click once, the formula neutralised', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`click-log-${today}.csv`);
    const file = path.join(SHOTS_DIR, download.suggestedFilename());
    await download.saveAs(file);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toMatch(/^"Click ID","Campaign","Clicked At","Exited","Exit Time","Converted",/);
    expect(lines).toHaveLength(138);
    expect(new Set(lines.slice(1).map((line) => line.split('","')[0])).size).toBe(137);
    expect(lines.filter((line) => line.includes(`"'=cmd|'/c calc'!A1"`))).toHaveLength(1);
    expect(lines.filter((line) => line.includes(`"=cmd`))).toEqual([]);
    expect(lines.filter((line) => line.split('","')[5] === 'Yes')).toHaveLength(2);
  }, STEP_MS);
});
