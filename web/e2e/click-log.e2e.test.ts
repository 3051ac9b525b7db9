// The Click Log in a real browser: the built web app served by
// `tracker all` on a fresh DATA_DIR with clicks, exits and postbacks sent through /r, /click and
// /postback, driven in Debian's Chromium: paging while clicks arrive (pages hold still, a 'new clicks'
// note offers the newest), short ids that tell clicks apart, the payout in the row, the table within
// 1440 px, the click id search, and Download CSV from the server with a visitor's formula neutralised.
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

/** The Click ID cells on screen (they show 8 characters, the title all). */
const clickIdCells = (page: Page) => table(page).locator('tbody tr td:nth-child(3) button[title]');

/** The full click ids of the rows on screen. */
async function shownClickIds(page: Page): Promise<string[]> {
  return Promise.all((await clickIdCells(page).all()).map(async (cell) => (await cell.getAttribute('title'))!));
}

/** Clicks a pager button and waits for that page's answer, so the rows read next are its own. */
async function goTo(page: Page, button: string): Promise<void> {
  const pager = page.getByRole('button', { name: button, exact: true });
  // The pager is off while a page is on its way: the answer waited for below is then the one this click asks for.
  await pager.click({ trial: true });
  await Promise.all([page.waitForResponse((res) => res.url().includes('/api/clicks?') && res.status() === 200), pager.click()]);
  await page.waitForTimeout(200);
}

/** The figure of one of the four cards above the table ('Total Clicks', 'Exit Clicks', 'Converted', 'Lander CTR'). */
async function cardFigure(page: Page, label: string): Promise<string> {
  return page.locator('[data-slot="card"]', { has: page.getByText(label, { exact: true }) }).locator('.text-2xl').innerText();
}

