// The dashboard's report table in a real browser: the built web app
// served by `tracker all` on a fresh DATA_DIR with clicks and conversions sent through /r and /postback,
// driven in Debian's Chromium: sorting by header clicks, a dragged column width that survives a reload,
// and a Download CSV whose visitor-named row cannot run as a formula. Screenshots go to
// <tmpdir>/tracker-e2e-shots/. Skipped, saying so, when Chromium is not installed.
import fs from 'node:fs';
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

const HOSTILE = "=cmd|'/c calc'!A1";

// ---- traffic, as the ad platform and the network send it ----

/** One ad click through /r; returns the click id the lander receives. */
async function click(baseUrl: string, campaignId: string): Promise<string> {
  const res = await fetch(`${baseUrl}/r/${campaignId}?cid=1700&ad=88&cr=99&plc=tiktok&cname=${encodeURIComponent(HOSTILE)}`, { redirect: 'manual' });
  const clickId = new URL(res.headers.get('location')!).searchParams.get('clickId');
  if (!clickId) throw new Error(`no clickId in ${res.headers.get('location')}`);
  return clickId;
}

/** The campaign names down the report table, TOTALS excluded. */
async function shownNames(page: Page): Promise<string[]> {
  const cells = page.getByRole('table', { name: 'Report' }).locator('tbody tr td:first-child');
  return (await cells.allInnerTexts()).map((text) => text.trim());
}

async function waitForNames(page: Page, names: string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  let seen: string[] = [];
  while (Date.now() < deadline) {
    seen = await shownNames(page);
    if (JSON.stringify(seen) === JSON.stringify(names)) return;
    await page.waitForTimeout(100);
  }
  expect(seen).toEqual(names);
}

async function headerWidth(page: Page, name: string | RegExp): Promise<number> {
  const box = await page.getByRole('table', { name: 'Report' }).getByRole('columnheader', { name }).boundingBox();
  return Math.round(box!.width);
}

// ---- the flow ----