/** Waits (up to 15 s: a poll is every 10 s) for a card to show `figure`. */
async function waitForCard(page: Page, label: string, figure: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  let shown = await cardFigure(page, label);
  while (shown !== figure && Date.now() < deadline) {
    await page.waitForTimeout(200);
    shown = await cardFigure(page, label);
  }
  expect([label, shown]).toEqual([label, figure]);
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
  /** A click of the first batch with an approved $12.50 conversion. */
  let convertedId = '';
  let firstId = '';
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
    convertedId = ids[129]!;
    firstId = ids[0]!;
    for (const id of [ids[0], ids[129]]) {
      const res = await fetch(`${baseUrl}/postback?key=${key}&transaction_id=tx-${id}&click_id=${id}&payout=12.50`);
      expect(res.status).toBeLessThan(300);
    }
    await waitForClicks(130);
  }, STEP_MS);

  test('pages hold still while clicks arrive, and the newest are one button away', async () => {
    // The cards are the range's: asked for once a range (and polled), never again with each page.
    const asked: string[] = [];
    const onRequest = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/clicks')) asked.push(`${url.pathname}${url.pathname === '/api/clicks' ? ` summary=${url.searchParams.get('summary')}` : ''}`);
    };
    page.on('request', onRequest);
    await page.goto(`${baseUrl}/clicks`);
    await page.getByRole('heading', { level: 1, name: 'Click Log' }).waitFor();
    await waitForStatus(page, /Showing 1 to 100 of 130 results/);
    // 130 clicks, every fourth exited (33), two converted.
    await waitForCard(page, 'Total Clicks', '130');
    expect([await cardFigure(page, 'Exit Clicks'), await cardFigure(page, 'Converted'), await cardFigure(page, 'Lander CTR')]).toEqual(['33', '2', '25.38%']);
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
    // The page is in the URL with its snapshot: a reload shows the same clicks.
    await page.reload();
    await waitForStatus(page, /Showing 101 to 130 of 130 results/);
    expect(await shownClickIds(page)).toEqual(page3);
    await goTo(page, 'Previous page');
    expect(await shownClickIds(page)).toEqual(page2);

    await goTo(page, 'Show newest');
    await waitForStatus(page, /Showing 1 to 50 of 137 results/);
    expect(await page.getByText(/new clicks? since this page was read/).count()).toBe(0);
    await waitForCard(page, 'Total Clicks', '137');
    page.off('request', onRequest);
    // Eight pages asked (a reload among them), each without its cards; the cards a few times in all (each load, each poll).
    const pages = asked.filter((a) => a.startsWith('/api/clicks '));
    expect(pages.length).toBeGreaterThanOrEqual(8);
    expect(new Set(pages)).toEqual(new Set(['/api/clicks summary=false']));
    expect(asked.filter((a) => a === '/api/clicks/summary').length).toBeLessThan(pages.length);
  }, 90_000);

  test('at a glance: the short ids differ, the payout is in the row, the table fits 1440 px', async () => {
    const texts = await clickIdCells(page).allInnerTexts();
    expect(texts).toHaveLength(50);
    for (const text of texts) expect(text).toMatch(/^…[0-9a-f]{8}$/);
    // UUIDv7 ids of one burst share their head: the tail shown tells every click apart.
    expect(new Set(texts).size).toBe(50);

    // The newest of the first 130 clicks converted for $12.50: it is on page 1, under the 7 that came later.
    await waitForStatus(page, /Showing 1 to 50 of 137 results/);
    const payouts = table(page).getByTestId('click-payout');
    expect(await payouts.allInnerTexts()).toEqual(['$12.50']);

    // No horizontal scroll with the sidebar open and the default columns: not the table, not the page.
    const overflow = await page.evaluate(() => {
      const container = document.querySelector('[data-slot="table-container"]')!;
      return { table: container.scrollWidth - container.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
    });
    expect(overflow.table).toBeLessThanOrEqual(0);
    expect(overflow.page).toBeLessThanOrEqual(0);
    expect(await page.getByTestId('sidebar-username').isVisible()).toBe(true);
    await shot(page, 'click-log-03-at-a-glance', { fullPage: false });
  }, STEP_MS);

  test('search by click id: the 8 characters shown, a fragment, the full id; bad text says why', async () => {
    const [target] = await shownClickIds(page);
    const box = page.getByLabel('Click ID', { exact: true });
    const tail = target!.slice(-8);
    await Promise.all([page.waitForResponse((res) => res.url().includes(`search=${tail}`) && res.status() === 200), box.fill(`…${tail}`)]);
    await waitForStatus(page, /Showing 1 to 1 of 1 results/);
    expect(await shownClickIds(page)).toEqual([target]);
    await shot(page, 'click-log-04-search', { fullPage: false });

    await box.fill(target!.toUpperCase());
    await waitForStatus(page, /Showing 1 to 1 of 1 results/);
    expect(await shownClickIds(page)).toEqual([target]);

    await box.fill('12ab');
    await waitForStatus(page, /Enter a click ID or at least 8 of its characters/);
    // Half-typed text leaves the last search on screen.
    expect(await shownClickIds(page)).toEqual([target]);

    await box.fill('ffffffffffffffff');
    await waitForStatus(page, /No click ID holding ffffffffffffffff/);

    // The converted click of the first batch, found by its id, shows its payout.
    await box.fill(convertedId);
    await waitForStatus(page, /Showing 1 to 1 of 1 results/);
    expect(await table(page).getByTestId('click-payout').allInnerTexts()).toEqual(['$12.50']);

    await page.getByRole('button', { name: 'Clear click ID search' }).click();
    await waitForStatus(page, /Showing 1 to 50 of 137 results/);
  }, STEP_MS);

  test('Download CSV saves the server’s file: every click once, the formula neutralised', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`click-log-${today}.csv`);
    const file = path.join(SHOTS_DIR, download.suggestedFilename());
    await download.saveAs(file);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toMatch(/^"Click ID","Campaign","Clicked At","Exited","Exit Time","Converted",.*,"User Agent","Payout"$/);
    expect(lines).toHaveLength(138);
    expect(new Set(lines.slice(1).map((line) => line.split('","')[0])).size).toBe(137);
    expect(lines.filter((line) => line.includes(`"'=cmd|'/c calc'!A1"`))).toHaveLength(1);
    expect(lines.filter((line) => line.includes(`"=cmd`))).toEqual([]);
    expect(lines.filter((line) => line.split('","')[5] === 'Yes')).toHaveLength(2);
    expect(lines.filter((line) => line.endsWith('"12.50"')).map((line) => line.split('","')[0]!.slice(1)).sort()).toEqual([convertedId, firstId].sort());
  }, STEP_MS);

  test('a range reaching before the raw clicks kept (RAW_RETENTION_DAYS, 400 by default) says so', async () => {
    const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${baseUrl}/clicks?start=${dayAgo(410)}&end=${dayAgo(300)}`);
    const note = page.getByTestId('click-log-retention');
    await note.waitFor({ timeout: 30_000 });
    expect(await note.innerText()).toBe(`Clicks before ${dayAgo(399)} are no longer kept (retention 400 days); reports still show their daily totals.`);
    await shot(page, 'click-log-05-retention', { fullPage: false });
    // The last 7 days are all kept: no note.
    await page.goto(`${baseUrl}/clicks`);
    await waitForStatus(page, /Showing 1 to \d+ of 137 results/);
    expect(await note.count()).toBe(0);
  }, STEP_MS);
});