describeWithChromium('dashboard e2e')('the dashboard report table in Chromium', () => {
  let session: BrowserSession | undefined;
  let page: Page;
  let baseUrl = '';

  beforeAll(async () => {
    session = await openBrowserSession('tracker-e2e-dash-', { context: { acceptDownloads: true } });
    ({ page, baseUrl } = session);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await closeBrowserSession(session);
  }, 30_000);

  test('a media buyer signs in to a dashboard with tracked clicks and conversions', async () => {
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('sidebar-username').waitFor();

    const lander = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/landers`, { name: 'Quiz', url: 'https://lander.e2e.example/' });
    const offer = await api<{ id: number }>(page, 'POST', `${baseUrl}/api/offers`, { name: 'Keto', url: 'https://offer.e2e.example/' });
    const campaign = (name: string) =>
      api<{ id: string }>(page, 'POST', `${baseUrl}/api/campaigns`, { name, landerId: lander.id, offerId: offer.id });
    const { url: postbackUrl } = await api<{ url: string }>(page, 'GET', `${baseUrl}/api/postback-url`);
    const key = new URL(postbackUrl).searchParams.get('key')!;

    // Alpha: most visits, least revenue; beta: fewest visits, most revenue; the hostile one in between.
    const plan = [
      { name: 'alpha', visits: 6, payouts: ['5.00'] },
      { name: 'Beta', visits: 2, payouts: ['40.00'] },
      { name: HOSTILE, visits: 4, payouts: [] },
    ];
    let tx = 0;
    for (const step of plan) {
      const { id } = await campaign(step.name);
      const clicks = [];
      for (let i = 0; i < step.visits; i++) clicks.push(await click(baseUrl, id));
      for (const payout of step.payouts) {
        const res = await fetch(`${baseUrl}/postback?key=${key}&transaction_id=e2e-${++tx}&click_id=${clicks[0]}&payout=${payout}&status=approved`);
        expect(res.status).toBeLessThan(300);
      }
    }
    // The projector runs beside the api: wait until the report counts every visit and conversion.
    const today = new Date().toISOString().slice(0, 10);
    const deadline = Date.now() + 30_000;
    let totals = { clicks: 0, conversions: 0 };
    while (Date.now() < deadline) {
      ({ totals } = await api<{ totals: { clicks: number; conversions: number } }>(
        page,
        'GET',
        `${baseUrl}/api/reports?groupBy=campaign&startDate=${today}&endDate=${today}`,
      ));
      if (totals.clicks === 12 && totals.conversions === 2) break;
      await page.waitForTimeout(250);
    }
    expect(totals).toMatchObject({ clicks: 12, conversions: 2 });

    await page.goto(`${baseUrl}/`);
    await page.getByRole('table', { name: 'Report' }).getByText('TOTALS').waitFor();
  }, STEP_MS);

  test('sorts by revenue descending, then by the header the user clicks', async () => {
    await waitForNames(page, ['Beta', 'alpha', HOSTILE]);
    const table = page.getByRole('table', { name: 'Report' });
    expect(await table.getByRole('columnheader', { name: 'Revenue' }).getAttribute('aria-sort')).toBe('descending');

    await table.getByRole('columnheader', { name: 'Visits' }).getByRole('button').click();
    await waitForNames(page, ['alpha', HOSTILE, 'Beta']);
    expect(await table.getByRole('columnheader', { name: 'Visits' }).getAttribute('aria-sort')).toBe('descending');
    await table.getByRole('columnheader', { name: 'Visits' }).getByRole('button').click();
    await waitForNames(page, ['Beta', HOSTILE, 'alpha']);
    expect(await table.getByRole('columnheader', { name: 'Visits' }).getAttribute('aria-sort')).toBe('ascending');

    await table.getByRole('columnheader', { name: 'Campaign' }).getByRole('button').click();
    await table.getByRole('columnheader', { name: 'Campaign' }).getByRole('button').click();
    // Names A to Z, case-insensitively; '=' sorts before letters.
    await waitForNames(page, [HOSTILE, 'alpha', 'Beta']);
    await shot(page, 'dashboard-01-sorted');
  }, STEP_MS);

  test('a dragged column width is saved and comes back after a reload', async () => {
    const before = await headerWidth(page, 'Campaign');
    const table = page.getByRole('table', { name: 'Report' });
    await table.getByRole('columnheader', { name: 'Campaign' }).hover();
    const handle = page.getByRole('separator', { name: 'Resize Campaign' });
    const box = (await handle.boundingBox())!;
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/preferences') && r.request().method() === 'POST');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    const response = await saved;
    expect(response.status()).toBe(200);
    const widths = ((await response.json()) as { columnWidths: Record<string, number> }).columnWidths;
    expect(widths.name).toBeGreaterThanOrEqual(before + 90);
    expect(await headerWidth(page, 'Campaign')).toBe(widths.name);

    await page.reload();
    await page.getByRole('table', { name: 'Report' }).getByText('TOTALS').waitFor();
    expect(await headerWidth(page, 'Campaign')).toBe(widths.name);
    await shot(page, 'dashboard-02-resized');

    // Reset to Default brings the default width back, and it stays after a reload too.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('button', { name: 'Reset to Default' }).click();
    await page.getByRole('status').filter({ hasText: 'Preferences saved' }).first().waitFor();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('table', { name: 'Report' }).getByText('TOTALS').waitFor();
    expect(await headerWidth(page, 'Campaign')).toBe(before);
  }, STEP_MS);

  test("Download CSV neutralises a visitor's formula and keeps the table's order", async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^stats-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs.readFileSync((await file.path())!, 'utf8').split('\r\n');
    expect(lines[0]).toBe(
      '"Name","Visits","Conv","Revenue (USD)","Cost (USD)","Profit (USD)","ROI","ROAS","vCR","EPV (USD)","CPV (USD)","Link Clicks","Exit Clicks","Lander CTR","EPC (USD)","CPA (USD)"',
    );
    // The table's order, names A to Z: the sort lives in the URL, so the reloads kept it.
    expect(lines.slice(2, 4).map((line) => line.split(',')[0])).toEqual(['"alpha"', '"Beta"']);
    // No spend: ROI, ROAS, CPV and CPA are empty cells (the screen shows '—').
    expect(lines[1]).toBe(`"'${HOSTILE}","4","0","0.00","0.00","0.00","","","0.00","0.000","","4","0","0.00","0.000",""`);
    // The table's totals close the file.
    expect(lines.filter((line) => line.startsWith('"Total",'))).toHaveLength(1);
  }, STEP_MS);

  test('lander columns, EPV, EPC and CPA in a grouping other than campaigns; ROI and ROAS without spend read —', async () => {
    await api(page, 'POST', `${baseUrl}/api/user/preferences`, { visibleColumns: ['exitClicks', 'landerCtr', 'clicks', 'roi', 'roas', 'epv', 'epc', 'cpa'] });
    await page.reload();
    await page.getByRole('tab', { name: 'Sparks' }).click();
    const table = page.getByRole('table', { name: 'Report' });
    await table.getByText('No Spark').waitFor();
    const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
    expect(headers).toEqual(['Spark', 'Exit Clicks', 'Lander CTR', 'Visits', 'ROI', 'ROAS', 'EPV', 'EPC', 'CPA']);
    // 12 visits, none exited; $45.00 from 2 conversions; nothing spent, so no CPA (a last, empty filler cell is left out).
    const totals = (await table.locator('tr', { hasText: 'TOTALS' }).locator('td').allInnerTexts()).map((c) => c.trim()).slice(0, 9);
    expect(totals).toEqual(['TOTALS', '0', '0.00%', '12', '—', '—', '$3.750', '$0.000', '—']);
    const roiCard = page.getByText('ROI / ROAS').locator('xpath=ancestor::*[contains(@class, "rounded")][1]');
    expect(await roiCard.innerText()).toMatch(/—[\s\S]*ROAS: —/);
    await shot(page, 'dashboard-03-lander-columns-by-spark', { fullPage: false });
  }, STEP_MS);
});
